import { PassThrough, type Writable } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { SHOW_TIME_ZONE } from '@portal/shared/dates';
import { AppError } from './app-error';
import type { ExportSlots } from './export-slots';
import { HeavyWorkPool } from './heavy-work-pool';
import { personalDataKeysForWorkers } from './personal-data-cipher';

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

const XML_SPECIAL = /[&<>"]/g;
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** The parts around the one worksheet: fixed but for the sheet's name. */
function workbookParts(sheetName: string): Array<{ name: string; xml: string }> {
  // The sheet's name is the only text here; the worker escapes the cells.
  const name = sheetName.replace(XML_SPECIAL, (char) => XML_ENTITIES[char] ?? char);
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
      xml: `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews><sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
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

/**
 * What a column's cells hold, turned into text in the worker: `text` as given; `time` a Date shown in
 * Beijing time; `maskedIdNumber` an ID number shown masked; `sealedIdNumber` an ID number as stored
 * (encrypted, lib/personal-data-cipher.ts), opened and masked there; `{ labels }` a code shown by its label.
 */
export type SheetColumnKind = 'text' | 'time' | 'maskedIdNumber' | 'sealedIdNumber' | { labels: Readonly<Record<string, string>> };
export type SheetCellValue = string | Date | null | undefined;

export interface SheetColumn<TKey extends string> {
  key: TKey;
  header: string;
  width: number;
  kind?: SheetColumnKind;
}

/** One batch for xlsx-sheet.worker.mjs (its Task). */
interface SheetBatchTask {
  kinds: SheetColumnKind[];
  head?: { headers: string[]; widths: number[] };
  rows: SheetCellValue[][];
  firstRow: number;
  last: boolean;
  crc: number;
  timeZone: string;
  keys?: ReadonlyArray<{ id: string; key: Buffer }>;
}
interface SheetBatchResult {
  deflated: Uint8Array;
  crc: number;
  bytes: number;
}

const SHEET_WORKER = new URL('./xlsx-sheet.worker.mjs', import.meta.url);
let configuredPool: HeavyWorkPool | undefined;
let ownPool: HeavyWorkPool | undefined;

/** The heavy-work pool that builds the sheets (services.ts gives it the process's pool). */
export function useSheetPool(pool: HeavyWorkPool) {
  configuredPool = pool;
}

function sheetPool(): HeavyWorkPool {
  if (configuredPool && !configuredPool.closed) return configuredPool;
  // A writer used without the portal's services (a unit test): a pool of its own, one thread.
  ownPool ??= new HeavyWorkPool({ threads: 1 });
  return ownPool;
}

/** MS-DOS date and time of a zip entry. */
function dosTime(instant: Date): { time: number; date: number } {
  return {
    time: (instant.getHours() << 11) | (instant.getMinutes() << 5) | Math.floor(instant.getSeconds() / 2),
    date: ((instant.getFullYear() - 1980) << 9) | ((instant.getMonth() + 1) << 5) | instant.getDate(),
  };
}

const UTF8_NAMES = 0x0800;
const DATA_DESCRIPTOR = 0x0008;
const DEFLATED = 8;

interface ZipEntry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/**
 * The zip container of an xlsx (APPNOTE 6.3: local headers, a data descriptor for the streamed sheet,
 * the central directory): headers only, on the main thread; the entries' bytes come deflated.
 */
class ZipWriter {
  private offset = 0;
  private readonly entries: ZipEntry[] = [];
  private readonly stamp = dosTime(new Date());

  constructor(private readonly output: Writable) {}

  write(bytes: Uint8Array) {
    if (bytes.length === 0) return;
    this.output.write(bytes);
    this.offset += bytes.length;
  }

  private localHeader(entry: ZipEntry) {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(entry.flags, 6);
    header.writeUInt16LE(DEFLATED, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    header.writeUInt32LE(entry.crc, 14);
    header.writeUInt32LE(entry.compressed, 18);
    header.writeUInt32LE(entry.size, 22);
    header.writeUInt16LE(entry.name.length, 26);
    this.write(Buffer.concat([header, entry.name]));
  }

  /** A small part, whole: deflated here (a few hundred bytes). */
  addWhole(name: string, text: string) {
    const bytes = Buffer.from(text, 'utf8');
    const deflated = deflateRawSync(bytes);
    const entry = { name: Buffer.from(name, 'utf8'), flags: UTF8_NAMES, crc: crc32(bytes), compressed: deflated.length, size: bytes.length, offset: this.offset };
    this.entries.push(entry);
    this.localHeader(entry);
    this.write(deflated);
  }

  /** A streamed part: its header now, its deflated bytes through `write`, its sizes in `endStreamed`. */
  startStreamed(name: string): ZipEntry {
    const entry = { name: Buffer.from(name, 'utf8'), flags: UTF8_NAMES | DATA_DESCRIPTOR, crc: 0, compressed: 0, size: 0, offset: this.offset };
    this.entries.push(entry);
    this.localHeader(entry);
    return entry;
  }

  endStreamed(entry: ZipEntry, figures: { crc: number; compressed: number; size: number }) {
    // Without ZIP64 an entry holds at most 4 GiB: far beyond any export's rows (≈ 600 bytes a row).
    if (figures.compressed > 0xffffffff || figures.size > 0xffffffff) throw new Error('export too large for a zip entry');
    Object.assign(entry, figures);
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    this.write(descriptor);
  }

  /** The central directory and its end record; then the output ends. */
  finish() {
    const start = this.offset;
    for (const entry of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(entry.flags, 8);
      header.writeUInt16LE(DEFLATED, 10);
      header.writeUInt16LE(this.stamp.time, 12);
      header.writeUInt16LE(this.stamp.date, 14);
      header.writeUInt32LE(entry.crc, 16);
      header.writeUInt32LE(entry.compressed, 20);
      header.writeUInt32LE(entry.size, 24);
      header.writeUInt16LE(entry.name.length, 28);
      header.writeUInt32LE(entry.offset, 42);
      this.write(Buffer.concat([header, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    this.output.end(end);
  }
}

/**
 * A one-sheet workbook streamed to `output`: the header row in bold and frozen, then every row as it is
 * added. The main thread only collects the rows' values and writes the zip's headers; each batch's cells
 * (the column's `kind`: times, labels, ID numbers opened and masked), the OWASP neutralisation, the XML,
 * the deflate and the CRC are built by xlsx-sheet.worker.mjs on the heavy-work pool, one task a batch,
 * while the caller reads the next batch (docs/decisions/0614-exports-built-in-the-heavy-work-pool.md). Each text cell is an
 * inline string (no shared-string table to hold). `close()` completes the file. For exports that write
 * more than rows (the badge zip puts the sheet beside the photos); `writeSheet` covers the plain case.
 * Call `drained()` after each batch of rows.
 */
export function openStreamedSheet<TKey extends string>(output: Writable, name: string, columns: ReadonlyArray<SheetColumn<TKey>>) {
  const zip = new ZipWriter(output);
  for (const part of workbookParts(name)) zip.addWhole(part.name, XML_DECLARATION + part.xml);
  const sheetEntry = zip.startStreamed('xl/worksheets/sheet1.xml');
  const kinds = columns.map((column) => column.kind ?? 'text');
  const keys = kinds.includes('sealedIdNumber') ? personalDataKeysForWorkers() : undefined;
  let head: SheetBatchTask['head'] = { headers: columns.map((column) => column.header), widths: columns.map((column) => column.width) };
  let crc = 0;
  let compressed = 0;
  let size = 0;
  let nextRow = 2;
  let pending: SheetCellValue[][] = [];
  // The batch the worker is building while the caller reads the next one.
  let building: Promise<SheetBatchResult> | undefined;

  const aborted = () => output.destroyed || output.writableEnded;
  /** Writes the batch being built, once it is. */
  const settle = async () => {
    if (!building) return;
    const result = await building;
    building = undefined;
    if (output.destroyed) throw new Error('export aborted: the client went away');
    zip.write(result.deflated);
    crc = result.crc;
    compressed += result.deflated.length;
    size += result.bytes;
  };
  /** Hands the collected rows to the worker (after the previous batch: the CRC carries over). */
  const send = async (last: boolean) => {
    await settle();
    const rows = pending;
    pending = [];
    const task: SheetBatchTask = { kinds, rows, firstRow: nextRow, last, crc, timeZone: SHOW_TIME_ZONE, ...(head ? { head } : {}), ...(keys ? { keys } : {}) };
    head = undefined;
    nextRow += rows.length;
    building = sheetPool().run<SheetBatchResult>(SHEET_WORKER, task);
    // A failure is seen by the next settle(); never an unhandled rejection meanwhile.
    building.catch(() => undefined);
  };

  return {
    /** Adds one row; it goes to the worker with the rest of its batch at `drained()` (or `close()`). */
    addRow(row: Readonly<Record<TKey, SheetCellValue>>) {
      pending.push(columns.map((column) => row[column.key]));
    },
    /**
     * Hands the rows added since the last call to the worker, writes the batch before them, and resolves
     * once the reader has caught up (throws when the client went away).
     */
    async drained() {
      if (aborted()) throw new Error('export aborted: the client went away');
      if (pending.length > 0) await send(false);
      await drained(output);
    },
    async close() {
      if (aborted()) throw new Error('export aborted: the client went away');
      await send(true);
      await settle();
      zip.endStreamed(sheetEntry, { crc, compressed, size });
      zip.finish();
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
  batches: AsyncIterable<ReadonlyArray<Readonly<Record<TKey, SheetCellValue>>>>,
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
 * A request with this header set to `1` is a check: everything an export checks (the viewer, the filter,
 * the user's free slots) runs and the answer is 204 or the refusal, without the file (web/src/lib/download.ts).
 */
export const EXPORT_CHECK_HEADER = 'x-export-check';

/**
 * Sends a streamed export (an xlsx unless `contentType` says otherwise): the headers at once, the bytes
 * as `write` produces them. A user with as many exports running as `slots` allows is refused
 * (EXPORT_TOO_MANY_AT_ONCE) before anything is read. A client that goes away ends the export at the
 * next batch; a failure after the headers can only break the download. A check (EXPORT_CHECK_HEADER)
 * answers 204 or the refusal and reads nothing.
 */
export function sendExport(request: FastifyRequest, reply: FastifyReply, slots: ExportSlots, response: ExportResponse, write: (output: Writable) => Promise<unknown>) {
  if (request.headers[EXPORT_CHECK_HEADER] === '1') {
    // The page asks first, so that a refusal shows in it rather than as a failed browser download.
    if (!slots.available(response.owner)) throw new AppError('EXPORT_TOO_MANY_AT_ONCE', { limit: slots.perOwner });
    return reply.code(204).header('cache-control', 'private, no-store').send();
  }
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
