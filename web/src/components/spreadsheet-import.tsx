import { UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Progress, Space, Table } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportMode } from '@portal/shared/activation-code/activation-code.schema';
import { ScrollRegion } from './scroll-region';
import { importErrorPlace, importFormatOf, type ImportReport } from '../lib/spreadsheet-import';
import { useErrorText } from '../lib/use-error-text';

/**
 * The namespace of the page that imports: it holds `import.choose`, `import.wrongType`, `import.submit`,
 * `import.progress`, `import.done`, `import.at`, `import.atRow`, `report.row`, `report.column`, `report.value`,
 * `report.problem` and `report.problems.<problem>`. The report's summary is the same for every import (common:importReport).
 */
type ImportNamespace = 'cdk' | 'ticket-office' | 'exhibitor-account' | 'visitor-group';

/**
 * Choose an xlsx or csv file, check and import it all or nothing, watch the rows read, then read the
 * report of bad rows and, if wanted, import the good rows only. `importFile` is the page's own import;
 * `ready` says whether the page's own fields (`children`, above the file) are filled. Test ids:
 * `<testId>-file`, `-submit`, `-progress`, `-report`, `-issues`, `-good-rows`.
 */
export function SpreadsheetImport<TProblem extends string>({
  ns,
  testId,
  ready = true,
  importFile,
  onImported,
  children,
}: {
  ns: ImportNamespace;
  testId: string;
  ready?: boolean;
  importFile: (file: File, mode: ImportMode, onProgress: (rows: number) => void) => Promise<ImportReport<TProblem>>;
  onImported: () => Promise<unknown>;
  children?: ReactNode;
}) {
  const { t } = useTranslation(ns);
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<number | null>(null);
  const [report, setReport] = useState<ImportReport<TProblem> | null>(null);
  const [running, setRunning] = useState(false);

  const run = async (mode: ImportMode) => {
    if (!file) return;
    setRunning(true);
    setReport(null);
    setRows(0);
    try {
      const result = await importFile(file, mode, setRows);
      setReport(result);
      if (result.imported > 0) void message.success(t('import.done', { count: result.imported }));
      await onImported();
    } catch (error) {
      const place = importErrorPlace(error);
      const where = place && (place.column ? t('import.at', { row: place.row, column: place.column }) : t('import.atRow', { row: place.row }));
      void message.error(where ? `${errorText(error)} ${where}` : errorText(error));
    } finally {
      setRunning(false);
      setRows(null);
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {children}
      <label className="ant-btn ant-btn-default" style={{ cursor: 'pointer' }}>
        <UploadOutlined /> {file ? file.name : t('import.choose')}
        <input
          type="file"
          accept=".xlsx,.csv"
          style={{ display: 'none' }}
          data-testid={`${testId}-file`}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            setFile(chosen && importFormatOf(chosen.name) ? chosen : null);
            if (chosen && !importFormatOf(chosen.name)) void message.error(t('import.wrongType'));
            setReport(null);
          }}
        />
      </label>
      <Button type="primary" disabled={!file || !ready} loading={running} onClick={() => void run('ALL_OR_NOTHING')} data-testid={`${testId}-submit`}>
        {t('import.submit')}
      </Button>
      {rows !== null && (
        <div role="status" data-testid={`${testId}-progress`}>
          <Progress percent={99} status="active" showInfo={false} />
          {t('import.progress', { rows })}
        </div>
      )}
      {report && <ImportReportView ns={ns} testId={testId} report={report} onGoodRowsOnly={() => void run('GOOD_ROWS_ONLY')} running={running} />}
    </Space>
  );
}

/**
 * The outcome of an import, in one format for every import: rows imported (of the file's rows) is a success, with
 * the invalid rows skipped listed below it; nothing imported because of invalid rows is a warning that says what to
 * do next. Red is kept for a failure of the request itself (the page's error message).
 */
export function ImportReportView<TProblem extends string>({
  ns,
  testId,
  report,
  onGoodRowsOnly,
  running,
}: {
  ns: ImportNamespace;
  testId: string;
  report: ImportReport<TProblem>;
  onGoodRowsOnly: () => void;
  running: boolean;
}) {
  const { t } = useTranslation([ns, 'common']);
  const counts = { rows: report.rows, good: report.good, bad: report.bad, imported: report.imported };
  const imported = report.imported > 0 || report.bad === 0;
  const title = imported
    ? t(report.bad === 0 ? 'common:importReport.imported' : 'common:importReport.importedSkipping', counts)
    : t('common:importReport.nothingImported', counts);
  const nextStep = imported ? undefined : t(report.good > 0 ? 'common:importReport.fixOrGoodRows' : 'common:importReport.fix', counts);
  return (
    <div data-testid={`${testId}-report`}>
      <Alert type={imported ? 'success' : 'warning'} showIcon title={title} description={nextStep} data-testid={`${testId}-summary`} data-outcome={imported ? 'imported' : 'nothing-imported'} />
      {report.bad > 0 && (
        <>
          {/* On a phone the reasons are wider than the screen: the table scrolls sideways, the page does not. */}
          <ScrollRegion label={title}>
            <Table
              rowKey="row"
              size="small"
              style={{ marginTop: 8 }}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              dataSource={report.issues}
              data-testid={`${testId}-issues`}
              columns={[
                { key: 'row', title: t('report.row'), dataIndex: 'row' },
                { key: 'column', title: t('report.column'), dataIndex: 'column' },
                { key: 'value', title: t('report.value'), dataIndex: 'value' },
                { key: 'problem', title: t('report.problem'), render: (_value, issue) => t(`report.problems.${issue.problem}`) },
              ]}
            />
          </ScrollRegion>
          {report.imported === 0 && report.good > 0 && (
            <Button onClick={onGoodRowsOnly} loading={running} data-testid={`${testId}-good-rows`}>
              {t('common:importReport.goodRowsOnly', { count: report.good })}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
