import { Alert, Drawer, Empty, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EntranceDeviceScansQuery } from '../../../graphql/operations.generated';
import { formatDateTime } from '../../../lib/format/date-time';
import { useErrorText } from '../../../lib/use-error-text';
import { useEntranceDeviceScans } from '../api/entrance-device-scans';

type Scan = EntranceDeviceScansQuery['entranceDeviceScans'][number];

/** A device's scan log: its latest scans, newest first, each with its reason in words (QR expired, pass-back …). */
export function DeviceScansDrawer({ device, onClose }: { device: { id: string; name: string } | undefined; onClose: () => void }) {
  const { t } = useTranslation('entrance');
  const errorText = useErrorText();
  const scans = useEntranceDeviceScans(device?.id);
  return (
    <Drawer open={device !== undefined} onClose={onClose} title={t('scans.logTitle', { name: device?.name ?? '' })} size="large" data-testid="device-scans-drawer" destroyOnHidden>
      {scans.isError ? (
        <Alert type="error" showIcon title={errorText(scans.error)} />
      ) : (
        <Table<Scan>
          rowKey="id"
          size="small"
          loading={scans.isPending}
          dataSource={scans.data ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description={t('scans.logEmpty')} /> }}
          onRow={(row) => ({ 'data-testid': `device-scan-${row.reason}` }) as object}
          columns={[
            { title: t('scans.columns.at'), key: 'at', render: (_value, row) => formatDateTime(row.scannedAt) },
            {
              title: t('scans.columns.reason'),
              key: 'reason',
              render: (_value, row) => (
                <Tag color={row.admitted ? 'green' : 'red'} data-testid="device-scan-reason">
                  {t(`reasons.${row.reason}`)}
                </Tag>
              ),
            },
            {
              title: t('scans.columns.ticket'),
              key: 'ticket',
              render: (_value, row) => (
                <>
                  {row.ticketKind ? t(`ticketKinds.${row.ticketKind}`) : '—'}
                  {/* The holder chose the counter check: the gate was told to compare the ID in person (decision 0209). */}
                  {row.counterCheck ? (
                    <Tag color="blue" style={{ marginInlineStart: 6 }} title={t('scans.counterCheckText')} data-testid="device-scan-counter-check">
                      {t('scans.counterCheck')}
                    </Tag>
                  ) : null}
                </>
              ),
            },
            {
              title: t('scans.columns.note'),
              key: 'note',
              render: (_value, row) => (
                <Typography.Text type={row.conflict ? 'warning' : 'secondary'}>
                  {[row.offline ? t('scans.offline') : null, row.conflict ? t(`conflicts.${row.conflict}`) : null].filter(Boolean).join(' · ') || '—'}
                </Typography.Text>
              ),
            },
          ]}
        />
      )}
    </Drawer>
  );
}
