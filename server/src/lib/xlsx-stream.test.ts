import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { maskIdNumber } from '@portal/shared/application/id-number';
import { SHOW_TIME_ZONE } from '@portal/shared/dates';
import { configurePersonalDataKeys, encryptPersonalData } from './personal-data-cipher';
import { openStreamedSheet, writeSheet } from './xlsx-stream';
import { FORMULA_TEXTS, NEUTRALISED_TEXTS, sheetTexts } from './xlsx-stream.test-support';

const COLUMNS = [
  { key: 'name', header: 'Name', width: 20 },
  { key: 'note', header: 'Note & <more>', width: 30 },
] as const;

async function* batchesOf<T>(...batches: T[][]) {
  for (const batch of batches) yield batch;
}

async function written(rows: Array<{ name: string; note: string }>) {
  const output = new PassThrough();
  const file = buffer(output);
  let audited = -1;
  const count = await writeSheet(output, 'Sheet <1>', COLUMNS, batchesOf(rows.slice(0, 2), rows.slice(2)), async (rows) => {
    audited = rows;
  });
  return { count, audited, file: await file };
}

describe('the OWASP neutralisation of exported text', () => {
  it('puts a quote before every text a spreadsheet would read as a formula, and leaves the rest alone', async () => {
    const texts = [...FORMULA_TEXTS, '-5', '+86 138 0013 8000', '\rx', "-2+3+cmd|' /C calc'!A0", '张伟', 'a=b', '1+1', "'already"];
    const { file } = await written(texts.map((name) => ({ name, note: '' })));
    expect((await sheetTexts(file)).slice(1).map((row) => row[0])).toEqual([
      ...NEUTRALISED_TEXTS,
      // Negative numbers, phone numbers and CR-led text too: no "looks harmless" exception.
      "'-5",
      "'+86 138 0013 8000",
      // XML reads a CR as a line feed; the quote stays before it.
      "'\nx",
      "'-2+3+cmd|' /C calc'!A0",
      '张伟',
      'a=b',
      '1+1',
      "'already",
    ]);
  });
});

describe('the streamed sheet writer', () => {
  it('writes a workbook exceljs reads back: bold frozen header, widths, escaped and neutralised text, empty cells', async () => {
    const rows = [
      { name: '张伟', note: 'a < b & "c"' },
      { name: FORMULA_TEXTS[0], note: '' },
      { name: 'bell\u0007 removed', note: '  spaced  ' },
    ];
    const { count, audited, file } = await written(rows);
    expect([count, audited]).toEqual([3, 3]);
    expect(await sheetTexts(file)).toEqual([
      ['Name', 'Note & <more>'],
      ['张伟', 'a < b & "c"'],
      [NEUTRALISED_TEXTS[0], ''],
      ['bell removed', '  spaced  '],
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('Sheet <1>');
    expect(sheet?.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet?.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet?.getColumn(2).width).toBe(30);
    expect(sheet?.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.String);
  });

  it('stops with an error once the reader has gone away', async () => {
    const output = new PassThrough();
    const sheet = openStreamedSheet(output, 'Rows', COLUMNS);
    output.destroy();
    for (let index = 0; index < 100; index++) sheet.addRow({ name: `row ${index}`, note: 'x'.repeat(1000) });
    await expect(sheet.drained()).rejects.toThrow('export aborted');
  });

  it('turns each column kind into text in the worker: Beijing time, labels, masked and sealed ID numbers', async () => {
    configurePersonalDataKeys('a test secret of the sheet writer', undefined);
    const ids = ['110101198502030011', 'C01X00T47', 'AB12', '=1+2345678'];
    const columns = [
      { key: 'at', header: 'At', width: 20, kind: 'time' },
      { key: 'status', header: 'Status', width: 10, kind: { labels: { WAIT: 'Pending', DONE: 'Approved' } } },
      { key: 'plain', header: 'Plain', width: 20, kind: 'maskedIdNumber' },
      { key: 'sealed', header: 'Sealed', width: 20, kind: 'sealedIdNumber' },
    ] as const;
    const output = new PassThrough();
    const file = buffer(output);
    const batch: Array<Record<'at' | 'status' | 'plain' | 'sealed', Date | string | null>> = ids.map((id, index) => ({ at: new Date(Date.UTC(2025, 3, 10, index, 30)), status: index % 2 ? 'DONE' : 'WAIT', plain: id, sealed: encryptPersonalData(id) }));
    await writeSheet(output, 'Kinds', columns, batchesOf(batch, [{ at: null, status: 'NEW', plain: null, sealed: null }]), async () => undefined);
    expect((await sheetTexts(await file)).slice(1)).toEqual([
      // A masked number is still neutralised: "=1******78" would start a formula.
      ...ids.map((id, index) => [`2025-04-10 ${String(8 + index).padStart(2, '0')}:30:00`, index % 2 ? 'Approved' : 'Pending', ...Array(2).fill(maskIdNumber(id).replace(/^=/, "'="))]),
      ['', '', '', ''],
    ]);
  });

  it("writes each time as Intl reads it in the show's zone, across the zone's summer times and day ends", async () => {
    // Shanghai kept summer time from 1986 to 1991: the worker's offsets per quarter-hour must follow it.
    const times = Array.from({ length: 2000 }, (_, index) => new Date(Date.UTC(1986, 3, 1) + index * 37 * 60 * 60 * 1000 + index * 61_000));
    const intl = new Intl.DateTimeFormat('sv-SE', { timeZone: SHOW_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    const output = new PassThrough();
    const file = buffer(output);
    await writeSheet(output, 'Times', [{ key: 'at', header: 'At', width: 20, kind: 'time' }] as const, batchesOf(times.map((at) => ({ at }))), async () => undefined);
    expect((await sheetTexts(await file)).slice(1).map(([text]) => text)).toEqual(times.map((at) => intl.format(at)));
  });

  it('writes many batches as one sheet, row numbers and order kept', async () => {
    const output = new PassThrough();
    const file = buffer(output);
    const batches = Array.from({ length: 7 }, (_, batch) => Array.from({ length: 333 }, (_, index) => ({ name: `row ${batch * 333 + index}`, note: 'n' })));
    expect(await writeSheet(output, 'Many', COLUMNS, batchesOf(...batches), async () => undefined)).toBe(2331);
    const rows = await sheetTexts(await file);
    expect(rows).toHaveLength(2332);
    expect(rows.slice(1).every((row, index) => row[0] === `row ${index}`)).toBe(true);
  });
});
