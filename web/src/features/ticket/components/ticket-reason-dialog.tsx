import { App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { REVOKE_REASON_MAX_LENGTH } from '@portal/shared/ticket/ticket.schema';
import { useErrorText } from '../../../lib/use-error-text';
import type { OfficeTicket } from '../api/office-tickets';
import { useReinstateTicket } from '../api/reinstate-ticket';
import { useRevokeTicket } from '../api/revoke-ticket';

export type ReasonAction = 'revoke' | 'reinstate';

/** Revoke or reinstate a ticket: the reason is required and goes to the audit log. */
export function TicketReasonDialog({ target, onClose }: { target: { ticket: OfficeTicket; action: ReasonAction } | null; onClose: () => void }) {
  const { t } = useTranslation('ticket-office');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<{ reason: string }>();
  const revoke = useRevokeTicket();
  const reinstate = useReinstateTicket();
  const action = target?.action ?? 'revoke';
  const mutation = action === 'revoke' ? revoke : reinstate;
  return (
    <Modal
      open={target !== null}
      title={target ? t(`${action}.title`, { name: target.ticket.holderName }) : ''}
      okText={t(`${action}.submit`)}
      cancelText={t(`${action}.cancel`)}
      okButtonProps={{ danger: action === 'revoke', loading: mutation.isPending, ...{ 'data-testid': 'ticket-reason-submit' } }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid="ticket-reason-dialog"
    >
      <Typography.Paragraph type="secondary">{t(`${action}.hint`)}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={async ({ reason }) => {
          if (!target) return;
          try {
            await mutation.mutateAsync({ ticketId: target.ticket.id, reason: reason.trim() });
            void message.success(t(`${action}.done`));
            onClose();
          } catch (error) {
            void message.error(errorText(error));
          }
        }}
      >
        <Form.Item name="reason" label={t(`${action}.reason`)} rules={[{ required: true, whitespace: true, message: t(`${action}.reasonRequired`) }]}>
          <Input.TextArea rows={3} maxLength={REVOKE_REASON_MAX_LENGTH} showCount data-testid="ticket-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
