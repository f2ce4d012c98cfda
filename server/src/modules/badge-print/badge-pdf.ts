import type { Writable } from 'node:stream';
import type { BadgePrintLayout } from '@portal/shared/badge-print/badge-print.schema';
import type { HeavyWorkPool } from '../../lib/heavy-work-pool';
import { writePdfOnPool, type PdfFonts } from '../../lib/pdf-stream';
import type { QrCodeDrawing } from '../../lib/qr-code';

const PDF_WORKER = new URL('./badge-pdf.worker.mjs', import.meta.url);

/** One badge's content, as the worker draws it (badge-pdf.worker.mjs's Face). */
export interface BadgeFace {
  name: string;
  pinyin: string;
  organization: string | null;
  kindLabel: string;
  photo: Uint8Array | null;
  qr: QrCodeDrawing | null;
}

/** What is the same on every badge of a PDF (the worker's Task without its port). */
export interface BadgeDocument {
  badge: { width: number; height: number };
  layout: BadgePrintLayout;
  style: { backgroundColor: string; textColor: string; fields: readonly string[]; background: Uint8Array | null; logo: Uint8Array | null };
  title: string;
}

/**
 * Draws the batches' badges into one PDF on the heavy-work pool and writes its bytes to `output` as they
 * come (lib/pdf-stream.ts: neither side holds more than a batch). Answers the number of badges drawn.
 */
export function writeBadgePdf(pool: HeavyWorkPool, fonts: PdfFonts, output: Writable, document: BadgeDocument, batches: AsyncIterable<BadgeFace[]>): Promise<number> {
  return writePdfOnPool(pool, PDF_WORKER, { ...document, fonts }, output, batches);
}
