import { Card, Empty, List, Table, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorCard } from '../../../components/load-error-card';
import { PageLoading } from '../../../components/page-loading';
import { formatDay, formatTime } from '../../../lib/format/date-time';
import { useNarrowScreen } from '../../../lib/use-narrow-screen';
import { useMyAdmissions } from '../api/my-admissions';

/** /wa/visitor/record (approved visitors): admissions newest first, in Beijing time; a list on phones, a table on desktops. */
export function RecordPage() {
  const { t, i18n, ready } = useTranslation('visitor');
  const mobile = useNarrowScreen();
  const query = useMyAdmissions();
  if (!ready || query.isPending) return <PageLoading />;
  if (query.isError) {
    return <LoadErrorCard error={query.error} onRetry={() => void query.refetch()} />;
  }
  const admissions = query.data;
  const entryTag = (reEntry: boolean) => <Tag color={reEntry ? 'blue' : 'green'}>{reEntry ? t('record.reEntry') : t('record.firstEntry')}</Tag>;
  const empty = <Empty description={t('record.empty')} data-testid="record-empty" />;

  return (
    <Card data-testid="record-page">
      <Typography.Title level={1} className="page-title">
        {t('record.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('visitDate.timeZone')}</Typography.Paragraph>
      {admissions.length === 0 ? (
        empty
      ) : mobile ? (
        <List
          dataSource={admissions}
          data-testid="record-list"
          renderItem={(admission) => (
            <List.Item key={admission.id} data-testid="record-row" extra={entryTag(admission.reEntry)}>
              <List.Item.Meta
                title={`${formatDay(admission.day, i18n.language)} ${formatTime(admission.at)}`}
                description={t('common:labelled', { label: t('record.gate'), value: admission.gate ?? t('record.unknownGate') })}
              />
            </List.Item>
          )}
        />
      ) : (
        <Table
          rowKey="id"
          dataSource={admissions}
          pagination={admissions.length > 20 ? { pageSize: 20 } : false}
          data-testid="record-table"
          onRow={() => ({ 'data-testid': 'record-row' }) as HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'day', title: t('record.day'), render: (_value, admission) => formatDay(admission.day, i18n.language) },
            { key: 'time', title: t('record.time'), render: (_value, admission) => formatTime(admission.at) },
            { key: 'gate', title: t('record.gate'), render: (_value, admission) => admission.gate ?? t('record.unknownGate') },
            { key: 'entry', title: t('record.entry'), render: (_value, admission) => entryTag(admission.reEntry) },
          ]}
        />
      )}
    </Card>
  );
}
