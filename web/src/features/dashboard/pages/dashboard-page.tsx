import { Alert, Card, Col, Empty, Flex, Row, Select, Statistic, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAxisDay, formatDateTime, formatDay } from '../../../lib/format/date-time';
import { useErrorText } from '../../../lib/use-error-text';
import { useDashboard, useShowDayOptions, type DashboardData } from '../api/dashboard';
import { EChart } from '../../../components/echart';
import { FigureTable } from '../../../components/figure-table';
import { bookingChartOption, shareOfCapacity } from '../lib/booking-chart';
import { countOf, hourLabel } from '../lib/figures';
import { PageHeader } from '../../../components/page-header';

type Applications = NonNullable<DashboardData['applications']>;
type Exhibitors = NonNullable<DashboardData['exhibitors']>;
type Admissions = NonNullable<DashboardData['admissions']>;

const APPLICATION_STATES = ['WAIT', 'DONE', 'REFUSE'] as const;
const SUBMISSION_STATES = ['PENDING', 'APPROVED', 'REJECTED'] as const;

function ApplicationsPart({ data }: { data: Applications }) {
  const { t, i18n } = useTranslation('dashboard');
  const day = (value: string) => formatDay(value, i18n.language);
  const activityOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: data.activity.map((row) => formatAxisDay(row.day, i18n.language)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: (['submitted', 'approved', 'refused'] as const).map((key) => ({ name: t(`activity.${key}`), type: 'line', smooth: true, data: data.activity.map((row) => row[key]) })),
    }),
    [data.activity, t, i18n.language],
  );
  const count = useMemo(() => new Intl.NumberFormat(i18n.language).format, [i18n.language]);
  const bookingOption = useMemo(
    () =>
      bookingChartOption(data.bookings, {
        held: t('bookings.held'),
        approved: t('bookings.approved'),
        share: t('bookings.share'),
        day: (value) => formatAxisDay(value, i18n.language),
        count,
      }),
    [data.bookings, t, i18n.language, count],
  );
  return (
    <>
      <Row gutter={[16, 16]}>
        {APPLICATION_STATES.map((status) => (
          <Col xs={24} sm={12} lg={6} key={status}>
            <Card size="small">
              <Statistic title={t(`applicationStatus.${status}`)} value={countOf(data.statuses, status)} data-testid={`dashboard-applications-${status}`} />
            </Card>
          </Col>
        ))}
        <Col xs={24} sm={12} lg={6}>
          <Card size="small">
            {/* Those who chose to be verified at the counter instead of by face recognition (decision 0209). */}
            <Statistic
              title={t('counterCheck.title')}
              value={APPLICATION_STATES.reduce((sum, status) => sum + countOf(data.counterCheck, status), 0)}
              suffix={<span style={{ fontSize: 14 }}>{t('counterCheck.pending', { count: countOf(data.counterCheck, 'WAIT') })}</span>}
              data-testid="dashboard-applications-counter-check"
            />
          </Card>
        </Col>
      </Row>
      <Card title={<h2 className="card-title">{t('activity.title')}</h2>} size="small">
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={15}>
            <EChart option={activityOption} testId="dashboard-activity-chart" />
          </Col>
          <Col xs={24} lg={9}>
            <FigureTable
              caption={t('activity.title')}
              rows={[...data.activity].reverse()}
              rowKey="day"
              testId="dashboard-activity-table"
              columns={[
                { key: 'day', title: t('activity.day'), render: (_value, row) => day(row.day) },
                { key: 'submitted', title: t('activity.submitted'), dataIndex: 'submitted', align: 'right' },
                { key: 'approved', title: t('activity.approved'), dataIndex: 'approved', align: 'right' },
                { key: 'refused', title: t('activity.refused'), dataIndex: 'refused', align: 'right' },
              ]}
            />
          </Col>
        </Row>
      </Card>
      <Card title={<h2 className="card-title">{t('bookings.title')}</h2>} size="small">
        {data.bookings.length === 0 ? (
          <Empty description={t('bookings.none')} />
        ) : (
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <EChart option={bookingOption} testId="dashboard-bookings-chart" />
            </Col>
            <Col xs={24} lg={12}>
              <FigureTable
                caption={t('bookings.title')}
                rows={data.bookings}
                rowKey="day"
                testId="dashboard-bookings-table"
                columns={[
                  { key: 'day', title: t('bookings.day'), render: (_value, row) => day(row.day) },
                  { key: 'capacity', title: t('bookings.capacity'), align: 'right', render: (_value, row) => count(row.capacity) },
                  { key: 'held', title: t('bookings.held'), align: 'right', render: (_value, row) => count(row.held) },
                  { key: 'approved', title: t('bookings.approved'), align: 'right', render: (_value, row) => count(row.approved) },
                  { key: 'share', title: t('bookings.share'), align: 'right', render: (_value, row) => `${shareOfCapacity(row)} %` },
                ]}
              />
            </Col>
          </Row>
        )}
      </Card>
    </>
  );
}

