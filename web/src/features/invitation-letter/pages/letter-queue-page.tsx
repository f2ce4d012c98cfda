import { Alert, App, Button, Flex, Input, Modal, Segmented, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LETTER_REASON_MAX_LENGTH, LETTER_STATUSES, type LetterStatus } from '@portal/shared/invitation-letter/invitation-letter.schema';
import { ExportLinkButton } from '../../../components/export-link-button';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime, formatDayRange } from '../../../lib/format/date-time';
import { useErrorText } from '../../../lib/use-error-text';
import { useDecideLetter } from '../api/decide-letter';
import { useInvitationLetters } from '../api/invitation-letters';
import type { InvitationLetter } from '../api/letter-holder';
import { useRevokeLetter } from '../api/revoke-letter';
import { LetterStatusTag } from '../components/letter-status-tag';

type Filter = LetterStatus | 'ALL';
type ReasonAction = { kind: 'refuse' | 'revoke'; letter: InvitationLetter };

/**
 * The organizers' queue of invitation letters: the kinds the viewer's section decides (visitors' for the
 * audience section, staff members' for the exhibitor section); issue, refuse or revoke with a reason.
 */
export function LetterQueuePage() {
  const { t, i18n } = useTranslation('invitation-letter');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [filter, setFilter] = useState<Filter>('PENDING');
  const letters = useInvitationLetters(filter === 'ALL' ? null : filter);
  const decide = useDecideLetter();
  const revoke = useRevokeLetter();
  const [asking, setAsking] = useState<ReasonAction | null>(null);
  const [reason, setReason] = useState('');

  async function run(action: () => Promise<unknown>, done: string) {
    try {
      await action();
      void message.success({ content: <span data-testid="letter-done">{done}</span> });
      return true;
    } catch (error) {
      void message.error({ content: <span data-testid="letter-refused">{errorText(error)}</span> });
      return false;
    }
  }

  async function confirmReason() {
    if (!asking) return;
    const letterId = asking.letter.id;
    const ok =
      asking.kind === 'refuse'
        ? await run(() => decide.mutateAsync({ letterId, decision: 'REFUSE', reason }), t('queue.refused'))
        : await run(() => revoke.mutateAsync({ letterId, reason }), t('queue.revoked'));
    if (ok) {
      setAsking(null);
      setReason('');
    }
  }

  return (
    <Flex vertical gap="middle" data-testid="letter-queue-page">
      <PageHeader title={t('queue.title')} />
      <Segmented<Filter>
        value={filter}
        onChange={setFilter}
        options={[...LETTER_STATUSES.map((status) => ({ value: status as Filter, label: t(`status.${status}`) })), { value: 'ALL', label: t('queue.all') }]}
        data-testid="letter-filter"
      />
      {letters.isError ? <Alert type="error" showIcon message={errorText(letters.error)} /> : null}
      <Table<InvitationLetter>
        rowKey="id"
        loading={letters.isPending}
        dataSource={letters.data ?? []}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        data-testid="letter-table"
        columns={[
          { title: t('fields.name'), dataIndex: 'holderName', render: (name: string | null) => name ?? '—' },
          { title: t('fields.kind'), dataIndex: 'holderKind', render: (kind: string) => t(`kind.${kind}`) },
          { title: t('fields.passport'), dataIndex: 'passportMasked', render: (value: string | null) => value ?? '—' },
          { title: t('fields.nationality'), dataIndex: 'nationality', render: (value: string | null) => value ?? '—' },
          { title: t('fields.company'), dataIndex: 'company', render: (value: string | null) => value ?? '—' },
          { title: t('fields.visit'), key: 'visit', render: (_value, letter) => formatDayRange(letter.visitFrom, letter.visitTo, i18n.language) },
          { title: t('fields.status'), key: 'status', render: (_value, letter) => <LetterStatusTag status={letter.status} erased={letter.erased} /> },
          { title: t('fields.requestedAt'), dataIndex: 'requestedAt', render: (value: string) => formatDateTime(value) },
          {
            title: t('fields.actions'),
            key: 'actions',
            render: (_value, letter) => (
              <Space wrap>
                {letter.status === 'PENDING' ? (
                  <>
                    <Button type="primary" size="small" loading={decide.isPending} onClick={() => void run(() => decide.mutateAsync({ letterId: letter.id, decision: 'ISSUE' }), t('queue.issued'))} data-testid="letter-issue">
                      {t('actions.issue')}
                    </Button>
                    <Button size="small" danger onClick={() => setAsking({ kind: 'refuse', letter })} data-testid="letter-refuse">
                      {t('actions.refuse')}
                    </Button>
                  </>
                ) : null}
                {letter.status === 'ISSUED' ? (
                  <Button size="small" danger onClick={() => setAsking({ kind: 'revoke', letter })} data-testid="letter-revoke">
                    {t('actions.revoke')}
                  </Button>
                ) : null}
                {letter.pdfUrl ? (
                  <ExportLinkButton href={letter.pdfUrl} testId="letter-download">
                    {t('actions.download')}
                  </ExportLinkButton>
                ) : null}
                {letter.refuseReason || letter.revokeReason ? <Typography.Text type="secondary">{letter.refuseReason ?? letter.revokeReason}</Typography.Text> : null}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={asking !== null}
        title={asking?.kind === 'revoke' ? t('queue.revokeTitle') : t('queue.refuseTitle')}
        okText={asking?.kind === 'revoke' ? t('actions.revoke') : t('actions.refuse')}
        cancelText={t('actions.cancel')}
        okButtonProps={{ danger: true, disabled: reason.trim().length === 0, loading: decide.isPending || revoke.isPending, ...{ 'data-testid': 'letter-reason-confirm' } }}
        onOk={() => void confirmReason()}
        onCancel={() => setAsking(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>{asking?.letter.holderName ?? ''}</Typography.Paragraph>
        <Input.TextArea value={reason} onChange={(event) => setReason(event.target.value)} maxLength={LETTER_REASON_MAX_LENGTH} rows={3} aria-label={t('fields.reason')} placeholder={t('fields.reason')} data-testid="letter-reason" />
      </Modal>
    </Flex>
  );
}
