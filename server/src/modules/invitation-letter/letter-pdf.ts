import type { Writable } from 'node:stream';
import type { HeavyWorkPool } from '../../lib/heavy-work-pool';
import { writePdfOnPool, type PdfFonts } from '../../lib/pdf-stream';
import type { QrCodeDrawing } from '../../lib/qr-code';

const PDF_WORKER = new URL('./letter-pdf.worker.mjs', import.meta.url);

/** One invitation letter as the worker draws it (letter-pdf.worker.mjs's Task without its port and fonts). */
export interface LetterDocument {
  title: string;
  letterhead: Uint8Array | null;
  signature: Uint8Array | null;
  /** The letter in each language, Chinese first: heading, addressee and the filled body. */
  parts: Array<{ title: string; to: string; body: string }>;
  reference: string;
  issuer: { name: string; title: string };
  verify: { qr: QrCodeDrawing; caption: string; url: string };
}

/** Draws the letter on A4 on the heavy-work pool (lib/pdf-stream.ts, the badges' CJK font) and streams it to `output`. */
export async function writeLetterPdf(pool: HeavyWorkPool, fonts: PdfFonts, output: Writable, document: LetterDocument): Promise<number> {
  return writePdfOnPool(pool, PDF_WORKER, { ...document, fonts }, output, (async function* () {
    yield [{ page: 1 }];
  })());
}
