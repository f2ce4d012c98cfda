import { PlusOutlined } from '@ant-design/icons';
import { App, Badge, Button, Empty, Flex, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntranceDeviceFieldsFragment } from '../../../graphql/operations.generated';
import { LoadErrorCard } from '../../../components/load-error-card';
import { ScrollRegion } from '../../../components/scroll-region';
import { formatDateTime, formatDay } from '../../../lib/format/date-time';
import { useErrorText } from '../../../lib/use-error-text';
import { useEntranceDevices } from '../api/entrance-devices';
import { useIssueDeviceToken } from '../api/issue-device-token';
import { useRevokeDeviceToken } from '../api/revoke-device-token';
import { DeviceFormDialog } from '../components/device-form-dialog';
import { DeviceScansDrawer } from '../components/device-scans-drawer';
import { DeviceTokenDialog } from '../components/device-token-dialog';
import { HourlyScansFigure } from '../components/hourly-scans';
import { PageHeader } from '../../../components/page-header';
import { useOpeningKey } from '../../../lib/use-opening-key';

type Device = EntranceDeviceFieldsFragment;
/** Beyond this the device's offline scan times are off by more than a turnstile's cycle: worth a look. */
const CLOCK_WARNING_MS = 5_000;
/** Narrower screens scroll the table sideways (inside the focusable region) instead of squeezing its columns. */
const TABLE_MIN_WIDTH = 1060;
const NO_WRAP = { style: { whiteSpace: 'nowrap' } } as const;

function ClockOffset({ offsetMs }: { offsetMs: number | null }) {
  const { t } = useTranslation('entrance');
  if (offsetMs === null) return <Typography.Text type="secondary">—</Typography.Text>;
  const seconds = (offsetMs / 1000).toFixed(1);
  const text = offsetMs === 0 ? t('clock.exact') : t(offsetMs > 0 ? 'clock.ahead' : 'clock.behind', { seconds: seconds.replace('-', '') });
  return (
    <Typography.Text type={Math.abs(offsetMs) > CLOCK_WARNING_MS ? 'warning' : undefined} data-testid="device-clock-offset">
      {text}
    </Typography.Text>
  );
}

/**
 * /wo/hardware/list (ROLE_HARDWARE): the entrance devices with their state (online from the
 * heartbeat, clock offset, today's scans per hour, conflicts), refreshed every 15 s; register and edit,
 * issue a token (shown once) and revoke it; each device's scan log with the reasons in words.
 */
