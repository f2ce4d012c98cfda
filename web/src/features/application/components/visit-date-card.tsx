import { Checkbox, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDay } from '../../../lib/format/date-time';
import type { VisitDateOption } from '../lib/visit-date-rules';

/** One exhibition day as a checkbox card: seats left, deadline, and why it cannot be changed. */
export function VisitDateCard({ option, checked, onChange, disabled }: { option: VisitDateOption; checked: boolean; onChange: (checked: boolean) => void; disabled: boolean }) {
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
          {!checked && (state === 'full' || state === 'closed') ? (
            <Typography.Text type="danger" data-testid={`visit-date-${option.day}-reason`}>
              {t(state === 'full' ? 'errors:VISIT_DATE_FULL' : 'errors:VISIT_DATE_DEADLINE_PASSED')}
            </Typography.Text>
          ) : null}
        </Flex>
      </Checkbox>
    </div>
  );
}
