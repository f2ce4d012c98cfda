import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { SHOW_TIME_ZONE } from '@portal/shared/dates';

const shanghaiTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: SHOW_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** "2025-04-10 09:00:00", Beijing time, whatever the server's zone. */
export function formatShanghaiTime(instant: Date): string {
  return shanghaiTime.format(instant);
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** RFC 6266 / RFC 5987: an ASCII fallback and the UTF-8 name. */
export function contentDisposition(names: { ascii: string; localised: string }) {
  const encoded = encodeURIComponent(names.localised).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${names.ascii}"; filename*=UTF-8''${encoded}`;
}

/** Waits while the reader is behind, so that at most about one batch is buffered. */
export async function drained(output: Writable) {
  if (!output.writableNeedDrain || output.destroyed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      output.off('drain', done);
      output.off('close', done);
      resolve();
    };
    output.on('drain', done);
    output.on('close', done);
  });
  if (output.destroyed) throw new Error('export aborted: the client went away');
}

export interface SheetColumn<TKey extends string> {
  key: TKey;
  header: string;
  width: number;
}

/**
 * Writes one worksheet of rows from batches with exceljs's streaming writer, waiting for the reader,
 * and resolves with the number of rows. `beforeClose(rows)` runs before the file is complete (the audit
 * row): if it fails the download fails, so no complete export leaves without its audit row.
 */
export async function writeSheet<TKey extends string>(
  output: Writable,
  sheetName: string,
  columns: ReadonlyArray<SheetColumn<TKey>>,
  batches: AsyncIterable<ReadonlyArray<Record<TKey, string>>>,
  beforeClose: (rows: number) => Promise<void>,
): Promise<number> {
  const { sheet, close } = openStreamedSheet(output, sheetName, columns);
  let count = 0;
  for await (const batch of batches) {
    if (output.destroyed) throw new Error('export aborted: the client went away');
    for (const row of batch) {
      sheet.addRow(row).commit();
      count += 1;
    }
    await drained(output);
  }
  await beforeClose(count);
  await close();
  return count;
}

/**
 * A one-sheet workbook written by exceljs's streaming writer (rows are committed one by one, never held):
 * the header row in bold and frozen. `close()` completes the file. For exports that write more than rows
 * (the badge zip puts the sheet beside the photos); `writeSheet` covers the plain case.
 */
export function openStreamedSheet(output: Writable, name: string, columns: ReadonlyArray<{ key: string; header: string; width: number }>) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ key: column.key, header: column.header, width: column.width }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  return {
    sheet,
    async close() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

/**
 * Sends a streamed workbook: the headers at once, the rows as `write` produces them. A client that goes
 * away ends the export at the next batch; a failure after the headers can only break the download.
 */
export function sendXlsx(request: FastifyRequest, reply: FastifyReply, names: { ascii: string; localised: string }, write: (output: Writable) => Promise<unknown>, totalRows?: number) {
  const output = new PassThrough();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) output.destroy();
  });
  write(output).catch((error: unknown) => {
    request.log.error({ err: error }, 'export failed');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  // The size of a streamed file is unknown until it ends; the row count lets the browser show progress.
  if (totalRows !== undefined) reply.header('x-total-count', String(totalRows));
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', contentDisposition(names))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(output);
}
