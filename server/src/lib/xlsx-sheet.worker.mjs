// @ts-check
/**
 * Builds one batch of an exported worksheet in a heavy-work pool thread: each cell's text (a time in
 * Beijing time, a label looked up, an ID number opened and masked), neutralised, escaped into the sheet's
 * XML, then deflated and checksummed. The main thread only reads the rows and writes the zip's headers
 * (xlsx-stream.ts), so the gates it also answers wait for no export's CPU.
 *
 * A task is one batch and holds nothing between batches: each batch's deflate ends with a sync flush
 * (byte-aligned, not final) and the next one starts a fresh deflate, so the batches' outputs joined are
 * one valid deflate stream; the last batch finishes it. The CRC-32 carries over in the task. So a
 * thread is never held for a whole export, and exports and imports interleave batch by batch.
 *
 * Plain JavaScript on purpose, like spreadsheet-rows.worker.mjs: a worker thread does not get the
 * TypeScript loader that runs the main thread under vitest. The task's shape is xlsx-stream.ts's
 * (SheetBatchTask).
 */
import { createDecipheriv } from 'node:crypto';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { lowerThreadPriority } from './thread-priority.mjs';

// A pool thread runs below the event loop, which answers the gates (heavy-work-pool.ts).
lowerThreadPriority();

