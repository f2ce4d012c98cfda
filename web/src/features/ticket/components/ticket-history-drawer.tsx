import { Alert, Drawer, Empty, Table, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format/date-time';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { useErrorText } from '../../../lib/use-error-text';
import type { TicketEventKind } from '../../../graphql/operations.generated';
import type { OfficeTicket } from '../api/office-tickets';
import { useTicketAdmissions } from '../api/ticket-admissions';
import { useTicketHistory } from '../api/ticket-history';

/** The dot of each step: red only for the revocation (antd's "blue" is the brand colour here, so neutral steps are gray). */
const EVENT_COLORS: Record<TicketEventKind, string> = { ISSUED: 'gray', REVOKED: 'red', REINSTATED: 'green', FACE_CHECKED: 'green', PRINTED: 'gray', ADMITTED: 'gray' };

/** One ticket's history as every detail view shows one (a timeline, oldest first), then its admissions in full. */
function TicketTimeline({ ticketId }: { ticketId: string }) {
  const { t } = useTranslation('ticket-office');
  const errorText = useErrorText();
  const history = useTicketHistory(ticketId);
  if (history.isError) return <Alert type="error" showIcon title={errorText(history.error)} />;
  const prints = (history.data ?? []).filter((event) => event.kind === 'PRINTED').length;
  return (
    <>
    {history.data ? (
      <Typography.Paragraph data-testid="ticket-print-count">{prints > 0 ? t('print.printedCount', { count: prints }) : t('print.neverPrinted')}</Typography.Paragraph>
    ) : null}
    <Timeline
      data-testid="ticket-history"
      pending={history.isPending ? t('history.loading') : undefined}
      items={(history.data ?? []).map((event) => ({
        color: EVENT_COLORS[event.kind],
        children: (
          <div data-testid={`ticket-history-${event.kind}`}>
            <Typography.Text strong>{t(`history.kinds.${event.kind}`)}</Typography.Text> <Typography.Text type="secondary">{formatDateTime(event.at)}</Typography.Text>
            {event.actorName ? <div>{event.actorName}</div> : null}
            {event.reason ? <div>{t('history.reason', { reason: event.reason })}</div> : null}
            {event.kind === 'ADMITTED' ? <div>{[event.reEntry ? t('admissions.reEntry') : t('admissions.entry'), event.gate].filter(Boolean).join(' · ')}</div> : null}
          </div>
        ),
      }))}
    />
    </>
  );
}

/** One ticket's history and admissions: entries and re-entries, online or uploaded offline, conflicts highlighted. */
export function TicketHistoryDrawer({ ticket, onClose }: { ticket: OfficeTicket | null; onClose: () => void }) {
  const { t } = useTranslation('ticket-office');
  const errorText = useErrorText();
  const admissions = useTicketAdmissions(ticket?.id ?? null);
  const format = useDateFormat();
  return (
    <Drawer
      open={ticket !== null}
      onClose={onClose}
      size={760}
      title={ticket ? t('history.title', { name: ticket.holderName }) : ''}
      destroyOnHidden
      closable={{ 'aria-label': t('admissions.close') }}
      data-testid="ticket-admissions"
    >
      {ticket ? <TicketTimeline ticketId={ticket.id} /> : null}
      <Typography.Title level={2} className="card-title" style={{ marginTop: 16 }}>
        {t('admissions.open')}
      </Typography.Title>
      {admissions.isError ? (
        <Alert type="error" showIcon title={errorText(admissions.error)} />
      ) : (
        <Table
          rowKey="id"
          size="small"
          loading={admissions.isPending}
          dataSource={admissions.data ?? []}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admissions.empty')} /> }}
          onRow={(row) => ({ style: row.conflict ? { background: 'var(--ant-color-error-bg, #fff2f0)' } : undefined })}
          columns={[
            { key: 'day', title: t('admissions.day'), render: (_value, row) => format.day(row.day) },
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
