import type { ErrorCode } from '@portal/shared/errors/error-codes';
import { PORTAL_CLIENT_HEADER, PORTAL_CLIENT_VALUE, readBody, toRequestError, RequestError } from './request';

/** What a spreadsheet import answers last (server/src/lib/spreadsheet-import.ts). */
export interface ImportReport<TProblem extends string> {
  rows: number;
  good: number;
  bad: number;
  imported: number;
  /** `column` is the letters (A, B…); `value` a short excerpt of the cell. */
  issues: Array<{ row: number; column: string; value: string; problem: TProblem }>;
}

/** Where in the file a refusal was found (a limit's error line may say). */
export interface ImportErrorPlace {
  row?: number;
  column?: string;
}

type ImportLine<TProblem extends string> = { type: 'progress'; rows: number } | { type: 'result'; report: ImportReport<TProblem> } | ({ type: 'error'; code: string } & ImportErrorPlace);

const CONTENT_TYPES = { xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', csv: 'text/csv' } as const;

/** The file's format by its name (the server reads the content type). */
export function importFormatOf(fileName: string): keyof typeof CONTENT_TYPES | undefined {
  const extension = fileName.toLowerCase().split('.').pop();
  return extension === 'xlsx' || extension === 'csv' ? extension : undefined;
}

/**
 * Sends the file as the request body of `POST path?query` and reads the server's NDJSON answer as it
 * comes: `onProgress` with the rows read so far, then the report. A refusal before reading (roles, a
 * bad query) is thrown, as is a file of another type (`invalidFile`) and a refused file (its error
 * line's place in the body: see importErrorPlace).
 */
export async function importSpreadsheet<TProblem extends string>(
  path: string,
  file: File,
  query: Record<string, string>,
  invalidFile: ErrorCode,
  onProgress: (rows: number) => void,
): Promise<ImportReport<TProblem>> {
  const format = importFormatOf(file.name);
  if (!format) throw new RequestError({ message: invalidFile, status: 400, code: invalidFile });
  const response = await fetch(`${path}?${new URLSearchParams(query).toString()}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': CONTENT_TYPES[format], [PORTAL_CLIENT_HEADER]: PORTAL_CLIENT_VALUE },
    body: file,
  });
  if (!response.ok || !response.body) throw toRequestError(response, await readBody(response));
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const text of lines.filter(Boolean)) {
      const line = JSON.parse(text) as ImportLine<TProblem>;
      if (line.type === 'progress') onProgress(line.rows);
      else if (line.type === 'result') return line.report;
      else throw new RequestError({ message: line.code, status: 400, code: line.code, body: { row: line.row, column: line.column } satisfies ImportErrorPlace });
    }
  }
  throw new RequestError({ message: 'INTERNAL_ERROR', status: 500, code: 'INTERNAL_ERROR' });
}

/** The row and column a refused file names, if any (the body of importSpreadsheet's error). */
export function importErrorPlace(error: unknown): ImportErrorPlace | undefined {
  if (!(error instanceof RequestError)) return undefined;
  const place = error.body as ImportErrorPlace | undefined;
  return place?.row === undefined ? undefined : place;
}