function ExhibitorsPart({ data }: { data: Exhibitors }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card title={<h2 className="card-title">{t('exhibitors.title')}</h2>} size="small">
      <Row gutter={[16, 16]}>
        {(['ACTIVE', 'PENDING', 'DISABLED'] as const).map((status) => (
          <Col xs={12} md={4} key={status}>
            <Statistic title={t(`exhibitorStatus.${status}`)} value={countOf(data.exhibitors, status)} data-testid={`dashboard-exhibitors-${status}`} />
          </Col>
        ))}
        {SUBMISSION_STATES.map((status) => (
          <Col xs={12} md={4} key={status}>
            <Statistic title={t(`badgeStatus.${status}`)} value={countOf(data.badges, status)} data-testid={`dashboard-badges-${status}`} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}

function AdmissionsPart({ data, onDay }: { data: Admissions; onDay: (day: string) => void }) {
  const { t, i18n } = useTranslation('dashboard');
  const hours = data.byHour;
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: hours.map((row) => hourLabel(row.hour)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: t('admissions.entries'), type: 'bar', stack: 'all', data: hours.map((row) => row.entries) },
        { name: t('admissions.reEntries'), type: 'bar', stack: 'all', data: hours.map((row) => row.reEntries) },
      ],
    }),
    [hours, t],
  );
  return (
    <Card
      title={<h2 className="card-title">{t('admissions.title', { total: data.total })}</h2>}
      size="small"
      extra={<DaySelect day={data.day} onDay={onDay} language={i18n.language} />}
    >
      {data.total === 0 ? (
        <Empty description={t('admissions.none')} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <EChart option={option} testId="dashboard-admissions-chart" />
          </Col>
          <Col xs={24} lg={6}>
            <FigureTable
              caption={t('admissions.byHour')}
              rows={hours}
              rowKey="hour"
              testId="dashboard-admissions-hours"
              columns={[
                { key: 'hour', title: t('admissions.hour'), render: (_value, row) => hourLabel(row.hour) },
                { key: 'entries', title: t('admissions.entries'), dataIndex: 'entries', align: 'right' },
                { key: 'reEntries', title: t('admissions.reEntries'), dataIndex: 'reEntries', align: 'right' },
              ]}
            />
          </Col>
          <Col xs={24} lg={6}>
            <FigureTable
              caption={t('admissions.byGate')}
              rows={data.byGate.map((row) => ({ ...row, key: row.gate ?? '' }))}
              rowKey="key"
              testId="dashboard-admissions-gates"
              columns={[
                { key: 'gate', title: t('admissions.gate'), render: (_value, row) => row.gate ?? t('admissions.unknownGate') },
                { key: 'count', title: t('admissions.count'), dataIndex: 'count', align: 'right' },
              ]}
            />
          </Col>
        </Row>
      )}
    </Card>
  );
}

function DaySelect({ day, onDay, language }: { day: string; onDay: (day: string) => void; language: string }) {
  const { t } = useTranslation('dashboard');
  const { data } = useShowDayOptions();
  return (
    <Select
      value={day}
      onChange={onDay}
      options={(data ?? [day]).map((value) => ({ value, label: formatDay(value, language) }))}
      aria-label={t('admissions.day')}
      style={{ minWidth: 140 }}
      data-testid="dashboard-admissions-day"
    />
  );
}

/**
 * /wo/dashboard, the organizer's home: each part only when the viewer's roles open
 * its section; the figures refresh every half minute.
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const errorText = useErrorText();
  const [day, setDay] = useState<string | null>(null);
  const dashboard = useDashboard(day);
  const data = dashboard.data;
  const nothing = data && !data.applications && !data.exhibitors && !data.admissions;
  return (
    <Flex vertical gap={16} data-testid="dashboard-page">
      <PageHeader title={t('title')} align="baseline">
        {data ? (
          <Typography.Text type="secondary" data-testid="dashboard-updated">
            {t('updated', { time: formatDateTime(data.generatedAt) })}
          </Typography.Text>
        ) : null}
      </PageHeader>
      {dashboard.error ? <Alert type="error" showIcon message={errorText(dashboard.error)} /> : null}
      {nothing ? <Empty description={t('nothing')} data-testid="dashboard-nothing" /> : null}
      {data?.applications ? <ApplicationsPart data={data.applications} /> : null}
      {data?.exhibitors ? <ExhibitorsPart data={data.exhibitors} /> : null}
      {data?.admissions ? <AdmissionsPart data={data.admissions} onDay={setDay} /> : null}
    </Flex>
  );
}
