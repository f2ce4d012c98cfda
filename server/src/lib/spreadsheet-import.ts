import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isErrorCode, type ErrorCode } from '@portal/shared/errors/error-codes';
import {
  IMPORT_EXCERPT_CHARS,
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_LINE_CHARS,
  IMPORT_MAX_SHARED_STRING_CHARS,
  IMPORT_MAX_SHARED_STRINGS,
  IMPORT_MAX_UNPACKED_BYTES,
  IMPORT_MAX_ZIP_ENTRIES,
  type ImportCellProblem,
} from '@portal/shared/spreadsheet/spreadsheet-import';
import { AppError } from './app-error';
import type { HeavyWorkPool } from './heavy-work-pool';

/**
 * What the spreadsheet imports share (activation codes, imported tickets): the upload copied to a
 * size-capped temp file, its rows read in a heavy-work pool thread (spreadsheet-rows.worker.mjs) within
 * the limits of shared/src/spreadsheet, the per-row report, and the NDJSON route that answers progress
 * lines then the report (or an error line). Each import decides what a row means and what makes it bad.
 */

export const IMPORT_FORMATS = { xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', csv: 'text/csv' } as const;
export type ImportFormat = keyof typeof IMPORT_FORMATS;

/** The report lists this many bad rows; the count covers them all. */
const REPORTED_ROWS = 1_000;
/** How often an import reports its progress (rows read). */
export const IMPORT_PROGRESS_EVERY = 5_000;

const ROWS_WORKER = new URL('./spreadsheet-rows.worker.mjs', import.meta.url);

export interface ImportRowIssue<TProblem extends string> {
  row: number;
  /** The column's letters (A, B… AA). */
  column: string;
  /** A short excerpt of the cell, control characters escaped (see excerptOf). */
  value: string;
  problem: TProblem;
}

export interface ImportReport<TProblem extends string> {
  rows: number;
  good: number;
  bad: number;
  imported: number;
  issues: ImportRowIssue<TProblem>[];
}

export type ImportEvent<TProblem extends string> = { type: 'progress'; rows: number } | { type: 'result'; report: ImportReport<TProblem> };

/** One non-blank row: its cells as text (at most IMPORT_MAX_COLUMNS), or the first cell that is no text. */
export interface ImportedRow {
  row: number;
  cells: string[];
  refused?: { column: number; problem: ImportCellProblem };
}

/**
 * An upload being imported: its format and its rows. `columns` is how many the import reads (a cell that
 * is no text refuses its row there only); `dateColumns` (1-based) get a date cell as YYYY-MM-DD.
 */
export interface ImportFile {
  format: ImportFormat;
  rows(options: { columns: number; dateColumns?: number[] }): AsyncGenerator<ImportedRow>;
}

/** The bad rows of one import: every one counted, the first REPORTED_ROWS kept for the report (in row order). */
export class ImportIssues<TProblem extends string> {
  private readonly kept: ImportRowIssue<TProblem>[] = [];
  count = 0;

  /** `column` is 1-based; `value` is quoted as an excerpt, never whole. */
  note(issue: { row: number; column: number; value: string; problem: TProblem }) {
    this.count += 1;
    if (this.kept.length < REPORTED_ROWS) this.kept.push({ row: issue.row, column: columnLetters(issue.column), value: excerptOf(issue.value), problem: issue.problem });
  }

  sorted(): ImportRowIssue<TProblem>[] {
    return [...this.kept].sort((left, right) => left.row - right.row);
  }
}

/** A column's letters: 1 → A, 27 → AA. */
export function columnLetters(column: number): string {
  let letters = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

/** Control, bidirectional and line-separator characters, shown escaped in an excerpt. */
const INVISIBLE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x00, 0x1f],
  [0x7f, 0x9f],
  [0x200b, 0x200f],
  [0x2028, 0x202e],
  [0x2066, 0x2069],
  [0xfeff, 0xfeff],
];
const isInvisible = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return INVISIBLE_RANGES.some(([from, to]) => code >= from && code <= to);
};
const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** At most IMPORT_EXCERPT_CHARS characters of a cell (then an ellipsis), invisible characters escaped. */
export function excerptOf(text: string): string {
  let excerpt = '';
  for (const char of text) {
    const shown = isInvisible(char) ? (ESCAPES[char] ?? `\\u${char.codePointAt(0)?.toString(16).padStart(4, '0')}`) : char;
    if (excerpt.length + shown.length > IMPORT_EXCERPT_CHARS) return `${excerpt}…`;
    excerpt += shown;
  }
  return excerpt;
}

