// @ts-check
/**
 * Reads an uploaded spreadsheet (a size-capped copy on disk) in a heavy-work pool thread and hands its
 * rows to the main thread in batches, waiting for each batch to be taken (back-pressure): the main
 * thread answers the gates meanwhile. Started by spreadsheet-import.ts through heavy-work-pool.ts.
 *
 * Plain JavaScript on purpose, like face.worker.mjs: a worker thread does not get the TypeScript loader
 * that runs the main thread under vitest. The message shapes are spreadsheet-import.ts's
 * (SpreadsheetRowsTask, SpreadsheetRowsMessage); the limits come with each task.
 *
 * - xlsx: the zip is opened for random access (yauzl), so the shared strings are read before the sheet
 *   whatever the order of the parts; every inflated byte counts against one budget; XML is streamed
 *   through saxes (no DTD entities). A cell beyond the column limit is refused, never expanded.
 * - csv: UTF-8 (with or without a BOM), else GB18030 (a superset of GBK, what Excel writes on Chinese
 *   Windows) when it decodes cleanly, else refused; parsed by csv-parse with the line and field limits.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';
import { lowerThreadPriority } from './thread-priority.mjs';

// A pool thread runs below the event loop, which answers the gates (heavy-work-pool.ts).
lowerThreadPriority();

/** Rows per message to the main thread. */
const BATCH_ROWS = 500;
/** XML elements nested deeper than any workbook part: a crafted file. */
const MAX_XML_DEPTH = 64;
/** The characters of an XML run between two tags may be escaped (`&amp;` is 5 for 1). */
const ESCAPE_ALLOWANCE = 6;
/** Built-in number formats that are dates (ECMA-376 §18.8.30, with the East Asian ones). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 22, 27, 28, 29, 30, 31, 34, 35, 36, 50, 51, 52, 53, 54, 57, 58]);
const DAY_MS = 86_400_000;

/**
 * @typedef {{ maxUnpackedBytes: number; maxZipEntries: number; maxColumns: number; maxCellChars: number; maxLineChars: number; maxSharedStrings: number; maxSharedStringChars: number }} Limits
 * @typedef {{ row: number; cells: string[]; refused?: { column: number; problem: 'ERROR_CELL' | 'BOOLEAN_CELL' } }} Row
 * @typedef {{ path: string; format: 'xlsx' | 'csv'; columns: number; dateColumns: number[]; limits: Limits; port: import('node:worker_threads').MessagePort }} Task
 */

/** A limit or a malformed file: the main thread turns `code` into the import's error ('INVALID' is the import's own). */
class Refusal extends Error {
  /** @param {string} code @param {number} [row] @param {number | string} [column] a number, or the letters of one past the limit */
  constructor(code, row, column) {
    super(code);
    this.code = code;
    this.row = row;
    this.column = column;
  }
}

/** @param {Task} task */
export default async function readSpreadsheetRows(task) {
  const sender = new BatchSender(task.port);
  try {
    if (task.format === 'xlsx') await readXlsx(task, sender);
    else await readCsv(task, sender);
    await sender.flush();
    task.port.postMessage({ type: 'end' });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    task.port.postMessage({ type: 'refused', code: error.code, row: error.row, column: error.column });
  } finally {
    task.port.close();
  }
}

/** Collects rows and sends them in batches; `flush` waits until the main thread asks for more. */
class BatchSender {
  /** @param {import('node:worker_threads').MessagePort} port */
  constructor(port) {
    this.port = port;
    /** @type {Row[]} */
    this.rows = [];
    /** @type {(() => void) | null} */
    this.waiting = null;
    port.on('message', () => {
      const resume = this.waiting;
      this.waiting = null;
      resume?.();
    });
  }

  /** @param {Row} row */
  push(row) {
    this.rows.push(row);
  }

  get full() {
    return this.rows.length >= BATCH_ROWS;
  }

  async flush() {
    if (this.rows.length === 0) return;
    const rows = this.rows;
    this.rows = [];
    await new Promise((resolve) => {
      this.waiting = () => resolve(undefined);
      this.port.postMessage({ type: 'rows', rows });
    });
  }
}

/** @param {string[]} cells */
const isBlank = (cells) => cells.every((cell) => cell.trim() === '');

// ---------------------------------------------------------------------------------------------- csv

