import { Button, Flex, Popconfirm, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_BULK_DECISIONS } from '@portal/shared/review/review.schema';
import { approveTitle, type SelectedRow } from '../lib/approve-title';
import { bulkRules, type BulkBlock } from '../lib/decision-rules';

/** Bulk approve / refuse for the selected rows; an action the selection does not allow is disabled with the reason. */
export function BulkBar({
  selected,
  pending,
  onApprove,
  onRefuse,
  onClear,
  onErase,
}: {
  selected: ReadonlyMap<string, SelectedRow>;
  pending: boolean;
  onApprove: () => Promise<unknown>;
  onRefuse: (revokes: number) => void;
  onClear: () => void;
  /** Super administrators only: erase the selection's personal data (absent for everyone else). */
  onErase?: () => void;
}) {
  const { t } = useTranslation('review');
  const rows = [...selected.values()];
  const statuses = rows.map((row) => row.status);
  const rules = bulkRules(statuses);
  const blockText = (block: BulkBlock | null) => (block === null || block === 'empty' ? null : t(`selection.${block}`, { max: MAX_BULK_DECISIONS }));
  if (statuses.length === 0) {
    return (
      <Typography.Text type="secondary" data-testid="review-selection-hint">
        {t('selection.hint')}
      </Typography.Text>
    );
  }
  return (
    <Flex align="center" gap={8} wrap role="group" aria-label={t('selection.count', { count: statuses.length })}>
      <Typography.Text strong data-testid="review-selection-count" data-count={statuses.length}>
        {t('selection.count', { count: statuses.length })}
      </Typography.Text>
      <Popconfirm
        title={approveTitle(t, rows.map((row) => row.name))}
        description={rows.length === 1 ? t('approve.confirmOne') : t('approve.confirm')}
        okText={t('approve.ok')}
        cancelText={t('approve.cancel')}
        onConfirm={onApprove}
        disabled={!rules.approve.allowed}
        okButtonProps={{ ...{ 'data-testid': 'review-approve-confirm' } }}
      >
        <Tooltip title={blockText(rules.approve.block)}>
          <Button type="primary" disabled={!rules.approve.allowed || pending} loading={pending} data-testid="review-bulk-approve">
            {t('selection.approve')}
          </Button>
        </Tooltip>
      </Popconfirm>
      <Tooltip title={blockText(rules.refuse.block)}>
        <Button danger disabled={!rules.refuse.allowed || pending} onClick={() => onRefuse(rules.refuse.revokes)} data-testid="review-bulk-refuse">
          {t('selection.refuse')}
        </Button>
      </Tooltip>
      {onErase ? (
        <Button danger type="dashed" disabled={pending} onClick={onErase} data-testid="review-bulk-erase">
          {t('selection.erase')}
        </Button>
      ) : null}
      <Button type="link" onClick={onClear} disabled={pending} data-testid="review-selection-clear">
        {t('selection.clear')}
      </Button>
    </Flex>
  );
}