/**
 * @typedef {'text' | 'time' | 'maskedIdNumber' | 'sealedIdNumber' | { labels: Record<string, string> }} ColumnKind
 * @typedef {string | number | Date | null | undefined} CellValue
 * @typedef {{ id: string; key: Uint8Array }} SealingKey
 * @typedef {{
 *   kinds: ColumnKind[];
 *   head?: { headers: string[]; widths: number[] };
 *   rows: CellValue[][];
 *   firstRow: number;
 *   last: boolean;
 *   crc: number;
 *   timeZone: string;
 *   keys?: SealingKey[];
 * }} Task
 */

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** What a spreadsheet program reads as the start of a formula (OWASP CSV Injection): `=`, `+`, `-`, `@`, tab, CR. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Characters XML 1.0 cannot hold at all (C0 controls but tab, LF, CR; lone surrogates; U+FFFE/F): dropped. */
// eslint-disable-next-line no-control-regex -- matching those control characters is its purpose
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const XML_SPECIAL = /[&<>"]/g;
/** @type {Record<string, string>} */
const XML_ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** @param {string} text */
export function xmlText(text) {
  return text.replace(XML_FORBIDDEN, '').replace(XML_SPECIAL, (char) => XML_ENTITIES[char] ?? char);
}

/**
 * The text as typed, unless it would start a formula once the cell is edited or the sheet saved as CSV:
 * then a leading `'` (OWASP), which keeps it readable. Every text, phone numbers and "-5" included
 * (docs/decisions/0612-exports-formula-neutralisation-a-lean-streaming-xlsx-writer.md).
 * @param {string} text
 */
function neutralised(text) {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A, B, …, Z, AA, …: the column part of a cell reference. @param {number} index */
function columnLetters(index) {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

/** The same rule as shared/src/application/id-number.ts maskIdNumber (a test holds them equal). @param {string} value */
function maskIdNumber(value) {
  if (value.length <= 4) return '*'.repeat(value.length);
  const keepStart = value.length >= 15 ? 6 : 2;
  const keepEnd = value.length >= 15 ? 4 : 2;
  return value.slice(0, keepStart) + '*'.repeat(value.length - keepStart - keepEnd) + value.slice(-keepEnd);
}

/**
 * Opens a stored ID number (`<key id>:<iv>:<ciphertext + tag>`, lib/personal-data-cipher.ts).
 * @param {string} stored @param {SealingKey[]} keys
 */
function opened(stored, keys) {
  const [id, iv, sealed] = stored.split(':');
  const key = keys.find((candidate) => candidate.id === id);
  if (!key || !iv || !sealed) throw new Error(`personal data sealed with an unknown key (${id ?? '?'})`);
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
}

/** @type {Map<string, Intl.DateTimeFormat>} */
const timeFormats = new Map();
/** @param {string} timeZone */
function timeFormat(timeZone) {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' });
    timeFormats.set(timeZone, format);
  }
  return format;
}

/** A zone's offsets are constant within a quarter of an hour: every transition falls on a whole or half hour. */
const OFFSET_SPAN_MS = 15 * 60 * 1000;
/** `<zone>|<quarter-hour>` → the zone's offset from UTC (ms) then; cleared when it grows past a large export's spread. */
const offsets = new Map();

/** The offset of `timeZone` from UTC at `ms`: one Intl call per quarter-hour met, not one per cell. @param {number} ms @param {string} timeZone */
function offsetAt(ms, timeZone) {
  const start = Math.floor(ms / OFFSET_SPAN_MS) * OFFSET_SPAN_MS;
  const key = `${timeZone}|${start}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    /** @type {Record<string, number>} */
    const part = {};
    for (const { type, value } of timeFormat(timeZone).formatToParts(start)) part[type] = Number(value);
    offset = Date.UTC(part.year ?? 0, (part.month ?? 1) - 1, part.day ?? 1, part.hour ?? 0, part.minute ?? 0, part.second ?? 0) - start;
    if (offsets.size >= 100_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** @param {number} value */
const two = (value) => (value < 10 ? `0${value}` : String(value));

/** "2025-04-10 09:00:00" in `timeZone`. @param {Date} time @param {string} timeZone */
function timeText(time, timeZone) {
  const local = new Date(time.getTime() + offsetAt(time.getTime(), timeZone));
  return (
    `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())} ` +
    `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}`
  );
}

/** @param {CellValue} value @param {ColumnKind} kind @param {Task} task */
function cellText(value, kind, task) {
  if (value === null || value === undefined || value === '') return '';
  if (kind === 'text') return String(value);
  if (kind === 'time') return timeText(value instanceof Date ? value : new Date(value), task.timeZone);
  if (kind === 'maskedIdNumber') return maskIdNumber(String(value));
  if (kind === 'sealedIdNumber') return maskIdNumber(opened(String(value), task.keys ?? []));
  return kind.labels[String(value)] ?? '';
}

/** @param {string[]} texts @param {string[]} letters @param {number} rowNumber @param {string} style */
function rowXml(texts, letters, rowNumber, style) {
  let xml = `<row r="${rowNumber}">`;
  for (let index = 0; index < texts.length; index++) {
    const text = texts[index];
    if (text) xml += `<c r="${letters[index]}${rowNumber}" t="inlineStr"${style}><is><t xml:space="preserve">${xmlText(neutralised(text))}</t></is></c>`;
  }
  return `${xml}</row>`;
}

/** @param {{ headers: string[]; widths: number[] }} head @param {string[]} letters */
function sheetHead(head, letters) {
  const widths = head.widths.map((width, index) => `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`).join('');
  return (
    `${XML_DECLARATION}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0">` +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${widths}</cols><sheetData>${rowXml(head.headers, letters, 1, ' s="1"')}`
  );
}

/**
 * One batch: its rows' XML (after the sheet's head on the first, before its tail on the last), deflated.
 * @param {Task} task
 * @returns {{ deflated: Uint8Array; crc: number; bytes: number }}
 */
export default function sheetBatch(task) {
  const letters = task.kinds.map((_kind, index) => columnLetters(index));
  const parts = task.head ? [sheetHead(task.head, letters)] : [];
  let rowNumber = task.firstRow;
  for (const row of task.rows) {
    const texts = task.kinds.map((kind, index) => cellText(row[index], kind, task));
    parts.push(rowXml(texts, letters, rowNumber, ''));
    rowNumber += 1;
  }
  if (task.last) parts.push('</sheetData></worksheet>');
  const xml = Buffer.from(parts.join(''), 'utf8');
  // Level 1: a sheet's XML repeats itself so much that it still shrinks ~12×, at a third of level 6's time.
  const deflated = deflateRawSync(xml, { level: 1, finishFlush: task.last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH });
  return { deflated, crc: crc32(xml, task.crc), bytes: xml.length };
}
