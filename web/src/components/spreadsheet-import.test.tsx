import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import cdk from '../locales/en-US/cdk.json';
import common from '../locales/en-US/common.json';
import { ImportReportView } from './spreadsheet-import';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { cdk, common } }, defaultNS: 'common', showSupportNotice: false } as Parameters<typeof i18next.init>[0]);
});
afterEach(cleanup);

const issues = [{ row: 3, column: 'A', value: 'bad!', problem: 'FORMAT' as const }];

function summaryOf(report: { rows: number; good: number; bad: number; imported: number }) {
  render(<ImportReportView ns="cdk" testId="cdk-import" report={{ ...report, issues: report.bad > 0 ? issues : [] }} onGoodRowsOnly={vi.fn()} running={false} />);
  const summary = screen.getByTestId('cdk-import-summary');
  return { className: summary.className, text: summary.textContent ?? '' };
}

describe('the import report', () => {
  it('rows imported are a success, the good rows only as much as a clean file', () => {
    const all = summaryOf({ rows: 3, good: 3, bad: 0, imported: 3 });
    expect(all.className).toContain('ant-alert-success');
    expect(all.text).toBe('Imported 3 of 3 rows');
    cleanup();
    const goodRowsOnly = summaryOf({ rows: 4, good: 3, bad: 1, imported: 3 });
    expect(goodRowsOnly.className).toContain('ant-alert-success');
    expect(goodRowsOnly.className).not.toContain('ant-alert-error');
    expect(goodRowsOnly.text).toBe('Imported 3 of 4 rows; the 1 invalid rows listed below were skipped');
  });

  it('nothing imported because of invalid rows is a warning that says what to do next', () => {
    const refused = summaryOf({ rows: 4, good: 3, bad: 1, imported: 0 });
    expect(refused.className).toContain('ant-alert-warning');
    expect(refused.text).toContain('Nothing imported: 1 of 4 rows are invalid');
    expect(refused.text).toContain('import the 3 valid rows only');
    expect(screen.getByTestId('cdk-import-good-rows').textContent).toBe('Import the 3 valid rows only');
  });
});
