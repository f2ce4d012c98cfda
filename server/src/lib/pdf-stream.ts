import { once } from 'node:events';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { Writable } from 'node:stream';
import type { HeavyWorkPool } from './heavy-work-pool';

/**
 * The CJK font, from npm so that a fresh `npm install` prints Chinese: Noto Sans CJK SC (Noto Sans Hans,
 * SIL OFL 1.1; the unified ideographs, Extension A and Latin), 8 MB an OTF; pdfkit embeds only the glyphs
 * a PDF uses (docs/decisions/0530-printed-badges.md). Printed badges and invitation letters use it.
 */
const FONT_PACKAGE_DIR = new URL('../fonts/', pathToFileURL(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')));

export interface PdfFonts {
  regular: string;
  bold: string;
}

/** The regular and bold cuts' files. */
export function cjkFonts(): PdfFonts {
  return { regular: fileURLToPath(new URL('NotoSansHans-Regular.otf', FONT_PACKAGE_DIR)), bold: fileURLToPath(new URL('NotoSansHans-Bold.otf', FONT_PACKAGE_DIR)) };
}

type WorkerMessage = { chunk: Uint8Array } | { drawn: true } | { done: true; count: number };

/**
 * Draws a PDF on the heavy-work pool with `worker` (a `.mjs` built on `pdf-worker-kit.mjs`) and writes its
 * bytes to `output` as they come: the task (what is the same on every page, plus the fonts and a port) goes
 * first, then the batches of items, the next once the last one is drawn and `output` has room, so neither
 * side holds more than a batch. Answers the number of items drawn.
 */
export async function writePdfOnPool<TItem>(pool: HeavyWorkPool, worker: URL, task: object, output: Writable, batches: AsyncIterable<TItem[]>): Promise<number> {
  const { port1, port2 } = new MessageChannel();
  const abort = new AbortController();
  const run = pool.run<number>(worker, { ...task, port: port2 }, { transferList: [port2], signal: abort.signal });
  const received = new PortReader(port1, output);
  // A failed task ends the wait for its next message.
  const failed = run.then(
    () => new Promise<never>(() => undefined),
    (error: unknown) => Promise.reject(error instanceof Error ? error : new Error(String(error))),
  );
  try {
    for await (const items of batches) {
      if (items.length === 0) continue;
      // Copied, not transferred: a photo's bytes may share a pooled buffer.
      port1.postMessage({ items });
      await Promise.race([received.until('drawn'), failed]);
      if (output.writableNeedDrain) await Promise.race([once(output, 'drain'), failed]);
    }
    port1.postMessage({ end: true });
    const done = await Promise.race([received.until('done'), failed]);
    await run;
    output.end();
    return done.count;
  } catch (error) {
    abort.abort();
    throw error;
  } finally {
    port1.close();
  }
}

/** The worker's messages in order: bytes go to the output at once, the rest wait for whoever asks. */
class PortReader {
  private waiting: { kind: 'drawn' | 'done'; resolve: (message: { count: number }) => void } | undefined;

  constructor(port: MessagePort, output: Writable) {
    port.on('message', (message: WorkerMessage) => {
      if ('chunk' in message) output.write(Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength));
      else if (this.waiting && (('drawn' in message && this.waiting.kind === 'drawn') || ('done' in message && this.waiting.kind === 'done'))) {
        const { resolve } = this.waiting;
        this.waiting = undefined;
        resolve({ count: 'count' in message ? message.count : 0 });
      }
    });
  }

  until(kind: 'drawn' | 'done') {
    return new Promise<{ count: number }>((resolve) => {
      this.waiting = { kind, resolve };
    });
  }
}
