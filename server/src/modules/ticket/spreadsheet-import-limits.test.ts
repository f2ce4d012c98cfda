import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { IMPORT_EXCERPT_CHARS, IMPORT_MAX_CELL_CHARS, IMPORT_MAX_COLUMNS, IMPORT_MAX_FILE_BYTES, IMPORT_MAX_SHARED_STRINGS, IMPORT_MAX_UNPACKED_BYTES } from '@portal/shared/spreadsheet/spreadsheet-import';
import { showDays, tickets } from '../../db/schema/index';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { signedInClient } from '../../test/submissions';
import { ACTIVATION_CODE_IMPORT_PATH } from '../project/activation-code-transfer.routes';
import { TICKET_IMPORT_PATH } from './ticket-import.routes';

// The spreadsheet imports against hostile files, over real HTTP: every limit refuses with its own code
// (and where it was), cells that are not text are refused per row, reports quote excerpts, GBK csv
// files import and other encodings are refused, and no upload is left in the temp folder on any path.

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DAYS = ['2030-05-01', '2030-05-02'];
/** Conditions awaited (a copy started, a temp folder gone): a machine shared by several builds can be slow. */
const WAIT = { timeout: 30_000, interval: 50 };

type Line = { type: string; code?: string; row?: number; column?: string; rows?: number; report?: { rows: number; good: number; bad: number; imported: number; issues: Array<{ row: number; column: string; value: string; problem: string }> } };

