import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LetterStatus } from '@portal/shared/invitation-letter/invitation-letter.schema';

const COLOURS: Record<LetterStatus, string> = { PENDING: 'processing', ISSUED: 'success', REFUSED: 'error', REVOKED: 'default' };

/** A letter's state in words (an erased letter says so). */
export function LetterStatusTag({ status, erased }: { status: LetterStatus; erased?: boolean }) {
  const { t } = useTranslation('invitation-letter');
  return (
    <Tag color={erased ? 'default' : COLOURS[status]} data-testid="letter-status">
      {erased ? t('status.ERASED') : t(`status.${status}`)}
    </Tag>
  );
}
