import { once } from 'node:events';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { Writable } from 'node:stream';
import type { BadgePrintLayout } from '@portal/shared/badge-print/badge-print.schema';
import type { HeavyWorkPool } from '../../lib/heavy-work-pool';
import type { QrCodeDrawing } from '../../lib/qr-code';

const PDF_WORKER = new URL('./badge-pdf.worker.mjs', import.meta.url);
/**
 * The CJK font, from npm so that a fresh `npm install` prints Chinese: Noto Sans CJK SC (Noto Sans Hans,
 * SIL OFL 1.1; the unified ideographs, Extension A and Latin), 8 MB an OTF; pdfkit embeds only the glyphs
 * a PDF uses (docs/decisions/0530-printed-badges.md).
 */
const FONT_PACKAGE_DIR = new URL('../fonts/', pathToFileURL(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')));

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

type WorkerMessage = { chunk: Uint8Array } | { drawn: true } | { done: true; badges: number };

/** The regular and bold cuts' files. */
export function badgeFonts() {
  return { regular: fileURLToPath(new URL('NotoSansHans-Regular.otf', FONT_PACKAGE_DIR)), bold: fileURLToPath(new URL('NotoSansHans-Bold.otf', FONT_PACKAGE_DIR)) };
}

/**
 * Draws the batches' badges into one PDF on the heavy-work pool and writes its bytes to `output` as they
 * come: the next batch goes to the worker once the last one is drawn and `output` has room, so neither
 * side holds more than a batch. Answers the number of badges drawn.
 */
export async function writeBadgePdf(pool: HeavyWorkPool, fonts: { regular: string; bold: string }, output: Writable, document: BadgeDocument, batches: AsyncIterable<BadgeFace[]>): Promise<number> {
  const { port1, port2 } = new MessageChannel();
  const abort = new AbortController();
  const task = pool.run<number>(PDF_WORKER, { ...document, fonts, port: port2 }, { transferList: [port2], signal: abort.signal });
  const received = new PortReader(port1, output);
  // A failed task ends the wait for its next message.
  const failed = task.then(
    () => new Promise<never>(() => undefined),
    (error: unknown) => Promise.reject(error instanceof Error ? error : new Error(String(error))),
  );
  try {
    for await (const faces of batches) {
      if (faces.length === 0) continue;
      // Copied, not transferred: a photo's bytes may share a pooled buffer.
      port1.postMessage({ faces });
      await Promise.race([received.until('drawn'), failed]);
      if (output.writableNeedDrain) await Promise.race([once(output, 'drain'), failed]);
    }
    port1.postMessage({ end: true });
    const done = await Promise.race([received.until('done'), failed]);
    await task;
    output.end();
    return done.badges;
  } catch (error) {
    abort.abort();
    throw error;
  } finally {
    port1.close();
  }
}

/** The worker's messages in order: bytes go to the output at once, the rest wait for whoever asks. */
class PortReader {
  private waiting: { kind: 'drawn' | 'done'; resolve: (message: WorkerMessage & { badges: number }) => void } | undefined;

  constructor(port: MessagePort, output: Writable) {
    port.on('message', (message: WorkerMessage) => {
      if ('chunk' in message) output.write(Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength));
      else if (this.waiting && (('drawn' in message && this.waiting.kind === 'drawn') || ('done' in message && this.waiting.kind === 'done'))) {
        const { resolve } = this.waiting;
        this.waiting = undefined;
        resolve({ ...message, badges: 'badges' in message ? message.badges : 0 });
      }
    });
  }

  until(kind: 'drawn' | 'done') {
    return new Promise<{ badges: number }>((resolve) => {
      this.waiting = { kind, resolve };
    });
  }
}
