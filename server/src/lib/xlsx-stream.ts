import { PassThrough, type Writable } from 'node:stream';
import archiver from 'archiver';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { SHOW_TIME_ZONE } from '@portal/shared/dates';
import { AppError } from './app-error';
import type { ExportSlots } from './export-slots';

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

/** What a spreadsheet program reads as the start of a formula (OWASP CSV Injection): `=`, `+`, `-`, `@`, tab, CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The text of an exported cell as the user typed it, unless it would start a formula once the cell is
 * edited or the sheet saved as CSV: then it gets a leading `'` (OWASP), which keeps it readable. Every
 * text, phone numbers and "-5" included: a cheap "looks like a number" exception is where bypasses live
 * (docs/decisions/0612-exports-formula-neutralisation-a-lean-streaming-xlsx-writer.md).
 */
export function neutralisedCellText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Characters XML 1.0 cannot hold at all (C0 controls but tab, LF, CR; lone surrogates; U+FFFE/F): dropped. */
// eslint-disable-next-line no-control-regex -- matching those control characters is its purpose
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const XML_SPECIAL = /[&<>"]/g;
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function xmlText(text: string): string {
  return text.replace(XML_FORBIDDEN, '').replace(XML_SPECIAL, (char) => XML_ENTITIES[char] ?? char);
}

/** A, B, …, Z, AA, …: the column part of a cell reference. */
function columnLetters(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** The parts around the one worksheet: fixed but for the sheet's name. */
function workbookParts(sheetName: string): Array<{ name: string; xml: string }> {
  return [
    {
      name: '[Content_Types].xml',
      xml:
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      xml: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      xml: `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews><sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      xml:
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    },
    {
      // Style 0 plain, style 1 bold (the header row).
      name: 'xl/styles.xml',
      xml:
        `<styleSheet xmlns="${MAIN_NS}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>` +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
    },
  ];
}

export interface SheetColumn<TKey extends string> {
  key: TKey;
  header: string;
  width: number;
}

/**
 * A one-sheet workbook streamed to `output`: the header row in bold and frozen, then every row as it is
 * added. Each text cell is an inline string (no shared-string table to hold) and neutralised
 * (`neutralisedCellText`); the sheet's XML is built as plain strings and deflated by archiver through
 * zlib's streaming deflate, which runs in libuv's threadpool, not on the event loop (docs/decisions/0612-exports-formula-neutralisation-a-lean-streaming-xlsx-writer.md). `close()` completes the file. For exports that write more than rows (the badge zip puts the sheet
 * beside the photos); `writeSheet` covers the plain case. Call `drained()` after each batch of rows.
 */
export function openStreamedSheet<TKey extends string>(output: Writable, name: string, columns: ReadonlyArray<SheetColumn<TKey>>) {
  const archive = archiver('zip', { zlib: { level: 6 } });
  const sheet = new PassThrough();
  const failed = new Promise<never>((_resolve, reject) => archive.once('error', reject));
  failed.catch(() => undefined);
  archive.pipe(output);
  // A client that goes away: the archive stops reading, so the sheet is destroyed to end the wait for it.
  output.once('close', () => {
    if (!output.writableFinished) sheet.destroy();
  });
  for (const part of workbookParts(name)) archive.append(XML_DECLARATION + part.xml, { name: part.name });
  archive.append(sheet, { name: 'xl/worksheets/sheet1.xml' });

  const letters = columns.map((_column, index) => columnLetters(index));
  const cells = (values: ReadonlyArray<string>, rowNumber: number, style: string) =>
    values.map((value, index) => (value === '' ? '' : `<c r="${letters[index]}${rowNumber}" t="inlineStr"${style}><is><t xml:space="preserve">${xmlText(neutralisedCellText(value))}</t></is></c>`)).join('');
  const widths = columns.map((column, index) => `<col min="${index + 1}" max="${index + 1}" width="${column.width}" customWidth="1"/>`).join('');
  sheet.write(
    `${XML_DECLARATION}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0">` +
      '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
      `<sheetFormatPr defaultRowHeight="15"/><cols>${widths}</cols><sheetData><row r="1">${cells(
        columns.map((column) => column.header),
        1,
        ' s="1"',
      )}</row>`,
  );
  let rowNumber = 1;
  // A batch's rows go to the deflate stream as one write: a write per row cost a threadpool round trip each.
  let pending: string[] = [];
  const flush = () => {
    if (pending.length > 0) sheet.write(pending.join(''));
    pending = [];
  };
  return {
    /** Adds one row; it is written with the rest of its batch by `drained()` (or `close()`). */
    addRow(row: Readonly<Record<TKey, string>>) {
      rowNumber += 1;
      pending.push(`<row r="${rowNumber}">${cells(columns.map((column) => row[column.key]), rowNumber, '')}</row>`);
    },
    /** Writes the rows added since the last call and resolves once the reader has caught up (throws when the client went away). */
    async drained() {
      if (output.destroyed || sheet.destroyed) throw new Error('export aborted: the client went away');
      flush();
      await Promise.race([drained(sheet), failed]);
    },
    async close() {
      flush();
      sheet.end('</sheetData></worksheet>');
      await Promise.race([archive.finalize(), failed]);
    },
  };
}

/**
 * Writes one worksheet of rows from batches, waiting for the reader after each, and resolves with the
 * number of rows. `beforeClose(rows)` runs before the file is complete (the audit row): if it fails the
 * download fails, so no complete export leaves without its audit row.
 */
export async function writeSheet<TKey extends string>(
  output: Writable,
  sheetName: string,
  columns: ReadonlyArray<SheetColumn<TKey>>,
  batches: AsyncIterable<ReadonlyArray<Record<TKey, string>>>,
  beforeClose: (rows: number) => Promise<void>,
): Promise<number> {
  const sheet = openStreamedSheet(output, sheetName, columns);
  let count = 0;
  for await (const batch of batches) {
    if (output.destroyed) throw new Error('export aborted: the client went away');
    for (const row of batch) sheet.addRow(row);
    count += batch.length;
    await sheet.drained();
  }
  await beforeClose(count);
  await sheet.close();
  return count;
}

export interface ExportResponse {
  /** Whose export it is: at most `ExportSlots`' share of exports run at once for one user. */
  owner: string;
  names: { ascii: string; localised: string };
  contentType?: string;
  /** The size of a streamed file is unknown until it ends; the row count lets the browser show progress. */
  totalRows?: number;
}

/**
 * Sends a streamed export (an xlsx unless `contentType` says otherwise): the headers at once, the bytes
 * as `write` produces them. A user with as many exports running as `slots` allows is refused
 * (EXPORT_TOO_MANY_AT_ONCE) before anything is read. A client that goes away ends the export at the
 * next batch; a failure after the headers can only break the download.
 */
export function sendExport(request: FastifyRequest, reply: FastifyReply, slots: ExportSlots, response: ExportResponse, write: (output: Writable) => Promise<unknown>) {
  const release = slots.take(response.owner);
  if (!release) throw new AppError('EXPORT_TOO_MANY_AT_ONCE', { limit: slots.perOwner });
  const output = new PassThrough();
  output.once('close', release);
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) output.destroy();
  });
  // The writer ends `output` itself (archiver pipes into it).
  write(output).catch((error: unknown) => {
    request.log.error({ err: error }, 'export failed');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  if (response.totalRows !== undefined) reply.header('x-total-count', String(response.totalRows));
  return reply
    .header('content-type', response.contentType ?? XLSX_CONTENT_TYPE)
    .header('content-disposition', contentDisposition(response.names))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(output);
}
