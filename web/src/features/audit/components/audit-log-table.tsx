import { Button, Descriptions, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { auditActionKey, auditSubjectKey } from '@portal/shared/audit/audit-log';
import { ScrollRegion } from '../../../components/scroll-region';
import { formatDateTime } from '../../../lib/format/date-time';
import type { AuditLogRow } from '../api/audit-log';
import { detailLines, type DetailValue } from '../lib/audit-detail';
import { auditSubjectHref, type AuditSubjectPaths } from '../lib/audit-subject';

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** A state, an error code or a word of the log's vocabulary (an area, a sign-in method): translated when the page knows it. */
const CODE = /^([A-Z][A-Z_]+|[a-z]+)$/;

/** A recorded value as a person reads it: Beijing times, translated states, yes / no, labelled parts. */
function useValueText() {
  const { t, i18n } = useTranslation(['audit-log', 'errors']);
  const separator = i18n.language === 'zh-CN' ? '、' : ', ';
  const text = (value: DetailValue): string => {
    if (value === null || value === '') return t('values.none');
    if (typeof value === 'boolean') return t(value ? 'values.yes' : 'values.no');
    if (typeof value === 'number') return new Intl.NumberFormat(i18n.language).format(value);
    if (typeof value === 'string') return INSTANT.test(value) ? formatDateTime(value) : CODE.test(value) ? t(`values.${value}`, { defaultValue: t(`errors:${value}`, { defaultValue: value }) }) : value;
    if (Array.isArray(value)) return value.length ? value.map(text).join(separator) : t('values.none');
    return Object.entries(value as Record<string, DetailValue>)
      .filter(([, part]) => part !== null && part !== undefined)
      .map(([field, part]) => t('common:labelled', { label: t(`fields.${field}`, { defaultValue: field }), value: text(part) }))
      .join('; ');
  };
  return text;
}

function AuditDetail({ row }: { row: AuditLogRow }) {
  const { t } = useTranslation('audit-log');
  const text = useValueText();
  const lines = detailLines(row.detail);
  return (
    <div data-testid="audit-detail">
      {lines.length ? (
        <Descriptions
          size="small"
          column={1}
          bordered
          items={lines.map((line, index) => ({
            key: `${line.field}-${index}`,
            label: t(`fields.${line.field}`, { defaultValue: line.field }),
            children: line.kind === 'change' ? t('changedTo', { before: text(line.before), after: text(line.after) }) : text(line.value),
          }))}
        />
      ) : null}
      {row.requestId ? (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {t('requestId', { id: row.requestId })}
        </Typography.Paragraph>
      ) : null}
    </div>
  );
}

/** One page of entries; a person's name filters the log to that person, the subject opens where it is managed, a row opens to what was recorded. */
export function AuditLogTable({ rows, loading, onPerson, subjectPaths }: { rows: AuditLogRow[]; loading: boolean; onPerson: (actor: NonNullable<AuditLogRow['actor']>) => void; subjectPaths: AuditSubjectPaths }) {
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
      render: (_value, row) => {
        if (!row.subjectType) return null;
        const name = row.subjectName ?? (row.subjectId ? t('unnamedSubject') : null);
        const href = auditSubjectHref(row, subjectPaths);
        return (
          <span data-testid="audit-subject">
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {t(`audit:${auditSubjectKey(row.subjectType)}`, { defaultValue: row.subjectType })}
            </Typography.Text>
            {href && name ? (
              <Link to={href} aria-label={t('openSubject', { name })}>
                {name}
              </Link>
            ) : (
              name
            )}
          </span>
        );
      },
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
        expandable={{ rowExpandable: (row) => Boolean(row.detail || row.requestId), expandedRowRender: (row) => <AuditDetail row={row} /> }}
        locale={{ emptyText: t('empty') }}
        data-testid="audit-table"
      />
    </ScrollRegion>
  );
}
