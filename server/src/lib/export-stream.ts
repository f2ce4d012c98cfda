import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
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

/** Waits while the reader of a streamed export is behind, so that at most about one batch is buffered. */
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

/** RFC 6266 / RFC 5987: an ASCII fallback and the UTF-8 name. */
export function contentDisposition(names: { ascii: string; localised: string }) {
  const encoded = encodeURIComponent(names.localised).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${names.ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * A one-sheet workbook written by exceljs's streaming writer (rows are committed one by one, never held):
 * the header row in bold and frozen. `close()` completes the file.
 */
export function openStreamedSheet(output: Writable, name: string, columns: ReadonlyArray<{ key: string; header: string; width: number }>) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ ...column }));
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
