import { Card, Descriptions, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatDayRange } from '../../../lib/format/date-time';
import { useVerifyLetter } from '../api/verify-letter';

/**
 * The public verification page a letter's QR opens (no sign-in): valid or revoked, with the name and
 * passport number masked, the dates, the issuer and the issue date; not valid when unknown or erased.
 */
export function LetterVerifyPage({ letterId, signature }: { letterId: string; signature: string }) {
  const { t, i18n } = useTranslation('invitation-letter');
  const answer = useVerifyLetter(letterId, signature);
  if (answer.isPending) return <Spin />;
  const verdict = answer.isError ? 'NOT_VALID' : answer.data.verdict;
  const status = verdict === 'VALID' ? 'success' : verdict === 'REVOKED' ? 'warning' : 'error';
  return (
    <Card style={{ maxWidth: 640, margin: '0 auto' }} data-testid="letter-verify-page">
      <Result status={status} title={<h1 style={{ fontSize: 24, margin: 0 }} data-testid="letter-verdict" data-verdict={verdict}>{t(`verify.${verdict}`)}</h1>} subTitle={t(`verify.${verdict}Hint`)} />
      {!answer.isError && answer.data.nameMasked ? (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('fields.name')}>
            <span data-testid="letter-verify-name">{answer.data.nameMasked}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.passport')}>{answer.data.passportMasked ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.visit')}>{answer.data.visitFrom && answer.data.visitTo ? formatDayRange(answer.data.visitFrom, answer.data.visitTo, i18n.language) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.issuer')}>{answer.data.issuer ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.issuedAt')}>{formatDate(answer.data.issuedAt)}</Descriptions.Item>
          {answer.data.revokedAt ? <Descriptions.Item label={t('fields.revokedAt')}>{formatDateTime(answer.data.revokedAt)}</Descriptions.Item> : null}
        </Descriptions>
      ) : null}
    </Card>
  );
}
