import { Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EntranceDeviceFieldsFragment } from '../../../graphql/operations.generated';
import { barHeights, hourLabel, scanTotals } from '../lib/hourly-scans';

type HourlyScans = EntranceDeviceFieldsFragment['scansToday'][number];
const BAR_HEIGHT = 28;

/**
 * Today's scans of one device per Beijing hour: a small bar per hour that had scans (admitted green,
 * denied red on top) and the totals in words, which screen readers read instead of the bars.
 */
export function HourlyScansFigure({ hours }: { hours: readonly HourlyScans[] }) {
  const { t } = useTranslation('entrance');
  const { admitted, denied, busiest } = scanTotals(hours);
  if (admitted + denied === 0) return <Typography.Text type="secondary">{t('scans.none')}</Typography.Text>;
  return (
    <Flex vertical gap={4} data-testid="device-scans-today">
      <Flex align="flex-end" gap={2} style={{ height: BAR_HEIGHT }} aria-hidden>
        {hours.map((hour) => (
          <Tooltip key={hour.hour} title={t('scans.hour', { hour: hourLabel(hour.hour), admitted: hour.admitted, denied: hour.denied })}>
            <Flex vertical justify="flex-end" style={{ width: 6, height: BAR_HEIGHT }}>
              <div style={{ height: barHeights(hour, busiest, BAR_HEIGHT).denied, background: 'var(--ant-color-error, #ff4d4f)' }} />
              <div style={{ height: barHeights(hour, busiest, BAR_HEIGHT).admitted, background: 'var(--ant-color-success, #52c41a)' }} />
            </Flex>
          </Tooltip>
        ))}
      </Flex>
      <Typography.Text>{t('scans.totals', { admitted, denied })}</Typography.Text>
    </Flex>
  );
}