export function DeviceListPage() {
  const { t, i18n } = useTranslation('entrance');
  const { message, notification } = App.useApp();
  const errorText = useErrorText();
  const list = useEntranceDevices();
  const [editing, setEditing] = useState<{ device?: Device } | undefined>();
  const dialogKey = useOpeningKey(!!editing);
  const [issued, setIssued] = useState<{ deviceName: string; token: string } | undefined>();
  const [logOf, setLogOf] = useState<Device | undefined>();
  const issue = useIssueDeviceToken();
  const revoke = useRevokeDeviceToken();
  const report = (error: unknown) => notification.error({ title: errorText(error) });

  const issueToken = (device: Device) => issue.mutateAsync(device.id).then(({ token }) => setIssued({ deviceName: device.name, token }), report);

  const columns: TableColumnsType<Device> = [
    {
      title: t('columns.name'),
      key: 'name',
      render: (_value, row) => (
        <Flex vertical>
          <Typography.Text strong style={{ whiteSpace: 'nowrap' }} data-testid="device-name">
            {row.name}
          </Typography.Text>
          <Typography.Text type="secondary">{row.location}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('columns.kind'),
      key: 'kind',
      onHeaderCell: () => NO_WRAP,
      onCell: () => NO_WRAP,
      render: (_value, row) => (
        <Flex vertical>
          <span>{t(`kinds.${row.kind}`)}</span>
          <Typography.Text type="secondary" data-testid="device-direction">
            {t(`directions.${row.direction}`)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('columns.admits'),
      key: 'admits',
      render: (_value, row) => (
        <Flex vertical gap={4}>
          <Flex wrap gap={4}>
            {row.ticketKinds.map((kind) => (
              <Tag key={kind}>{t(`ticketKinds.${kind}`)}</Tag>
            ))}
          </Flex>
          <Typography.Text type="secondary">{row.days.length ? row.days.map((day) => formatDay(day, i18n.language)).join(' · ') : t('columns.everyDay')}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('columns.state'),
      key: 'state',
      render: (_value, row) => (
        <Flex vertical>
          <Badge status={row.online ? 'success' : 'default'} text={t(row.online ? 'state.online' : 'state.offline')} data-testid="device-state" />
          <Typography.Text type="secondary">{row.lastHeartbeatAt ? t('state.lastHeartbeat', { at: formatDateTime(row.lastHeartbeatAt) }) : t('state.never')}</Typography.Text>
          {row.queuedScans ? <Typography.Text type="warning">{t('state.queued', { count: row.queuedScans })}</Typography.Text> : null}
        </Flex>
      ),
    },
    { title: t('columns.clock'), key: 'clock', onHeaderCell: () => NO_WRAP, onCell: () => NO_WRAP, render: (_value, row) => <ClockOffset offsetMs={row.clockOffsetMs} /> },
    { title: t('columns.scansToday'), key: 'scans', render: (_value, row) => <HourlyScansFigure hours={row.scansToday} /> },
    {
      title: t('columns.conflicts'),
      dataIndex: 'conflictsToday',
      onHeaderCell: () => NO_WRAP,
      render: (count: number) => (count ? <Tag color="orange">{count}</Tag> : <Typography.Text type="secondary">0</Typography.Text>),
    },
    {
      title: t('columns.token'),
      key: 'token',
      render: (_value, row) =>
        row.tokenIssuedAt ? (
          <Typography.Text data-testid="device-token-state">{t('token.issuedAt', { at: formatDateTime(row.tokenIssuedAt) })}</Typography.Text>
        ) : (
          <Typography.Text type="secondary" data-testid="device-token-state">
            {t('token.none')}
          </Typography.Text>
        ),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      render: (_value, row) => (
        <Space wrap size={4}>
          <Button size="small" data-testid="device-edit" onClick={() => setEditing({ device: row })}>
            {t('actions.edit')}
          </Button>
          <Button size="small" data-testid="device-scans" onClick={() => setLogOf(row)}>
            {t('actions.scans')}
          </Button>
          {row.hasToken ? (
            <Popconfirm title={t('actions.reissueConfirm')} okText={t('actions.confirm')} cancelText={t('form.cancel')} onConfirm={() => issueToken(row)}>
              <Button size="small" data-testid="device-issue-token">
                {t('actions.reissue')}
              </Button>
            </Popconfirm>
          ) : (
            <Button size="small" data-testid="device-issue-token" onClick={() => void issueToken(row)}>
              {t('actions.issue')}
            </Button>
          )}
          {row.hasToken ? (
            <Popconfirm
              title={t('actions.revokeConfirm')}
              okText={t('actions.revoke')}
              okButtonProps={{ danger: true, ...{ 'data-testid': 'device-revoke-confirm' } }}
              cancelText={t('form.cancel')}
              onConfirm={() => revoke.mutateAsync(row.id).then(() => void message.success(t('actions.revoked')), report)}
            >
              <Button size="small" danger data-testid="device-revoke-token">
                {t('actions.revoke')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="device-list-page">
      <PageHeader title={t('list.title')}>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({})} data-testid="device-register">
          {t('actions.register')}
        </Button>
      </PageHeader>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('list.intro')}
      </Typography.Paragraph>
      {list.isError && !list.data ? (
        <LoadErrorCard error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <ScrollRegion label={t('list.title')}>
          <Table<Device>
            rowKey="id"
            columns={columns}
            dataSource={list.data ?? []}
            loading={list.isPending}
            pagination={false}
            style={{ minWidth: TABLE_MIN_WIDTH }}
            locale={{ emptyText: <Empty description={t('list.empty')} /> }}
            onRow={(row) => ({ 'data-testid': `device-row-${row.id}` }) as object}
          />
        </ScrollRegion>
      )}
      <DeviceFormDialog key={dialogKey} open={!!editing} device={editing?.device} onClose={() => setEditing(undefined)} />
      <DeviceTokenDialog issued={issued} onClose={() => setIssued(undefined)} />
      <DeviceScansDrawer device={logOf} onClose={() => setLogOf(undefined)} />
    </Flex>
  );
}