type RowsMessage = { type: 'rows'; rows: ImportedRow[] } | { type: 'end' } | { type: 'refused'; code: string; row?: number; column?: number | string };

/**
 * Reads imports off the event loop: each upload is copied to its own temp folder (at most
 * IMPORT_MAX_FILE_BYTES), read by a pool thread, and removed whatever happens; one import at a time
 * per user.
 */
export class SpreadsheetImports {
  private readonly running = new Set<string>();
  private readonly tempDir: string;

  constructor(
    private readonly pool: HeavyWorkPool,
    options: { tempDir?: string } = {},
  ) {
    this.tempDir = options.tempDir ?? tmpdir();
  }

  /** Takes `owner`'s one import slot, or refuses with IMPORT_BUSY; `release` frees it. */
  claim(owner: string): { release(): void } {
    if (this.running.has(owner)) throw new AppError('IMPORT_BUSY');
    this.running.add(owner);
    return { release: () => this.running.delete(owner) };
  }

  /** Copies `body` to a temp file, hands `use` the file to read, and removes the copy after (or on any failure). */
  async withUpload<T>(body: Readable, format: ImportFormat, invalidFile: ErrorCode, signal: AbortSignal, use: (file: ImportFile) => Promise<T>): Promise<T> {
    const folder = await mkdtemp(join(this.tempDir, 'portal-import-'));
    try {
      const path = join(folder, `upload.${format}`);
      await spool(body, path, signal);
      return await use({ format, rows: (options) => this.rowsOf(path, format, invalidFile, signal, options.columns, options.dateColumns ?? []) });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  private async *rowsOf(path: string, format: ImportFormat, invalidFile: ErrorCode, signal: AbortSignal, columns: number, dateColumns: number[]): AsyncGenerator<ImportedRow> {
    const { port1, port2 } = new MessageChannel();
    const messages = new MessageQueue<RowsMessage>(port1);
    const stop = new AbortController();
    const onAbort = () => stop.abort();
    signal.addEventListener('abort', onAbort);
    const limits = {
      maxUnpackedBytes: IMPORT_MAX_UNPACKED_BYTES,
      maxZipEntries: IMPORT_MAX_ZIP_ENTRIES,
      maxColumns: IMPORT_MAX_COLUMNS,
      maxCellChars: IMPORT_MAX_CELL_CHARS,
      maxLineChars: IMPORT_MAX_LINE_CHARS,
      maxSharedStrings: IMPORT_MAX_SHARED_STRINGS,
      maxSharedStringChars: IMPORT_MAX_SHARED_STRING_CHARS,
    };
    const task = this.pool.run<void>(ROWS_WORKER, { path, format, columns, dateColumns, limits, port: port2 }, { transferList: [port2], signal: stop.signal });
    // A thread that dies (or is stopped) ends the wait for its next message.
    const failed = task.then(() => new Promise<never>(() => undefined));
    let ended = false;
    try {
      for (;;) {
        const message = await Promise.race([messages.next(), failed]);
        if (message.type === 'end') {
          ended = true;
          return;
        }
        if (message.type === 'refused') {
          ended = true;
          const at = { ...(message.row === undefined ? {} : { row: message.row }), ...(message.column === undefined ? {} : { column: typeof message.column === 'number' ? columnLetters(message.column) : message.column }) };
          throw new AppError(message.code !== 'INVALID' && isErrorCode(message.code) ? message.code : invalidFile, at);
        }
        yield* message.rows;
        port1.postMessage('more');
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      if (!ended) stop.abort();
      await task.catch(() => undefined);
      port1.close();
    }
  }
}

/** Copies the upload to `path`, refusing past IMPORT_MAX_FILE_BYTES. The request is not destroyed: the route drains it. */
async function spool(body: Readable, path: string, signal: AbortSignal): Promise<void> {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(bytes > IMPORT_MAX_FILE_BYTES ? new AppError('IMPORT_FILE_TOO_LARGE') : null, chunk);
    },
  });
  const onBodyError = (error: Error) => counter.destroy(error);
  body.once('error', onBodyError);
  body.pipe(counter);
  try {
    await pipeline(counter, createWriteStream(path, { flags: 'wx', mode: 0o600 }), { signal });
  } finally {
    body.unpipe(counter);
    body.off('error', onBodyError);
  }
}

