import { Button, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { auditActionKey, auditSubjectKey } from '@portal/shared/audit/audit-log';
import { ScrollRegion } from '../../../components/scroll-region';
import { formatDateTime } from '../../../lib/format/date-time';
import type { AuditLogRow } from '../api/audit-log';

function prettyDetail(detail: string): string {
  try {
    return JSON.stringify(JSON.parse(detail), null, 2);
  } catch {
    return detail;
  }
}

/** One page of entries; a person's name filters the log to that person, a row opens to its recorded detail. */
export function AuditLogTable({ rows, loading, onPerson }: { rows: AuditLogRow[]; loading: boolean; onPerson: (actor: NonNullable<AuditLogRow['actor']>) => void }) {
  const { t } = useTranslation(['audit-log', 'audit']);
  const columns: ColumnsType<AuditLogRow> = [
    { key: 'at', title: t('columns.at'), width: 150, render: (_value, row) => formatDateTime(row.at) },
    {
      key: 'person',
      title: t('columns.person'),
      render: (_value, { actor }) =>
        actor ? (
          <Button type="link" size="small" style={{ padding: 0, height: 'auto', textAlign: 'left' }} onClick={() => onPerson(actor)} data-testid="audit-person">
            <span>
              {actor.name}
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {actor.email ?? actor.mobile ?? ''}
              </Typography.Text>
            </span>
          </Button>
        ) : (
          <Typography.Text type="secondary">{t('system')}</Typography.Text>
        ),
    },
    { key: 'action', title: t('columns.action'), render: (_value, row) => <span data-testid="audit-action">{t(`audit:${auditActionKey(row.action)}`, { defaultValue: row.action })}</span> },
    {
      key: 'subject',
      title: t('columns.subject'),
      render: (_value, row) =>
        row.subjectType ? (
          <span>
            {t(`audit:${auditSubjectKey(row.subjectType)}`, { defaultValue: row.subjectType })}
            {row.subjectId ? (
              <Typography.Text type="secondary" copyable={{ text: row.subjectId }} style={{ display: 'block', fontSize: 12 }}>
                {row.subjectId}
              </Typography.Text>
            ) : null}
          </span>
        ) : null,
    },
    { key: 'ip', title: t('columns.ip'), render: (_value, row) => row.ip ?? '' },
  ];
  return (
    <ScrollRegion label={t('title')}>
      <Table<AuditLogRow>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows}
        columns={columns}
        pagination={false}
        expandable={{
          rowExpandable: (row) => Boolean(row.detail || row.requestId),
          expandedRowRender: (row) => (
            <div data-testid="audit-detail">
              {row.requestId ? <Typography.Paragraph type="secondary">{t('requestId', { id: row.requestId })}</Typography.Paragraph> : null}
              {row.detail ? <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{prettyDetail(row.detail)}</pre> : null}
            </div>
          ),
        }}
        locale={{ emptyText: t('empty') }}
        data-testid="audit-table"
      />
    </ScrollRegion>
  );
}
