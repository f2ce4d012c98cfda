import { Alert, Drawer, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format/date-time';
import { useErrorText } from '../../../lib/use-error-text';
import type { OfficeTicket } from '../api/office-tickets';
import { useTicketAdmissions } from '../api/ticket-admissions';

/** One ticket's admissions: entries and re-entries, online or uploaded offline, conflicts highlighted. */
export function TicketAdmissionsDrawer({ ticket, onClose }: { ticket: OfficeTicket | null; onClose: () => void }) {
  const { t } = useTranslation('ticket-office');
  const errorText = useErrorText();
  const admissions = useTicketAdmissions(ticket?.id ?? null);
  return (
    <Drawer
      open={ticket !== null}
      onClose={onClose}
      size={760}
      title={ticket ? t('admissions.title', { name: ticket.holderName }) : ''}
      destroyOnHidden
      closable={{ 'aria-label': t('admissions.close') }}
      data-testid="ticket-admissions"
    >
      {admissions.isError ? (
        <Alert type="error" showIcon title={errorText(admissions.error)} />
      ) : (
        <Table
          rowKey="id"
          size="small"
          loading={admissions.isPending}
          dataSource={admissions.data ?? []}
          pagination={false}
          locale={{ emptyText: t('admissions.empty') }}
          onRow={(row) => ({ style: row.conflict ? { background: 'var(--ant-color-error-bg, #fff2f0)' } : undefined })}
          columns={[
            { key: 'day', title: t('admissions.day'), dataIndex: 'day' },
            { key: 'at', title: t('admissions.at'), render: (_value, row) => formatDateTime(row.at) },
            { key: 'gate', title: t('admissions.gate'), render: (_value, row) => row.gate ?? '' },
            { key: 'type', title: t('admissions.type'), render: (_value, row) => <Tag color={row.reEntry ? 'blue' : 'green'}>{row.reEntry ? t('admissions.reEntry') : t('admissions.entry')}</Tag> },
            {
              key: 'offline',
              title: t('admissions.recordedAt'),
              render: (_value, row) => (
                <Typography.Text type={row.offline ? 'warning' : undefined}>
                  {row.offline ? `${t('admissions.offline')} · ${formatDateTime(row.recordedAt)}` : t('admissions.online')}
                </Typography.Text>
              ),
            },
            { key: 'conflict', title: t('admissions.conflict'), render: (_value, row) => (row.conflict ? <Tag color="red">{t(`admissions.conflicts_${row.conflict}`)}</Tag> : null) },
          ]}
        />
      )}
    </Drawer>
  );
}
