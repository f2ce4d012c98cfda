import { Alert, App, Button, Drawer, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { IdentityPhotos } from '../../../components/identity-photos';
import { formatDateTime } from '../../../lib/format/date-time';
import { useErrorText } from '../../../lib/use-error-text';
import { useMarkTicketFaceChecked } from '../api/mark-ticket-face-checked';
import type { OfficeTicket } from '../api/office-tickets';
import { useTicketFaceCheck } from '../api/ticket-face-check';

/** The entry-card photo beside the ID photo with their face match, and the "checked" action (who and when). */
export function TicketFaceCheckDrawer({ ticket, onClose }: { ticket: OfficeTicket | null; onClose: () => void }) {
  const { t } = useTranslation('ticket-office');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const view = useTicketFaceCheck(ticket?.id ?? null);
  const mark = useMarkTicketFaceChecked();
  const current = mark.data?.id === ticket?.id ? mark.data : (view.data?.ticket ?? ticket);
  return (
    <Drawer
      open={ticket !== null}
      onClose={onClose}
      size={640}
      title={ticket ? t('faceCheck.title', { name: ticket.holderName }) : ''}
      destroyOnHidden
      closable={{ 'aria-label': t('faceCheck.close') }}
      afterOpenChange={(open) => (open ? undefined : mark.reset())}
      data-testid="ticket-face-check"
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('faceCheck.audited')}</Typography.Text>
        {view.isPending && <Spin />}
        {view.isError && <Alert type="error" showIcon title={t('common:labelled', { label: t('faceCheck.loadError'), value: errorText(view.error) })} />}
        {view.data && (
          <IdentityPhotos ns="ticket-office" testId="ticket-face-check" name={view.data.ticket.holderName} entryUrl={view.data.entryPhoto?.url} idUrl={view.data.idPhoto?.url} score={view.data.faceMatchScore} counterCheck={view.data.ticket.counterCheck} />
        )}
        {current && (
          <Flex align="center" gap={12} wrap>
            <Typography.Text data-testid="ticket-face-check-state">
              {current.faceCheckedAt ? t('faceCheck.checkedBy', { name: current.faceCheckedBy ?? '', time: formatDateTime(current.faceCheckedAt) }) : t('faceCheck.notChecked')}
            </Typography.Text>
            <Button
              type="primary"
              loading={mark.isPending}
              disabled={current.status === 'ERASED'}
              onClick={async () => {
                try {
                  await mark.mutateAsync(current.id);
                  void message.success(t('faceCheck.done'));
                } catch (error) {
                  void message.error(errorText(error));
                }
              }}
              data-testid="ticket-face-check-mark"
            >
              {current.faceCheckedAt ? t('faceCheck.markAgain') : t('faceCheck.mark')}
            </Button>
          </Flex>
        )}
      </Flex>
    </Drawer>
  );
}
