import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SpreadsheetImport } from '../../../components/spreadsheet-import';
import { importExhibitors, type ImportedCompany } from '../api/import-exhibitors';
import { useExhibitorsRefresh } from '../api/exhibitors';

/**
 * The exhibitor list's import: an xlsx or csv of companies (names, booth number, area and type, contact person,
 * mobile, email) checked row by row; the skipped rows are listed with their reason, and the created companies
 * with the initial password of each account — shown this once, as when a company is created by hand.
 */
export function ExhibitorImportButton() {
  const { t } = useTranslation('exhibitor-account');
  const refresh = useExhibitorsRefresh();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<ImportedCompany[]>([]);
  return (
    <>
      <Button icon={<UploadOutlined aria-hidden />} onClick={() => setOpen(true)} data-testid="exhibitor-import-open">
        {t('import.open')}
      </Button>
      <Modal open={open} title={t('import.title')} onCancel={() => setOpen(false)} afterClose={() => setCreated([])} footer={null} width={760} destroyOnHidden closable={{ 'aria-label': t('import.close') }} data-testid="exhibitor-import">
        <Typography.Paragraph type="secondary">{t('import.hint')}</Typography.Paragraph>
        <SpreadsheetImport
          ns="exhibitor-account"
          testId="exhibitor-import"
          importFile={async (file, mode, onProgress) => {
            const report = await importExhibitors(file, mode, onProgress);
            setCreated(report.created ?? []);
            return report;
          }}
          onImported={refresh}
        />
        {created.length ? (
          <>
            <Alert type="warning" showIcon style={{ marginTop: 12 }} title={t('import.createdOnce')} />
            <Table<ImportedCompany>
              rowKey="row"
              size="small"
              style={{ marginTop: 8 }}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              dataSource={created}
              data-testid="exhibitor-import-created"
              columns={[
                { key: 'row', title: t('import.createdColumns.row'), dataIndex: 'row' },
                { key: 'company', title: t('import.createdColumns.company'), dataIndex: 'nameZh' },
                { key: 'identities', title: t('import.createdColumns.identities'), render: (_value, row) => row.identities.join(' / ') },
                { key: 'password', title: t('import.createdColumns.password'), render: (_value, row) => <Typography.Text code copyable>{row.initialPassword}</Typography.Text> },
              ]}
            />
          </>
        ) : null}
      </Modal>
    </>
  );
}