/** @param {Task} task @param {BatchSender} sender */
async function readCsv(task, sender) {
  const { limits } = task;
  const encoding = (await isUtf8File(task.path)) ? 'utf-8' : 'gb18030';
  const parser = parse({ delimiter: [',', ';', '\t'], bom: true, relax_column_count: true, relax_quotes: true, max_record_size: limits.maxLineChars });
  const source = Readable.from(decodedText(task.path, encoding, limits));
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  let row = 0;
  try {
    for await (const record of parser) {
      row += 1;
      const cells = /** @type {string[]} */ (record);
      const beyond = cells.findIndex((cell, index) => index >= limits.maxColumns && cell.trim() !== '');
      if (beyond >= 0) throw new Refusal('IMPORT_TOO_MANY_COLUMNS', row, beyond + 1);
      cells.length = Math.min(cells.length, limits.maxColumns);
      const long = cells.findIndex((cell) => cell.length > limits.maxCellChars);
      if (long >= 0) throw new Refusal('IMPORT_CELL_TOO_LONG', row, long + 1);
      if (isBlank(cells)) continue;
      sender.push({ row, cells });
      if (sender.full) await sender.flush();
    }
  } catch (error) {
    if (error instanceof Refusal) throw error;
    const code = /** @type {{ code?: unknown }} */ (error).code;
    if (code === 'CSV_MAX_RECORD_SIZE') throw new Refusal('IMPORT_LINE_TOO_LONG', row + 1);
    if (typeof code === 'string' && code.startsWith('CSV_')) throw new Refusal('INVALID', row + 1);
    throw error;
  } finally {
    source.destroy();
  }
}

/** Whether the whole file is valid UTF-8 (read once, decoded and dropped chunk by chunk). */
async function isUtf8File(/** @type {string} */ path) {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(path)) decoder.decode(/** @type {Buffer} */ (chunk), { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/**
 * The file's text, chunk by chunk, with each physical line bounded. GB18030 must decode cleanly: a
 * replacement character or a private-use one (bytes that are no GBK text) refuses the file, whose
 * encoding is then neither (Latin-1, UTF-16…).
 * @param {string} path @param {'utf-8' | 'gb18030'} encoding @param {Limits} limits
 */
async function* decodedText(path, encoding, limits) {
  const decoder = encoding === 'utf-8' ? new TextDecoder('utf-8') : iconv.getDecoder('gb18030');
  let lineLength = 0;
  let line = 1;
  /** @param {string} text */
  const checked = (text) => {
    if (encoding === 'gb18030' && /[\uFFFD\uE000-\uF8FF]/.test(text)) throw new Refusal('IMPORT_ENCODING_UNSUPPORTED');
    for (let start = 0; ; ) {
      const end = text.indexOf('\n', start);
      lineLength += (end < 0 ? text.length : end) - start;
      if (lineLength > limits.maxLineChars) throw new Refusal('IMPORT_LINE_TOO_LONG', line);
      if (end < 0) return text;
      lineLength = 0;
      line += 1;
      start = end + 1;
    }
  };
  for await (const chunk of createReadStream(path)) {
    const bytes = /** @type {Buffer} */ (chunk);
    yield checked(decoder instanceof TextDecoder ? decoder.decode(bytes, { stream: true }) : decoder.write(bytes));
  }
  yield checked((decoder instanceof TextDecoder ? decoder.decode() : decoder.end()) ?? '');
}

// --------------------------------------------------------------------------------------------- xlsx

/** @param {Task} task @param {BatchSender} sender */
async function readXlsx(task, sender) {
  const zip = await openZip(task.path);
  try {
    const parts = new ZipParts(zip, await zipEntries(zip, task.limits), task.limits);
    const relations = await parts.relations('xl/_rels/workbook.xml.rels');
    const workbook = await parts.workbook();
    const sheet = (workbook.firstSheet && relations.byId.get(workbook.firstSheet)) ?? 'xl/worksheets/sheet1.xml';
    const sharedStrings = await parts.sharedStrings(relations.byType.get('sharedStrings') ?? 'xl/sharedStrings.xml');
    const dateStyles = task.dateColumns.length ? await parts.dateStyles(relations.byType.get('styles') ?? 'xl/styles.xml') : new Set();
    await readSheet(parts, sheet, { sharedStrings, dateStyles, date1904: workbook.date1904, columns: task.columns, dateColumns: new Set(task.dateColumns) }, task.limits, sender);
  } finally {
    zip.close();
  }
}

/** @param {string} path @returns {Promise<import('yauzl').ZipFile>} */
function openZip(path) {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true, strictFileNames: false }, (error, zip) => {
      if (error || !zip) reject(new Refusal('INVALID'));
      else resolve(zip);
    });
  });
}

