import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Downloads an export link with the page's session and returns one column of its first sheet, header row left out. */
export async function downloadSheetColumn(page: Page, href: string, column: number): Promise<string[]> {
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  const body = await response.body();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer);
  const values: string[] = [];
  workbook.worksheets[0]?.eachRow((row, index) => {
    if (index > 1) values.push(String(row.getCell(column).value ?? ''));
  });
  return values;
}
