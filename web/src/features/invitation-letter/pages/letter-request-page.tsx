import { Alert, App, Button, Card, Descriptions, Empty, Flex, Form, Input, List, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NATIONALITY_MAX_LENGTH, type TRequestLetterInput } from '@portal/shared/invitation-letter/invitation-letter.schema';
import { ExportLinkButton } from '../../../components/export-link-button';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime, formatDayRange } from '../../../lib/format/date-time';
import { useErrorText } from '../../../lib/use-error-text';
import { useLetterHolder, type InvitationLetter } from '../api/letter-holder';
import { useRequestLetter } from '../api/request-letter';
import { LetterStatusTag } from '../components/letter-status-tag';

interface RequestForm {
  nationality: string;
  birthDate?: string;
  passportExpiry: string;
}

/**
 * The requester's page: the visitor's own letter (no badgeId) or an exhibitor's staff member's (a badge).
 * Who the letter names comes from the application or badge (the passport masked); the form adds what a
 * visa office asks and we do not hold; the letters below, with the PDF once issued.
 */
export function LetterRequestPage({ badgeId = null, backPath }: { badgeId?: string | null; backPath?: string }) {
  const { t, i18n } = useTranslation('invitation-letter');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const holder = useLetterHolder(badgeId);
  const request = useRequestLetter();
  const [form] = Form.useForm<RequestForm>();

  if (holder.isPending) return <Spin />;
  if (holder.isError) return <Alert type="error" showIcon message={errorText(holder.error)} data-testid="letter-load-error" />;
  const data = holder.data;
  const open = data.letters.some((letter) => letter.status === 'PENDING' || letter.status === 'ISSUED');

  async function submit(values: RequestForm) {
    const input: TRequestLetterInput = { badgeId, nationality: values.nationality, birthDate: values.birthDate || null, passportExpiry: values.passportExpiry };
    try {
      await request.mutateAsync(input);
      form.resetFields();
      void message.success({ content: <span data-testid="letter-requested">{t('request.sent')}</span> });
    } catch (error) {
      void message.error({ content: <span data-testid="letter-request-refused">{errorText(error)}</span> });
    }
  }

  return (
    <Flex vertical gap="middle" data-testid="letter-request-page">
      <PageHeader title={t('request.title')}>{backPath ? <Button href={backPath}>{t('request.back')}</Button> : null}</PageHeader>
      <Typography.Paragraph type="secondary">{t('request.intro')}</Typography.Paragraph>
      <Card title={t('request.holder')}>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('fields.name')}>{data.holderName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.passport')}>{data.passportMasked ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.visit')}>{data.visitFrom && data.visitTo ? formatDayRange(data.visitFrom, data.visitTo, i18n.language) : '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
      {!data.eligible ? (
        <Alert type="info" showIcon message={t('request.notEligible')} data-testid="letter-not-eligible" />
      ) : open ? null : (
        <Card title={t('request.formTitle')}>
          <Form<RequestForm> form={form} layout="vertical" onFinish={(values) => void submit(values)} style={{ maxWidth: 480 }}>
            <Form.Item name="nationality" label={t('fields.nationality')} extra={t('request.nationalityHint')} rules={[{ required: true, message: t('request.nationalityRequired') }]}>
              <Input maxLength={NATIONALITY_MAX_LENGTH} autoComplete="country-name" data-testid="letter-nationality" />
            </Form.Item>
            {data.birthDateKnown ? null : (
              <Form.Item name="birthDate" label={t('fields.birthDate')} rules={[{ required: true, message: t('request.dateRequired') }]}>
                <Input type="date" data-testid="letter-birth-date" />
              </Form.Item>
            )}
            <Form.Item name="passportExpiry" label={t('fields.passportExpiry')} extra={t('request.expiryHint')} rules={[{ required: true, message: t('request.dateRequired') }]}>
              <Input type="date" data-testid="letter-passport-expiry" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={request.isPending} data-testid="letter-request">
              {t('request.submit')}
            </Button>
          </Form>
        </Card>
      )}
      <Card title={t('request.letters')}>
        {data.letters.length === 0 ? <Empty description={t('request.none')} /> : <List dataSource={data.letters} renderItem={(letter) => <LetterItem letter={letter} />} data-testid="letter-list" />}
      </Card>
    </Flex>
  );
}

function LetterItem({ letter }: { letter: InvitationLetter }) {
  const { t } = useTranslation('invitation-letter');
  const reason = letter.status === 'REFUSED' ? letter.refuseReason : letter.status === 'REVOKED' ? letter.revokeReason : null;
  return (
    <List.Item
      data-testid="letter-item"
      actions={
        letter.pdfUrl
          ? [
              <ExportLinkButton key="pdf" href={letter.pdfUrl} testId="letter-download">
                {t('actions.download')}
              </ExportLinkButton>,
            ]
          : []
      }
    >
      {/* Not List.Item.Meta: its title is an h4 under the card's heading (axe: heading order). */}
      <Flex vertical gap={4}>
        <Flex gap="small" align="center" wrap>
          <LetterStatusTag status={letter.status} erased={letter.erased} />
          <Typography.Text strong>{letter.holderName ?? '—'}</Typography.Text>
        </Flex>
        <Typography.Text type="secondary">{t('request.requestedLine', { at: formatDateTime(letter.requestedAt) })}</Typography.Text>
        {letter.issuedAt ? <Typography.Text type="secondary">{t('request.issuedLine', { at: formatDateTime(letter.issuedAt) })}</Typography.Text> : null}
        {reason ? <Typography.Text data-testid="letter-reason">{t('request.reasonLine', { reason })}</Typography.Text> : null}
      </Flex>
    </List.Item>
  );
}