/** A zip written by hand: parts in the given order, each deflated, or with a declared size of our choosing. */
function zipOf(parts: Array<{ name: string; text: string; declaredSize?: number }>): Uint8Array<ArrayBuffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const raw = Buffer.from(part.text);
    const packed = deflateRawSync(raw);
    const name = Buffer.from(part.name);
    const size = part.declaredSize ?? raw.length;
    // The fields both headers share, from the compression method on (deflate; no time or date).
    const describe = (header: Buffer, at: number) => {
      header.writeUInt16LE(8, at);
      header.writeUInt32LE(crc32(raw), at + 6);
      header.writeUInt32LE(packed.length, at + 10);
      header.writeUInt32LE(size, at + 14);
      header.writeUInt16LE(name.length, at + 18);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    describe(local, 8);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    describe(central, 10);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

const xmlHeader = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A workbook of one sheet (its sheetData's rows as XML) and a shared-string table; the sheet's part first unless said. */
function workbookOf(rows: string, options: { sharedStrings?: string; sheetSize?: number; stringsFirst?: boolean } = {}) {
  const sheet = { name: 'xl/worksheets/sheet1.xml', text: `${xmlHeader}<worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`, declaredSize: options.sheetSize };
  const strings = { name: 'xl/sharedStrings.xml', text: `${xmlHeader}<sst xmlns="${MAIN}">${options.sharedStrings ?? ''}</sst>` };
  return zipOf([
    { name: '[Content_Types].xml', text: `${xmlHeader}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>` },
    { name: 'xl/workbook.xml', text: `${xmlHeader}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONS}"><sheets><sheet name="Tickets" sheetId="1" r:id="rId1"/></sheets></workbook>` },
    {
      name: 'xl/_rels/workbook.xml.rels',
      text: `${xmlHeader}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${RELATIONS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    },
    ...(options.stringsFirst ? [strings, sheet] : [sheet, strings]),
  ]);
}

const inline = (reference: string, text: string) => `<c r="${reference}" t="inlineStr"><is><t>${text}</t></is></c>`;

describe('spreadsheet imports against hostile files', () => {
  let app: TestApp;
  let tempDir: string;
  let ticketOffice: TestClient;
  let projectOffice: TestClient;

  beforeAll(async () => {
    tempDir = await mkdtemp(join(tmpdir(), 'import-limits-'));
    app = await createTestApp({ IMPORT_TEMP_DIR: tempDir });
    await app.portal.database.db.insert(showDays).values(DAYS.map((day) => ({ day, capacity: 10, deadline: new Date(`${day}T09:00:00+08:00`) })));
    ({ client: ticketOffice } = await signedInClient(app, 'organizer', ['ROLE_TICKET']));
    ({ client: projectOffice } = await signedInClient(app, 'organizer', ['ROLE_PROJECT']));
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await rm(tempDir, { recursive: true, force: true });
  });

  async function importTickets(body: BodyInit, contentType: string, query = 'mode=ALL_OR_NOTHING', client = ticketOffice) {
    const response = await client.fetch(`${TICKET_IMPORT_PATH}?${query}`, { method: 'POST', headers: { 'content-type': contentType }, body, duplex: 'half' } as RequestInit);
    const text = await response.text();
    const lines = text.trim().split('\n').map((line) => JSON.parse(line) as Line);
    return { status: response.status, size: text.length, lines, last: lines[lines.length - 1] };
  }

  async function importCodes(body: BodyInit, contentType: string) {
    const response = await projectOffice.fetch(`${ACTIVATION_CODE_IMPORT_PATH}?batch=limits`, { method: 'POST', headers: { 'content-type': contentType }, body });
    const text = await response.text();
    const lines = text.trim().split('\n').map((line) => JSON.parse(line) as Line);
    return { size: text.length, last: lines[lines.length - 1] };
  }

  /** Every path removes the upload's copy; a refusal that comes before the copy leaves none either. */
  async function expectNoTempFile() {
    expect(await readdir(tempDir)).toEqual([]);
  }

  async function holderOf(externalCode: string) {
    const [row] = await app.portal.database.db.select().from(tickets).where(eq(tickets.externalCode, externalCode));
    return row;
  }

  it('refuses a value beyond the last column without expanding the row, and ignores empty styled cells there', async () => {
    const wide = Array.from({ length: 60 }, (_, index) => `<row r="${index + 1}">${inline(`XFD${index + 1}`, 'x')}</row>`).join('');
    expect((await importTickets(workbookOf(wide), XLSX)).last).toEqual({ type: 'error', code: 'IMPORT_TOO_MANY_COLUMNS', row: 1, column: 'XFD' });
    expect((await importCodes(workbookOf(wide), XLSX)).last).toEqual({ type: 'error', code: 'IMPORT_TOO_MANY_COLUMNS', row: 1, column: 'XFD' });
    await expectNoTempFile();

    const styledOnly = `<row r="1">${inline('A1', 'Wide Li')}${inline('C1', 'WIDE-1')}<c r="XFD1" s="1"/></row>`;
    expect((await importTickets(workbookOf(styledOnly), XLSX)).last?.report).toMatchObject({ rows: 1, bad: 0, imported: 1 });

    const csv = `Wide Wang,,WIDE-2,,${','.repeat(IMPORT_MAX_COLUMNS - 4)}x\n`;
    expect((await importTickets(csv, 'text/csv')).last).toEqual({ type: 'error', code: 'IMPORT_TOO_MANY_COLUMNS', row: 1, column: 'BM' });
    await expectNoTempFile();
  });

  it('refuses a csv field or line past its limit, and quotes only an escaped excerpt of a bad cell', async () => {
    const longField = `Holder,Org,FIELD-1,,\nLong Li,"${'y'.repeat(IMPORT_MAX_CELL_CHARS + 1)}",FIELD-2,,\n`;
    expect((await importTickets(longField, 'text/csv')).last).toEqual({ type: 'error', code: 'IMPORT_CELL_TOO_LONG', row: 2, column: 'B' });
    const longLine = `Holder,Org,LINE-1,,${`,${'z'.repeat(4000)}`.repeat(20)}\n`;
    expect((await importTickets(longLine, 'text/csv')).last).toEqual({ type: 'error', code: 'IMPORT_LINE_TOO_LONG', row: 1 });
    const longRecord = `"${`${'q'.repeat(4000)}\n`.repeat(20)}",x\n`;
    expect((await importCodes(longRecord, 'text/csv')).last).toMatchObject({ type: 'error', code: 'IMPORT_LINE_TOO_LONG' });
    await expectNoTempFile();

    // 200 bad cells just under the cell limit: the report quotes a short excerpt of each, never the cell.
    const holder = `Bad\u0007Name\n${'名'.repeat(IMPORT_MAX_CELL_CHARS - 10)}`;
    const rows = ['Holder,Organization,External code,Days,Batch', ...Array.from({ length: 200 }, (_, index) => `"${holder}",,EXCERPT-${index},,`)].join('\n');
    const answer = await importTickets(rows, 'text/csv');
    expect(answer.last?.report).toMatchObject({ rows: 200, bad: 200, imported: 0 });
    const [first] = answer.last?.report?.issues ?? [];
    expect(first).toMatchObject({ row: 2, column: 'A', problem: 'HOLDER_NAME' });
    expect(first?.value.startsWith('Bad\\u0007Name\\n名名')).toBe(true);
    expect(first?.value.endsWith('…')).toBe(true);
    expect(first?.value.length).toBeLessThanOrEqual(IMPORT_EXCERPT_CHARS + 1);
    expect(answer.size).toBeLessThan(200 * 200);

    const codes = await importCodes(['Code', ...Array.from({ length: 200 }, () => `"${'C'.repeat(IMPORT_MAX_CELL_CHARS)}"`)].join('\n'), 'text/csv');
    expect(codes.last?.report?.issues[0]).toEqual({ row: 2, column: 'A', value: `${'C'.repeat(IMPORT_EXCERPT_CHARS)}…`, problem: 'FORMAT' });
    expect(codes.size).toBeLessThan(200 * 200);
    await expectNoTempFile();
  });

  it('reads the shared strings first whatever the order of the parts, and refuses a workbook too large unpacked', async () => {
    const rows = `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>`;
    const strings = '<si><t>Order Zhang</t></si><si><r><t>Order </t></r><r><t>Co</t></r><rPh><t>ignored</t></rPh></si><si><t>ORDER-1</t></si>';
    expect((await importTickets(workbookOf(rows, { sharedStrings: strings }), XLSX)).last?.report).toMatchObject({ rows: 1, bad: 0, imported: 1 });
    expect(await holderOf('ORDER-1')).toMatchObject({ holderName: 'Order Zhang', organization: 'Order Co' });
    await expectNoTempFile();

    expect((await importTickets(workbookOf(rows, { sharedStrings: strings, sheetSize: IMPORT_MAX_UNPACKED_BYTES + 1 }), XLSX)).last).toEqual({ type: 'error', code: 'IMPORT_UNPACKED_TOO_LARGE' });
    // A part that inflates past the size its zip entry declares is refused as it is read.
    expect((await importTickets(workbookOf(`<row r="1">${inline('A1', 'x'.repeat(2000))}</row>`, { sheetSize: 100 }), XLSX)).last).toEqual({ type: 'error', code: 'TICKET_IMPORT_FILE_INVALID' });
    await expectNoTempFile();
  });

  it('refuses an upload past the size limit and drains it, the connection still answering', async () => {
    const big = new Uint8Array(IMPORT_MAX_FILE_BYTES + 1).fill(0x41);
    expect((await importCodes(big, 'text/csv')).last).toEqual({ type: 'error', code: 'IMPORT_FILE_TOO_LARGE' });
    await expectNoTempFile();
    expect((await importCodes('SIZE-0001\n', 'text/csv')).last?.report).toMatchObject({ imported: 1 });
  });

  it('refuses a shared-string table past its count or its characters', async () => {
    const many = '<si><t/></si>'.repeat(IMPORT_MAX_SHARED_STRINGS + 1);
    expect((await importTickets(workbookOf('', { sharedStrings: many, stringsFirst: true }), XLSX)).last).toEqual({ type: 'error', code: 'IMPORT_TOO_MANY_SHARED_STRINGS' });
    const long = `<si><t>${'s'.repeat(350_000)}</t></si>`.repeat(50);
    expect((await importCodes(workbookOf('', { sharedStrings: long }), XLSX)).last).toEqual({ type: 'error', code: 'IMPORT_TOO_MANY_SHARED_STRINGS' });
    // A cell that uses a shared string longer than a cell may be is refused where it is.
    const usesLong = workbookOf(`<row r="3"><c r="B3" t="s"><v>0</v></c></row>`, { sharedStrings: `<si><t>${'s'.repeat(IMPORT_MAX_CELL_CHARS + 1)}</t></si>` });
    expect((await importCodes(usesLong, XLSX)).last).toEqual({ type: 'error', code: 'IMPORT_CELL_TOO_LONG', row: 3, column: 'B' });
    // An inline cell too long for the XML reader to hold is refused where it is, too.
    const huge = workbookOf(`<row r="2">${inline('A2', 'ok')}${inline('C2', 'h'.repeat(512 * 1024))}</row>`);
    expect((await importCodes(huge, XLSX)).last).toEqual({ type: 'error', code: 'IMPORT_CELL_TOO_LONG', row: 2, column: 'C' });
    await expectNoTempFile();
  });

  it('refuses error and boolean cells per row, reads numbers as typed and date cells as days', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Tickets');
    sheet.addRow(['Holder', 'Organization', 'External code', 'Days', 'Batch']);
    sheet.addRow([{ error: '#REF!' }, 'Acme', 'CELL-1', '', '']);
    sheet.addRow(['Bool Li', true, 'CELL-2', '', '']);
    // A TRUE beyond the import's five columns is not read: the row stands.
    sheet.addRow(['Number Wu', 'Acme', 1234567890123, new Date(Date.UTC(2030, 4, 2)), '', true]);
    const xlsx = new Uint8Array(await workbook.xlsx.writeBuffer());
    const refused = await importTickets(xlsx, XLSX);
    expect(refused.last?.report).toMatchObject({ rows: 3, good: 1, bad: 2, imported: 0 });
    expect(refused.last?.report?.issues).toEqual([
      { row: 2, column: 'A', value: '#REF!', problem: 'ERROR_CELL' },
      { row: 3, column: 'B', value: '1', problem: 'BOOLEAN_CELL' },
    ]);
    expect((await importTickets(xlsx, XLSX, 'mode=GOOD_ROWS_ONLY')).last?.report).toMatchObject({ imported: 1 });
    expect(await holderOf('1234567890123')).toMatchObject({ holderName: 'Number Wu', days: ['2030-05-02'] });
    expect(await holderOf('CELL-1')).toBeUndefined();
    expect(await holderOf('CELL-2')).toBeUndefined();

    const codes = workbookOf(`<row r="1"><c r="A1" t="e"><v>#N/A</v></c></row><row r="2"><c r="A2" t="b"><v>0</v></c></row>`);
    expect((await importCodes(codes, XLSX)).last?.report?.issues).toEqual([
      { row: 1, column: 'A', value: '#N/A', problem: 'ERROR_CELL' },
      { row: 2, column: 'A', value: '0', problem: 'BOOLEAN_CELL' },
    ]);
    await expectNoTempFile();
  });

  it('imports a GBK csv as Excel saves it, and refuses one in another encoding instead of storing garbled text', async () => {
    const gbk = iconv.encode('持票人,单位,外部编号,日期,批次\r\n张三,华星摩托,GBK-001,2030-05-01,经销商\r\n', 'gbk');
    expect((await importTickets(new Uint8Array(gbk), 'text/csv')).last?.report).toMatchObject({ rows: 1, bad: 0, imported: 1 });
    expect(await holderOf('GBK-001')).toMatchObject({ holderName: '张三', organization: '华星摩托', importBatch: '经销商' });

    const latin1 = Buffer.from('José,Café Ltd,LATIN-001,,\n', 'latin1');
    expect((await importTickets(new Uint8Array(latin1), 'text/csv')).last).toEqual({ type: 'error', code: 'IMPORT_ENCODING_UNSUPPORTED' });
    const utf16 = Buffer.from('\uFEFFHolder,Org,UTF16-001,,\n', 'utf16le');
    expect((await importCodes(new Uint8Array(utf16), 'text/csv')).last).toEqual({ type: 'error', code: 'IMPORT_ENCODING_UNSUPPORTED' });
    expect(await holderOf('LATIN-001')).toBeUndefined();
    await expectNoTempFile();
  });

  it('runs one import per user at a time and removes the upload when the client goes away', async () => {
    let sendRest: (() => void) | undefined;
    const held = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('Held Li,,HELD-1,,\n'));
        sendRest = () => controller.close();
      },
    });
    const first = importTickets(held, 'text/csv');
    await vi.waitFor(async () => expect(await readdir(tempDir)).toHaveLength(1), WAIT);
    const second = await ticketOffice.fetch(`${TICKET_IMPORT_PATH}?mode=ALL_OR_NOTHING`, { method: 'POST', headers: { 'content-type': 'text/csv' }, body: 'Busy Li,,BUSY-1,,\n' });
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({ code: 'IMPORT_BUSY' });
    // Another user is not held up.
    expect((await importCodes('OTHER-0001\n', 'text/csv')).last?.report).toMatchObject({ imported: 1 });
    sendRest?.();
    expect((await first).last?.report).toMatchObject({ imported: 1 });
    await expectNoTempFile();

    const gone = new AbortController();
    const abandoned = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('Gone Li,,GONE-1,,\n'));
      },
    });
    const request = ticketOffice.fetch(`${TICKET_IMPORT_PATH}?mode=ALL_OR_NOTHING`, { method: 'POST', headers: { 'content-type': 'text/csv' }, body: abandoned, duplex: 'half', signal: gone.signal } as RequestInit);
    await vi.waitFor(async () => expect(await readdir(tempDir)).toHaveLength(1), WAIT);
    gone.abort();
    await expect(request).rejects.toThrow();
    await vi.waitFor(expectNoTempFile, WAIT);
    // The slot is free again.
    await vi.waitFor(async () => expect((await importTickets('Back Li,,BACK-1,,\n', 'text/csv')).last?.report).toMatchObject({ imported: 1 }), WAIT);
    expect(await holderOf('GONE-1')).toBeUndefined();
  });

  it('removes the upload when the server fails while reading it', async () => {
    // The pool is closed under the running portal: reading fails as an unexpected error would.
    await app.portal.app.services.heavyWork.close();
    expect((await importTickets('Failed Li,,FAILED-1,,\n', 'text/csv')).last).toEqual({ type: 'error', code: 'INTERNAL_ERROR' });
    await expectNoTempFile();
  });
});
