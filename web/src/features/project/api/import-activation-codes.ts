import type { ImportMode, ImportRowProblem } from '@portal/shared/activation-code/activation-code.schema';
import { PORTAL_CLIENT_HEADER, PORTAL_CLIENT_VALUE, readBody, toRequestError, RequestError } from '../../../lib/request';

export const IMPORT_PATH = '/apis/files/imports/activation-codes';

export interface ImportReport {
  rows: number;
  good: number;
  bad: number;
  imported: number;
  issues: Array<{ row: number; value: string; problem: ImportRowProblem }>;
}

type ImportLine = { type: 'progress'; rows: number } | { type: 'result'; report: ImportReport } | { type: 'error'; code: string };

const CONTENT_TYPES = { xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', csv: 'text/csv' } as const;

/** The file's format by its name (the server reads the content type). */
export function importFormatOf(fileName: string): keyof typeof CONTENT_TYPES | undefined {
  const extension = fileName.toLowerCase().split('.').pop();
  return extension === 'xlsx' || extension === 'csv' ? extension : undefined;
}

/**
 * Sends the file as the request body and reads the server's NDJSON answer as it comes: `onProgress`
 * with the rows read so far, then the report. A refusal before reading (roles, batch name) is thrown.
 */
export async function importActivationCodes(file: File, options: { batch: string; mode: ImportMode }, onProgress: (rows: number) => void): Promise<ImportReport> {
  const format = importFormatOf(file.name);
  if (!format) throw new RequestError({ message: 'CDK_IMPORT_FILE_INVALID', status: 400, code: 'CDK_IMPORT_FILE_INVALID' });
  const query = new URLSearchParams({ batch: options.batch, mode: options.mode });
  const response = await fetch(`${IMPORT_PATH}?${query.toString()}`, {
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
      const line = JSON.parse(text) as ImportLine;
      if (line.type === 'progress') onProgress(line.rows);
      else if (line.type === 'result') return line.report;
      else throw new RequestError({ message: line.code, status: 400, code: line.code });
    }
  }
  throw new RequestError({ message: 'INTERNAL_ERROR', status: 500, code: 'INTERNAL_ERROR' });
}
