import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { neutralisedCellText, openStreamedSheet, writeSheet } from './xlsx-stream';
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

describe('neutralisedCellText', () => {
  it('puts a quote before every text a spreadsheet would read as a formula, and leaves the rest alone', () => {
    expect(FORMULA_TEXTS.map(neutralisedCellText)).toEqual(NEUTRALISED_TEXTS);
    // Negative numbers, phone numbers and CR-led text too: no "looks harmless" exception.
    expect(['-5', '+86 138 0013 8000', '\rx', '-2+3+cmd|\' /C calc\'!A0'].map(neutralisedCellText)).toEqual(["'-5", "'+86 138 0013 8000", "'\rx", "'-2+3+cmd|' /C calc'!A0"]);
    expect(['张伟', 'a=b', '1+1', '', "'already"].map(neutralisedCellText)).toEqual(['张伟', 'a=b', '1+1', '', "'already"]);
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
});
