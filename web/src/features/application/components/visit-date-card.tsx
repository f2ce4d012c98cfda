import { Button, Checkbox, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDay } from '../../../lib/format/date-time';
import type { VisitDateOption } from '../lib/visit-date-rules';
import type { WaitlistAction } from '../api/waitlist-actions';

/** One exhibition day as a checkbox card: seats left, deadline, why it cannot be changed, and its waitlist. */
export function VisitDateCard({
  option,
  checked,
  onChange,
  disabled,
  onWaitlist,
}: {
  option: VisitDateOption;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
  onWaitlist: (action: WaitlistAction) => void;
}) {
  const { t, i18n } = useTranslation(['visitor', 'errors']);
  const state = option.admitted ? 'admitted' : option.pastDeadline ? 'closed' : option.full ? 'full' : 'open';
  const className = ['visit-date-card', checked ? 'visit-date-card-checked' : '', option.locked ? 'visit-date-card-locked' : ''].filter(Boolean).join(' ');
  return (
    <div className={className} data-testid={`visit-date-${option.day}`} data-state={state} data-checked={checked}>
      <Checkbox checked={checked} disabled={disabled || option.locked} onChange={(event) => onChange(event.target.checked)} className="visit-date-checkbox">
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong>{formatDay(option.day, i18n.language)}</Typography.Text>
            {state !== 'open' ? <Tag color={state === 'admitted' ? 'green' : 'default'}>{t(`visitDate.${state}`)}</Tag> : null}
          </Flex>
          <Typography.Text type="secondary">{t('visitDate.remaining', { remaining: Math.max(0, option.remaining), capacity: option.capacity })}</Typography.Text>
          <Typography.Text type={option.pastDeadline ? 'danger' : 'secondary'}>{t('visitDate.deadline', { date: formatDateTime(option.deadline) })}</Typography.Text>
          {/* SPEC 8: a day that cannot be taken says why, in the words the server would use. */}
          {/* On the day's waitlist, the line says the rest. */}
          {!checked && (state === 'full' || state === 'closed') && (!option.waitlist || option.waitlist.kind === 'join') ? (
            <Typography.Text type="danger" data-testid={`visit-date-${option.day}-reason`}>
              {t(state === 'full' ? 'errors:VISIT_DATE_FULL' : 'errors:VISIT_DATE_DEADLINE_PASSED')}
            </Typography.Text>
          ) : null}
        </Flex>
      </Checkbox>
      <WaitlistLine option={option} disabled={disabled} onWaitlist={onWaitlist} />
    </div>
  );
}

/** A full day's waitlist for the visitor: join it, their place in line (and leave), or the seat held for them to confirm. */
function WaitlistLine({ option, disabled, onWaitlist }: { option: VisitDateOption; disabled: boolean; onWaitlist: (action: WaitlistAction) => void }) {
  const { t } = useTranslation('visitor');
  const waitlist = option.waitlist;
  if (!waitlist) return null;
  const testId = `visit-date-${option.day}-waitlist`;
  if (waitlist.kind === 'join') {
    return (
      <Flex className="visit-date-waitlist" gap={8} wrap>
        <Button size="small" onClick={() => onWaitlist('join')} disabled={disabled} data-testid={`${testId}-join`}>
          {t('waitlist.join')}
        </Button>
      </Flex>
    );
  }
  if (waitlist.kind === 'waiting') {
    return (
      <Flex className="visit-date-waitlist" gap={8} align="center" wrap data-testid={testId} data-state="waiting">
        <Typography.Text>{t('waitlist.position', { position: waitlist.position })}</Typography.Text>
        <Button size="small" type="link" onClick={() => onWaitlist('leave')} disabled={disabled} data-testid={`${testId}-leave`}>
          {t('waitlist.leave')}
        </Button>
      </Flex>
    );
  }
  return (
    <Flex className="visit-date-waitlist visit-date-waitlist-offered" vertical gap={8} data-testid={testId} data-state="offered">
      <Typography.Text strong>{t('waitlist.offered', { until: formatDateTime(waitlist.until) })}</Typography.Text>
      <Flex gap={8} wrap>
        <Button size="small" type="primary" onClick={() => onWaitlist('confirm')} disabled={disabled} data-testid={`${testId}-confirm`}>
          {t('waitlist.confirm')}
        </Button>
        <Button size="small" onClick={() => onWaitlist('leave')} disabled={disabled} data-testid={`${testId}-decline`}>
          {t('waitlist.decline')}
        </Button>
      </Flex>
    </Flex>
  );
}