/** The zip's directory by entry name (at most maxZipEntries). @param {import('yauzl').ZipFile} zip @param {Limits} limits */
function zipEntries(zip, limits) {
  if (zip.entryCount > limits.maxZipEntries) return Promise.reject(new Refusal('IMPORT_UNPACKED_TOO_LARGE'));
  /** @type {Map<string, import('yauzl').Entry>} */
  const entries = new Map();
  return new Promise((resolve, reject) => {
    zip.on('entry', (/** @type {import('yauzl').Entry} */ entry) => {
      entries.set(entry.fileName.replace(/^\/+/, ''), entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(new Refusal('INVALID')));
    zip.readEntry();
  });
}

/** The workbook's parts, read as XML; every inflated byte counts against maxUnpackedBytes. */
class ZipParts {
  /** @param {import('yauzl').ZipFile} zip @param {Map<string, import('yauzl').Entry>} entries @param {Limits} limits */
  constructor(zip, entries, limits) {
    this.zip = zip;
    this.entries = entries;
    this.limits = limits;
    this.unpacked = 0;
  }

  has(/** @type {string} */ name) {
    return this.entries.has(name);
  }

  /**
   * Streams a part through saxes: `onTag(name, attributes)` and `onClose(name)` with local names,
   * `onText` with text and CDATA. After each inflated chunk, `between` runs (the sheet sends its rows
   * there, so the zip is read no faster than the main thread takes them); `place` says where a text too
   * long for saxes to hold was met (the sheet's row and column).
   * @param {string} name
   * @param {{ onTag?: (name: string, attributes: Record<string, string>) => void; onClose?: (name: string) => void; onText?: (text: string) => void; between?: () => Promise<void>; place?: () => [number, number] }} handlers
   */
  async readXml(name, handlers) {
    const entry = this.entries.get(name);
    if (!entry) throw new Refusal('INVALID');
    if (this.unpacked + entry.uncompressedSize > this.limits.maxUnpackedBytes) throw new Refusal('IMPORT_UNPACKED_TOO_LARGE');
    const stream = await new Promise((resolve, reject) => {
      this.zip.openReadStream(entry, (error, opened) => (error || !opened ? reject(new Refusal('INVALID')) : resolve(opened)));
    });
    const parser = new SaxesParser();
    let depth = 0;
    const localName = (/** @type {string} */ qualified) => qualified.slice(qualified.indexOf(':') + 1);
    parser.on('opentag', (tag) => {
      depth += 1;
      if (depth > MAX_XML_DEPTH) throw new Refusal('INVALID');
      handlers.onTag?.(localName(tag.name), /** @type {Record<string, string>} */ (tag.attributes));
    });
    parser.on('closetag', (tag) => {
      depth -= 1;
      handlers.onClose?.(localName(tag.name));
    });
    if (handlers.onText) {
      parser.on('text', handlers.onText);
      parser.on('cdata', handlers.onText);
    }
    const decoder = new TextDecoder('utf-8');
    // saxes keeps a text or a tag whole until it ends: no run between two `<` may outgrow a line.
    const maxRun = this.limits.maxLineChars * ESCAPE_ALLOWANCE;
    const tooLong = () => new Refusal('IMPORT_CELL_TOO_LONG', ...(handlers.place?.() ?? []));
    let run = 0;
    try {
      for await (const chunk of /** @type {AsyncIterable<Buffer>} */ (stream)) {
        this.unpacked += chunk.length;
        if (this.unpacked > this.limits.maxUnpackedBytes) throw new Refusal('IMPORT_UNPACKED_TOO_LARGE');
        const text = decoder.decode(chunk, { stream: true });
        let previous = text.indexOf('<');
        if (previous < 0) run += text.length;
        else {
          if (run + previous > maxRun) throw tooLong();
          for (let next = text.indexOf('<', previous + 1); next >= 0; previous = next, next = text.indexOf('<', previous + 1)) {
            if (next - previous > maxRun) {
              parseXml(parser, text.slice(0, previous));
              throw tooLong();
            }
          }
          run = text.length - previous;
        }
        if (run > maxRun) {
          // Where the run starts in this chunk, what comes before it (the cell's tag) is read first.
          if (previous >= 0) parseXml(parser, text.slice(0, previous));
          throw tooLong();
        }
        parseXml(parser, text);
        await handlers.between?.();
      }
      parseXml(parser, decoder.decode());
      parser.close();
    } catch (error) {
      // yauzl's own checks (a part longer than its zip entry says, a bad checksum) refuse the file too.
      throw error instanceof Refusal ? error : new Refusal('INVALID');
    } finally {
      stream.destroy();
    }
  }

  /** Relationship targets by id and by the type's last segment ('sharedStrings', 'styles'). */
  async relations(/** @type {string} */ name) {
    /** @type {Map<string, string>} */
    const byId = new Map();
    /** @type {Map<string, string>} */
    const byType = new Map();
    if (!this.has(name)) return { byId, byType };
    await this.readXml(name, {
      onTag: (tag, attributes) => {
        if (tag !== 'Relationship' || !attributes.Target) return;
        const target = attributes.Target.startsWith('/') ? attributes.Target.slice(1) : `xl/${attributes.Target}`;
        if (attributes.Id) byId.set(attributes.Id, target);
        const type = attributes.Type?.split('/').pop();
        if (type && !byType.has(type)) byType.set(type, target);
      },
    });
    return { byId, byType };
  }

  /** The first sheet's relationship id, and whether serial dates count from 1904. */
  async workbook() {
    /** @type {{ firstSheet: string | undefined; date1904: boolean }} */
    const workbook = { firstSheet: undefined, date1904: false };
    if (!this.has('xl/workbook.xml')) throw new Refusal('INVALID');
    await this.readXml('xl/workbook.xml', {
      onTag: (tag, attributes) => {
        if (tag === 'workbookPr') workbook.date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
        if (tag === 'sheet' && workbook.firstSheet === undefined) workbook.firstSheet = attributes['r:id'] ?? Object.entries(attributes).find(([key]) => key.endsWith(':id'))?.[1];
      },
    });
    return workbook;
  }

  /**
   * The shared-string table, bounded in count and characters; a string longer than a cell may be is
   * kept as null (refused where a cell uses it). Phonetic runs (rPh) are not the text.
   * @param {string} name @returns {Promise<(string | null)[]>}
   */
  async sharedStrings(name) {
    /** @type {(string | null)[]} */
    const strings = [];
    if (!this.has(name)) return strings;
    const { maxSharedStrings, maxSharedStringChars, maxCellChars } = this.limits;
    let characters = 0;
    /** @type {string | null} */
    let current = null;
    let inText = false;
    let inPhonetic = false;
    await this.readXml(name, {
      onTag: (tag) => {
        if (tag === 'si') {
          if (strings.length >= maxSharedStrings) throw new Refusal('IMPORT_TOO_MANY_SHARED_STRINGS');
          current = '';
        } else if (tag === 'rPh') inPhonetic = true;
        else if (tag === 't' && !inPhonetic) inText = true;
      },
      onText: (text) => {
        if (!inText || current === null) return;
        characters += text.length;
        if (characters > maxSharedStringChars) throw new Refusal('IMPORT_TOO_MANY_SHARED_STRINGS');
        current = current.length + text.length > maxCellChars ? null : current + text;
      },
      onClose: (tag) => {
        if (tag === 'si') {
          strings.push(current);
          current = null;
        } else if (tag === 'rPh') inPhonetic = false;
        else if (tag === 't') inText = false;
      },
    });
    return strings;
  }

  /** The cell styles (xf indexes) whose number format is a date. @param {string} name */
  async dateStyles(name) {
    /** @type {Set<number>} */
    const dates = new Set();
    if (!this.has(name)) return dates;
    /** @type {Set<number>} */
    const customDates = new Set();
    let inCellXfs = false;
    let xf = 0;
    await this.readXml(name, {
      onTag: (tag, attributes) => {
        if (tag === 'numFmt' && isDateFormatCode(attributes.formatCode ?? '')) customDates.add(Number(attributes.numFmtId));
        else if (tag === 'cellXfs') inCellXfs = true;
        else if (tag === 'xf' && inCellXfs) {
          const format = Number(attributes.numFmtId ?? 0);
          if (DATE_FORMAT_IDS.has(format) || customDates.has(format)) dates.add(xf);
          xf += 1;
        }
      },
      onClose: (tag) => {
        if (tag === 'cellXfs') inCellXfs = false;
      },
    });
    return dates;
  }
}

/** saxes reports a malformed document by throwing: the file is refused, not the server. @param {SaxesParser} parser @param {string} text */
function parseXml(parser, text) {
  try {
    parser.write(text);
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal('INVALID');
  }
}

/** A custom number format shows a date when, outside quoted text and [colour]/[locale] parts, it has a day or a year. */
function isDateFormatCode(/** @type {string} */ code) {
  return /[dy]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, ''));
}