/** The messages of a port in order, one `next()` at a time. */
class MessageQueue<T> {
  private readonly buffered: T[] = [];
  private waiting: ((message: T) => void) | null = null;

  constructor(port: MessagePort) {
    port.on('message', (message: T) => {
      const resolve = this.waiting;
      this.waiting = null;
      if (resolve) resolve(message);
      else this.buffered.push(message);
    });
  }

  next(): Promise<T> {
    const message = this.buffered.shift();
    if (message !== undefined) return Promise.resolve(message);
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }
}

/**
 * Registers `POST path`: the body is the xlsx or csv file itself (its content type says which), read as
 * it arrives (no parser buffers it). `authorise` runs before the body is read (roles, query string) and
 * names the actor, who may run one import at a time; the answer is NDJSON: what `run` reports through
 * `send`, or `{type: 'error', code, row?, column?}` last.
 */
export async function registerImportRoute<TOptions extends { actorId: string }, TProblem extends string>(
  app: FastifyInstance,
  route: {
    path: string;
    invalidFile: ErrorCode;
    authorise: (request: FastifyRequest<{ Querystring: Record<string, string | undefined> }>) => Promise<TOptions>;
    run: (options: TOptions, file: ImportFile, request: FastifyRequest, send: (event: ImportEvent<TProblem>) => void) => Promise<unknown>;
  },
) {
  await app.register(async (scope) => {
    for (const type of Object.values(IMPORT_FORMATS)) scope.addContentTypeParser(type, (_request, payload, done) => done(null, payload));
    scope.post<{ Querystring: Record<string, string | undefined> }>(route.path, async (request, reply) => {
      const options = await route.authorise(request);
      const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim();
      const format = (Object.keys(IMPORT_FORMATS) as ImportFormat[]).find((key) => IMPORT_FORMATS[key] === contentType);
      if (!format) throw new AppError(route.invalidFile);
      const { spreadsheetImports } = app.services;
      const slot = spreadsheetImports.claim(options.actorId);
      const body = request.body as Readable;
      // The client going away stops the copy or the reading thread; the temp file goes either way.
      const gone = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      try {
        // x-accel-buffering: a proxy (nginx) passes each progress line on as it is written.
        reply.raw.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'x-accel-buffering': 'no' });
        const send = (line: unknown) => reply.raw.write(`${JSON.stringify(line)}\n`);
        try {
          await spreadsheetImports.withUpload(body, format, route.invalidFile, gone.signal, (file) => route.run(options, file, request, send));
        } catch (error) {
          if (gone.signal.aborted) return reply;
          const code = error instanceof AppError ? error.code : 'INTERNAL_ERROR';
          if (!(error instanceof AppError)) request.log.error({ err: error, path: route.path }, 'import failed');
          send({ type: 'error', code, ...(error instanceof AppError ? error.params : {}) });
        }
      } finally {
        slot.release();
      }
      // A refused upload may not have been read to its end: the rest is read and dropped, so the
      // connection is free for the next request.
      body.resume();
      reply.raw.end();
      return reply;
    });
  });
}
