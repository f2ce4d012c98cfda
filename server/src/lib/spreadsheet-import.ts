import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from './app-error';

/**
 * What the spreadsheet imports share (activation codes, imported tickets): the rows of an xlsx or csv
 * read as a stream, the per-row report, and the NDJSON route that answers progress lines then the
 * report (or an error line). Each import decides what a row means and what makes it bad.
 */

export const IMPORT_FORMATS = { xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', csv: 'text/csv' } as const;
export type ImportFormat = keyof typeof IMPORT_FORMATS;

/** The report lists this many bad rows; the count covers them all. */
const REPORTED_ROWS = 1_000;
/** How often an import reports its progress (rows read). */
export const IMPORT_PROGRESS_EVERY = 5_000;

export interface ImportRowIssue<TProblem extends string> {
  row: number;
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

/** The bad rows of one import: every one counted, the first REPORTED_ROWS kept for the report (in row order). */
export class ImportIssues<TProblem extends string> {
  private readonly kept: ImportRowIssue<TProblem>[] = [];
  count = 0;

  note(issue: ImportRowIssue<TProblem>) {
    this.count += 1;
    if (this.kept.length < REPORTED_ROWS) this.kept.push(issue);
  }

  sorted(): ImportRowIssue<TProblem>[] {
    return [...this.kept].sort((left, right) => left.row - right.row);
  }
}

/**
 * The cells (as text) of each row of the file's first worksheet (exceljs's streaming reader, never the
 * whole workbook) or of each line of a UTF-8 csv (a BOM, quotes, CRLF and `,` `;` or tab separators).
 * A file that cannot be read throws `invalidFile`.
 */
export function spreadsheetRows(stream: Readable, format: ImportFormat, invalidFile: ErrorCode): AsyncGenerator<{ row: number; cells: string[] }> {
  return format === 'xlsx' ? xlsxRows(stream, invalidFile) : csvRows(stream);
}

async function* xlsxRows(stream: Readable, invalidFile: ErrorCode): AsyncGenerator<{ row: number; cells: string[] }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit', entries: 'emit' });
  try {
    for await (const worksheet of reader) {
      for await (const read of worksheet) {
        const row = read as ExcelJS.Row;
        const cells: string[] = [];
        for (let column = 1; column <= Math.max(row.cellCount, 1); column += 1) cells.push(row.getCell(column).text ?? '');
        yield { row: row.number, cells };
      }
      return; // the first worksheet only
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(invalidFile);
  }
}

async function* csvRows(stream: Readable): AsyncGenerator<{ row: number; cells: string[] }> {
  let row = 0;
  for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
    row += 1;
    yield { row, cells: csvFields(row === 1 ? line.replace(/^\uFEFF/, '') : line) };
  }
}

/** One csv line's fields: `"…"` quotes a field (`""` inside is a quote); unquoted fields end at a separator. */
export function csvFields(line: string): string[] {
  const fields: string[] = [];
  let index = 0;
  for (;;) {
    let field = '';
    if (line[index] === '"') {
      index += 1;
      while (index < line.length) {
        if (line[index] === '"' && line[index + 1] === '"') {
          field += '"';
          index += 2;
        } else if (line[index] === '"') {
          index += 1;
          break;
        } else field += line[index++];
      }
      while (index < line.length && !/[,;\t]/.test(line.charAt(index))) index += 1;
    } else {
      while (index < line.length && !/[,;\t]/.test(line.charAt(index))) field += line[index++];
    }
    fields.push(field);
    if (index >= line.length) return fields;
    index += 1; // the separator
  }
}

/**
 * Registers `POST path`: the body is the xlsx or csv file itself (its content type says which), read as
 * it arrives (no parser buffers it). `authorise` runs before the body is read (roles, query string);
 * the answer is NDJSON: what `run` reports through `send`, or `{type: 'error', code}` last.
 */
export async function registerImportRoute<TOptions, TProblem extends string>(
  app: FastifyInstance,
  route: {
    path: string;
    invalidFile: ErrorCode;
    authorise: (request: FastifyRequest<{ Querystring: Record<string, string | undefined> }>) => Promise<TOptions>;
    run: (options: TOptions, file: { stream: Readable; format: ImportFormat }, request: FastifyRequest, send: (event: ImportEvent<TProblem>) => void) => Promise<unknown>;
  },
) {
  await app.register(async (scope) => {
    for (const type of Object.values(IMPORT_FORMATS)) scope.addContentTypeParser(type, (_request, payload, done) => done(null, payload));
    scope.post<{ Querystring: Record<string, string | undefined> }>(route.path, async (request, reply) => {
      const options = await route.authorise(request);
      const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim();
      const format = (Object.keys(IMPORT_FORMATS) as ImportFormat[]).find((key) => IMPORT_FORMATS[key] === contentType);
      if (!format) throw new AppError(route.invalidFile);
      // x-accel-buffering: a proxy (nginx) passes each progress line on as it is written.
      reply.raw.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'x-accel-buffering': 'no' });
      const send = (line: unknown) => reply.raw.write(`${JSON.stringify(line)}\n`);
      const body = request.body as Readable;
      try {
        await route.run(options, { stream: body, format }, request, send);
      } catch (error) {
        const code = error instanceof AppError ? error.code : 'INTERNAL_ERROR';
        if (!(error instanceof AppError)) request.log.error({ err: error, path: route.path }, 'import failed');
        send({ type: 'error', code });
      }
      // The xlsx reader stops after the first worksheet: the rest of the body is read and dropped, so the
      // connection is free for the next request.
      body.resume();
      reply.raw.end();
      return reply;
    });
  });
}