/**
 * The first worksheet's rows. A cell's text: shared, inline or formula string; a number as its plain
 * text (an integer without exponent), a date (a date-styled number, or a `d` cell) in a date column as
 * YYYY-MM-DD. TRUE/FALSE and error cells refuse their row when in one of the import's `columns` (the
 * first ones; the import ignores the others).
 * @param {ZipParts} parts @param {string} name
 * @param {{ sharedStrings: (string | null)[]; dateStyles: Set<number>; date1904: boolean; columns: number; dateColumns: Set<number> }} book
 * @param {Limits} limits @param {BatchSender} sender
 */
async function readSheet(parts, name, book, limits, sender) {
  let rowNumber = 0;
  /** @type {string[]} */
  let cells = [];
  /** @type {Row['refused']} */
  let refused;
  let column = 0;
  let reference = '';
  let type = 'n';
  let style = 0;
  let value = '';
  let inValue = false;
  let inInline = false;
  let inPhonetic = false;

  const cellText = () => {
    switch (type) {
      case 's': {
        const shared = book.sharedStrings[Number(value)];
        if (value.trim() === '' || shared === undefined) throw new Refusal('INVALID', rowNumber, column);
        if (shared === null) throw new Refusal('IMPORT_CELL_TOO_LONG', rowNumber, column);
        return shared;
      }
      case 'inlineStr':
      case 'str':
        return value;
      case 'd':
        return book.dateColumns.has(column) ? value.slice(0, 10) : value;
      case 'b':
      case 'e':
        if (column <= book.columns) refused ??= { column, problem: type === 'b' ? 'BOOLEAN_CELL' : 'ERROR_CELL' };
        return value;
      default:
        return numberText(value.trim(), book.dateColumns.has(column) && book.dateStyles.has(style), book.date1904, rowNumber, column);
    }
  };

  await parts.readXml(name, {
    onTag: (tag, attributes) => {
      if (tag === 'row') {
        rowNumber = attributes.r ? Number(attributes.r) : rowNumber + 1;
        if (!Number.isSafeInteger(rowNumber) || rowNumber < 1) throw new Refusal('INVALID');
        cells = [];
        refused = undefined;
        column = 0;
      } else if (tag === 'c') {
        reference = attributes.r ?? '';
        column = reference ? columnOfReference(reference, limits.maxColumns) : column + 1;
        type = attributes.t ?? 'n';
        style = Number(attributes.s ?? 0);
        value = '';
      } else if (tag === 'v') inValue = true;
      else if (tag === 'is') inInline = true;
      else if (tag === 'rPh') inPhonetic = true;
      else if (tag === 't' && inInline && !inPhonetic) inValue = true;
    },
    onText: (text) => {
      if (!inValue) return;
      value += text;
      if (value.length > limits.maxCellChars) throw new Refusal('IMPORT_CELL_TOO_LONG', rowNumber, column);
    },
    onClose: (tag) => {
      if (tag === 'v' || tag === 't') inValue = false;
      else if (tag === 'is') inInline = false;
      else if (tag === 'rPh') inPhonetic = false;
      else if (tag === 'c') {
        // An empty cell (a style only) beyond the last column is no data: ignored, not expanded.
        if (value === '') return;
        if (column > limits.maxColumns) throw new Refusal('IMPORT_TOO_MANY_COLUMNS', rowNumber, reference.replace(/\d+$/, '').slice(0, 8) || undefined);
        const text = cellText();
        while (cells.length < column - 1) cells.push('');
        cells[column - 1] = text;
      } else if (tag === 'row' && (refused || !isBlank(cells))) {
        sender.push(refused ? { row: rowNumber, cells, refused } : { row: rowNumber, cells });
      }
    },
    between: async () => {
      if (sender.full) await sender.flush();
    },
    place: () => [rowNumber, column],
  });
}

/** The column (1-based) of a reference such as `C7`; anything past `limit` is `limit + 1`. */
function columnOfReference(/** @type {string} */ reference, /** @type {number} */ limit) {
  let column = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
    if (column > limit) return limit + 1;
  }
  if (column === 0) throw new Refusal('INVALID');
  return column;
}

/**
 * A number cell's text as typed: an integer in full (no exponent), other numbers as JavaScript writes
 * them; a date-styled number in a date column as YYYY-MM-DD.
 * @param {string} raw @param {boolean} asDate @param {boolean} date1904 @param {number} row @param {number} column
 */
function numberText(raw, asDate, date1904, row, column) {
  const number = Number(raw);
  if (raw === '' || !Number.isFinite(number)) throw new Refusal('INVALID', row, column);
  if (asDate) {
    const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
    const date = new Date(epoch + Math.floor(number) * DAY_MS);
    if (!Number.isNaN(date.getTime())) return date.toISOString().slice(0, 10);
  }
  return Number.isInteger(number) ? BigInt(number).toString() : String(number);
}
