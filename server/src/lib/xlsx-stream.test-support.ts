import ExcelJS from 'exceljs';

/** Texts that a spreadsheet program would run as formulas (OWASP CSV Injection), as a user could type them. */
export const FORMULA_TEXTS = ['=HYPERLINK("http://x","y")', '+1', '@SUM(1)', '\tx'] as const;

/** The same texts as an export must show them: each behind a `'`. */
export const NEUTRALISED_TEXTS = FORMULA_TEXTS.map((text) => `'${text}`);

/** Every row of the first worksheet as text, read back with exceljs (what a spreadsheet program shows). */
export async function sheetTexts(file: ArrayBuffer | Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    rows.push(Array.from({ length: sheet.columnCount }, (_, index) => String(row.getCell(index + 1).value ?? '')));
  });
  return rows;
}
