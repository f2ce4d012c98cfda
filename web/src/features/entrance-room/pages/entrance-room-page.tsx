import { Alert, Card, Col, Empty, Flex, List, Row, Statistic, Typography } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ROOM_BUCKET_MINUTES, type RoomAlert, type RoomSnapshot } from '@portal/shared/entrance-room/entrance-room';
import { EChart } from '../../../components/echart';
import { FigureTable } from '../../../components/figure-table';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { formatTime } from '../../../lib/format/date-time';
import { useRoomSnapshots, type RoomConnection } from '../api/room-snapshots';
import { bucketRows, gateSeries, regionLabel, slotLabel } from '../lib/room-figures';

function ConnectionText({ connection, snapshot }: { connection: RoomConnection; snapshot: RoomSnapshot | undefined }) {
  const { t } = useTranslation('entrance-room');
  const text = connection === 'live' && snapshot ? t('live', { time: formatTime(snapshot.generatedAt) }) : connection === 'reconnecting' ? t('reconnecting') : t('connecting');
  return (
    <Typography.Text type={connection === 'reconnecting' ? 'warning' : 'secondary'} data-testid="entrance-room-status">
      {text}
    </Typography.Text>
  );
}

function Figures({ snapshot }: { snapshot: RoomSnapshot }) {
  const { t, i18n } = useTranslation('entrance-room');
  const count = useMemo(() => new Intl.NumberFormat(i18n.language).format, [i18n.language]);
  const figures = [
    { key: 'visitors', value: count(snapshot.visitors) },
    { key: 'reEntries', value: count(snapshot.reEntries) },
    { key: 'exits', value: count(snapshot.exits) },
    { key: 'inside', value: snapshot.inside === null ? t('figures.insideUnknown') : count(snapshot.inside) },
  ];
  return (
    <Row gutter={[16, 16]}>
      {figures.map((figure) => (
        <Col xs={12} md={6} key={figure.key}>
          <Card size="small">
            <Statistic title={t(`figures.${figure.key}`)} value={figure.value} data-testid={`entrance-room-${figure.key}`} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function alertText(alert: RoomAlert, t: (key: string, values?: Record<string, unknown>) => string) {
  switch (alert.kind) {
    case 'SILENT_GATE':
      return alert.minutes === null ? t('alerts.SILENT_GATE_NEVER', { gate: alert.gate }) : t('alerts.SILENT_GATE', { gate: alert.gate, minutes: alert.minutes });
    case 'CLOCK_DRIFT':
      return t('alerts.CLOCK_DRIFT', { gate: alert.gate, seconds: Math.round(alert.offsetMs / 1000) });
    case 'REFUSAL_SPIKE':
      return t('alerts.REFUSAL_SPIKE', { gate: alert.gate, refused: alert.refused, scans: alert.scans });
  }
}

function Alerts({ alerts }: { alerts: RoomAlert[] }) {
  const { t } = useTranslation('entrance-room');
  return (
    <Card title={<h2 className="card-title">{t('alerts.title')}</h2>} size="small" data-testid="entrance-room-alerts">
      {alerts.length === 0 ? (
        <Typography.Text>{t('alerts.none')}</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={alerts}
          rowKey={(alert) => `${alert.kind}:${alert.deviceId}`}
          renderItem={(alert) => (
            <List.Item data-testid={`entrance-room-alert-${alert.kind}`}>
              <Alert type={alert.kind === 'CLOCK_DRIFT' ? 'info' : 'warning'} showIcon message={alertText(alert, t)} style={{ width: '100%' }} />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/** A part of the room: its chart and the same numbers as a table beside it, or a line saying there is nothing yet. */
function ChartPart({ title, emptyText, isEmpty, chart, table }: { title: string; emptyText: string; isEmpty: boolean; chart: ReactNode; table: ReactNode }) {
  return (
    <Card title={<h2 className="card-title">{title}</h2>} size="small">
      {isEmpty ? (
        <Empty description={emptyText} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={14}>
            {chart}
          </Col>
          <Col xs={24} lg={10}>
            {table}
          </Col>
        </Row>
      )}
    </Card>
  );
}

function Gates({ snapshot }: { snapshot: RoomSnapshot }) {
  const { t } = useTranslation('entrance-room');
  const gateName = (gate: string) => gate || t('gates.unnamed');
  const option = useMemo(() => {
    const { slots, series } = gateSeries(snapshot, ROOM_BUCKET_MINUTES);
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: slots.map(slotLabel) },
      yAxis: { type: 'value', minInterval: 1 },
      series: series.map((entry) => ({ name: entry.gate || t('gates.unnamed'), type: 'bar', stack: 'all', barMaxWidth: 48, data: entry.counts })),
    };
  }, [snapshot, t]);
  return (
    <ChartPart
      title={t('gates.title')}
      emptyText={t('gates.none')}
      isEmpty={snapshot.buckets.length === 0}
      chart={<EChart option={option} testId="entrance-room-gates-chart" />}
      table={
        <FigureTable
          caption={t('gates.title')}
          rows={bucketRows(snapshot)}
          rowKey="key"
          testId="entrance-room-gates-table"
          columns={[
            { key: 'slot', title: t('gates.time'), render: (_value, row) => slotLabel(row.slot) },
            { key: 'gate', title: t('gates.gate'), render: (_value, row) => gateName(row.gate) },
            { key: 'entries', title: t('gates.entries'), dataIndex: 'entries', align: 'right' },
            { key: 'reEntries', title: t('gates.reEntries'), dataIndex: 'reEntries', align: 'right' },
          ]}
        />
      }
    />
  );
}

function Regions({ regions }: { regions: RoomSnapshot['regions'] }) {
  const { t, i18n } = useTranslation('entrance-room');
  const rows = useMemo(() => regions.map((row) => ({ key: row.region ?? '', name: regionLabel(row.region, t, i18n.language), visitors: row.visitors })), [regions, t, i18n.language]);
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 16, right: 16, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', inverse: true, data: rows.slice(0, 12).map((row) => row.name) },
      series: [{ name: t('regions.visitors'), type: 'bar', barMaxWidth: 32, data: rows.slice(0, 12).map((row) => row.visitors) }],
    }),
    [rows, t],
  );
  return (
    <ChartPart
      title={t('regions.title')}
      emptyText={t('regions.none')}
      isEmpty={rows.length === 0}
      chart={<EChart option={option} testId="entrance-room-regions-chart" />}
      table={
        <FigureTable
          caption={t('regions.title')}
          rows={rows}
          rowKey="key"
          testId="entrance-room-regions-table"
          columns={[
            { key: 'name', title: t('regions.region'), dataIndex: 'name' },
            { key: 'visitors', title: t('regions.visitors'), dataIndex: 'visitors', align: 'right' },
          ]}
        />
      }
    />
  );
}

/**
 * /wo/entrance-room: today's gates live for the ticket and hardware sections' organizers — pushed by the
 * server (one snapshot per instance and refresh shared by all who watch), never polled.
 */
export function EntranceRoomPage() {
  const { t } = useTranslation('entrance-room');
  const { snapshot, connection } = useRoomSnapshots();
  return (
    <Flex vertical gap={16} data-testid="entrance-room-page">
      <PageHeader title={t('title')} align="baseline">
        <ConnectionText connection={connection} snapshot={snapshot} />
      </PageHeader>
      {connection === 'refused' && !snapshot ? <Alert type="error" showIcon message={t('forbidden')} data-testid="entrance-room-refused" /> : null}
      {!snapshot ? (
        connection === 'refused' ? null : <PageLoading />
      ) : (
        <>
          {snapshot.showDay ? null : <Alert type="info" showIcon message={t('notShowDay')} />}
          <Figures snapshot={snapshot} />
          <Alerts alerts={snapshot.alerts} />
          <Gates snapshot={snapshot} />
          <Regions regions={snapshot.regions} />
        </>
      )}
    </Flex>
  );
}
