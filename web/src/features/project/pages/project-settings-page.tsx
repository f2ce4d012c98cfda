import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex, Form, Input, InputNumber, Select, Space, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CHANNEL_NAME_MAX_LENGTH,
  MAX_DAY_CAPACITY,
  MAX_RETENTION_DAYS,
  MIN_RETENTION_DAYS,
  saveProjectSettingsSchema,
  SHOW_NAME_MAX_LENGTH,
  WEBSITE_URL_MAX_LENGTH,
  type TSaveProjectSettingsFields,
} from '@portal/shared/show/project-settings.schema';
import { isRealWebsite } from '@portal/shared/show/show-website';
import { WAITLIST_OFFER_HOURS_MAX, WAITLIST_OFFER_HOURS_MIN } from '@portal/shared/application/waitlist.schema';
import { COOLDOWN_MAX_MINUTES, COOLDOWN_MIN_MINUTES, REENTRY_POLICIES, ROTATABLE_KINDS, ZSaveGateRulesInput, type ReentryPolicy } from '@portal/shared/ticket/gate-rules.schema';
import { QR_PERIOD_MAX_SECONDS, QR_PERIOD_MIN_SECONDS } from '@portal/shared/ticket/rotating-code';
import type { TicketKind } from '@portal/shared/ticket/ticket.schema';
import { shanghaiDate } from '@portal/shared/dates';
import { isErrorCode } from '@portal/shared/errors/error-codes';
import { LoadErrorCard } from '../../../components/load-error-card';
import { PageLoading } from '../../../components/page-loading';
import { formatDateTime, parseBeijingDateTime } from '../../../lib/format/date-time';
import { fieldOfPath, isInstantAccepted } from '../lib/settings-form';
import { normaliseError } from '../../../lib/errors';
import { useServerFieldErrors } from '../../../lib/antd-field-errors';
import { serverFieldCodes } from '../../../lib/server-field-errors';
import { useErrorText } from '../../../lib/use-error-text';
import { useProjectSettings } from '../api/project-settings';
import { useSaveGateRules } from '../api/save-gate-rules';
import { useSaveProjectSettings } from '../api/save-project-settings';

interface DayRow {
  day: string;
  capacity: number;
  deadline: string;
  held: number;
  waitlistWaiting: number;
  waitlistOffered: number;
}

interface ChannelRow {
  id: string | null;
  nameZh: string;
  nameEn: string;
  enabled: boolean;
}

/** The look of the form's tables of rows (days, gate rules): one row per list field. */
const FIELD_ROWS_TABLE = { rowKey: 'key', size: 'small', pagination: false, scroll: { x: 'max-content' } } as const;

interface GateRuleRow {
  kind: TicketKind;
  rotating: boolean;
  reentry: ReentryPolicy;
  cooldownMinutes: number | null;
}

interface SettingsValues {
  nameZh: string;
  nameEn: string;
  showWebsiteUrl: string;
  audienceRegOpen: boolean;
  exhibitorRegOpen: boolean;
  audienceUpdateDeadline: string;
  retentionDays: number;
  waitlistOfferHours: number;
  qrPeriodSeconds: number;
  ticketRules: GateRuleRow[];
  days: DayRow[];
  channels: ChannelRow[];
}

/** The gate rules as the inputs take them: a cooldown only with COOLDOWN. */
const ruleInputs = (rows: GateRuleRow[]) =>
  rows.map((row) => ({ kind: row.kind, rotating: row.rotating, reentry: row.reentry, cooldownMinutes: row.reentry === 'COOLDOWN' ? row.cooldownMinutes : null }));

/** /wo/project/info (ROLE_PROJECT): every setting of the show in one form, saved at once. */
export function ProjectSettingsPage({ bannerPlacementsPath }: { bannerPlacementsPath: string }) {
  const { t } = useTranslation('project');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const settings = useProjectSettings();
  const save = useSaveProjectSettings();
  const saveGates = useSaveGateRules();
  const [form] = Form.useForm<SettingsValues>();
  const website = Form.useWatch('showWebsiteUrl', form)?.trim();
  const [conflict, setConflict] = useState(false);
  const fieldErrors = useServerFieldErrors<string>(form, t);

  if (settings.isPending) return <PageLoading />;
  if (settings.isError) return <LoadErrorCard error={settings.error} onRetry={() => void settings.refetch()} />;
  const current = settings.data;
  const initialValues: SettingsValues = {
    nameZh: current.nameZh,
    nameEn: current.nameEn,
    showWebsiteUrl: current.showWebsiteUrl ?? '',
    audienceRegOpen: current.audienceRegOpen,
    exhibitorRegOpen: current.exhibitorRegOpen,
    audienceUpdateDeadline: formatDateTime(current.audienceUpdateDeadline),
    retentionDays: current.retentionDays,
    waitlistOfferHours: current.waitlistOfferHours,
    qrPeriodSeconds: current.qrPeriodSeconds,
    ticketRules: current.ticketRules.map((row) => ({ ...row })),
    days: current.days.map((row) => ({ ...row, deadline: formatDateTime(row.deadline) })),
    channels: current.channels.map((row) => ({ ...row })),
  };
  const instantRule = (required: boolean) => ({
    validator: (_rule: unknown, value: string | undefined) =>
      isInstantAccepted(value, required) ? Promise.resolve() : Promise.reject(new Error(t('dateTimeFormat'))),
  });

  /** The problems at their fields (each says what is wrong; the row says where), the rest in the toast. */
  const showProblems = (problems: ReadonlyArray<{ path: string; code: string }>) => {
    const texts: Record<string, string> = {};
    const elsewhere: string[] = [];
    for (const { path, code } of problems) {
      const text = t(`errors:${isErrorCode(code) ? code : 'VALIDATION_FAILED'}`);
      const field = fieldOfPath(path);
      if (field) texts[field] ??= text;
      else if (!elsewhere.includes(text)) elsewhere.push(text);
    }
    fieldErrors.showTexts(texts);
    void message.error(elsewhere.length > 0 ? elsewhere.join(' · ') : t('fixFields'));
  };

  const onFinish = async () => {
    // Every stored value, the ones without a field too (a channel's id, a day's seats held).
    const values = form.getFieldsValue(true) as SettingsValues;
    setConflict(false);
    const input: TSaveProjectSettingsFields = {
      version: current.version,
      nameZh: values.nameZh,
      nameEn: values.nameEn,
      showWebsiteUrl: values.showWebsiteUrl,
      audienceRegOpen: values.audienceRegOpen,
      exhibitorRegOpen: values.exhibitorRegOpen,
      audienceUpdateDeadline: parseBeijingDateTime(values.audienceUpdateDeadline ?? '') ?? null,
      retentionDays: values.retentionDays,
      waitlistOfferHours: values.waitlistOfferHours,
      qrPeriodSeconds: values.qrPeriodSeconds,
      ticketRules: ruleInputs(values.ticketRules),
      days: values.days.map((row) => ({ day: row.day.trim(), capacity: row.capacity, deadline: parseBeijingDateTime(row.deadline) ?? '' })),
      channels: values.channels.map((row) => ({ id: row.id ?? null, nameZh: row.nameZh, nameEn: row.nameEn, enabled: row.enabled })),
    };
    // The shared rules first (the server parses the same input with them): every problem at its field at once.
    const checked = saveProjectSettingsSchema(shanghaiDate(new Date())).safeParse(input);
    if (!checked.success) {
      showProblems(checked.error.issues.map((issue) => ({ path: issue.path.join('.'), code: issue.message })));
      return;
    }
    try {
      await save.mutateAsync(input);
      void message.success(t('saved'));
    } catch (error) {
      if (normaliseError(error).code === 'PROJECT_SETTINGS_CHANGED') {
        setConflict(true);
        return;
      }
      const atFields = Object.entries(serverFieldCodes(error, fieldOfPath, {}));
      fieldErrors.showTexts(Object.fromEntries(atFields.map(([path, code]) => [path, t(`errors:${String(code)}`)])));
      void message.error(errorText(error));
    }
  };

  /** The gate rules' card saves alone (no day rule applies to it): its fields checked, then the same conflict and error handling. */
  const onSaveGates = async () => {
    const values = form.getFieldsValue(true) as SettingsValues;
    setConflict(false);
    const input = { version: current.version, qrPeriodSeconds: values.qrPeriodSeconds, ticketRules: ruleInputs(values.ticketRules) };
    const checked = ZSaveGateRulesInput.safeParse(input);
    if (!checked.success) {
      showProblems(checked.error.issues.map((issue) => ({ path: issue.path.join('.'), code: issue.message })));
      return;
    }
    try {
      await saveGates.mutateAsync(input);
      void message.success(t('saved'));
    } catch (error) {
      if (normaliseError(error).code === 'PROJECT_SETTINGS_CHANGED') setConflict(true);
      else void message.error(errorText(error));
    }
  };

  return (
    <Form<SettingsValues> key={current.version} form={form} onValuesChange={fieldErrors.clearChanged} layout="vertical" initialValues={initialValues} onFinish={onFinish} data-testid="project-settings-form" scrollToFirstError>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Typography.Title level={1} className="page-title">
          {t('common:organizer.pages.projectInfo')}
        </Typography.Title>
        {conflict && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            message={t('conflict')}
            data-testid="project-conflict"
            action={
              <Button
                onClick={() => {
                  setConflict(false);
                  void settings.refetch();
                }}
                data-testid="project-reload"
              >
                {t('reload')}
              </Button>
            }
          />
        )}
        <Card title={t('sections.show')}>
          <Flex gap={16} wrap>
            <Form.Item name="nameZh" label={t('fields.nameZh')} rules={[{ required: true, whitespace: true, message: t('required') }]} style={{ minWidth: 280, flex: 1 }}>
              <Input maxLength={SHOW_NAME_MAX_LENGTH} data-testid="project-name-zh" />
            </Form.Item>
            <Form.Item name="nameEn" label={t('fields.nameEn')} rules={[{ required: true, whitespace: true, message: t('required') }]} style={{ minWidth: 280, flex: 1 }}>
              <Input maxLength={SHOW_NAME_MAX_LENGTH} data-testid="project-name-en" />
            </Form.Item>
          </Flex>
          <Form.Item name="showWebsiteUrl" label={t('fields.showWebsiteUrl')} extra={<span data-testid="project-website-sign-out">{isRealWebsite(website) ? t('hints.signOutToWebsite', { url: website }) : t('hints.signOutToSignIn')}</span>} rules={[{ required: true, type: 'url', message: t('websiteFormat') }]}>
            <Input maxLength={WEBSITE_URL_MAX_LENGTH} placeholder={t('websitePlaceholder')} data-testid="project-website" />
          </Form.Item>
        </Card>
        <Card title={t('sections.registration')}>
          <Flex gap={32} wrap>
            <Form.Item name="audienceRegOpen" label={t('fields.audienceRegOpen')} valuePropName="checked">
              <Switch data-testid="project-audience-reg-open" />
            </Form.Item>
            <Form.Item name="exhibitorRegOpen" label={t('fields.exhibitorRegOpen')} valuePropName="checked">
              <Switch data-testid="project-exhibitor-reg-open" />
            </Form.Item>
            <Form.Item name="audienceUpdateDeadline" label={t('fields.audienceUpdateDeadline')} extra={t('hints.beijingTime')} rules={[instantRule(false)]}>
              <Input placeholder={t('dateTimePlaceholder')} data-testid="project-update-deadline" />
            </Form.Item>
          </Flex>
        </Card>
        <Card title={t('sections.days')}>
          <Form.List name="days">
            {(fields, { add, remove }) => (
              <>
                <Table<(typeof fields)[number]>
                  {...FIELD_ROWS_TABLE}
                  dataSource={fields}
                  columns={[
                    {
                      key: 'day',
                      title: t('fields.day'),
                      render: (_value, field) => (
                        <Form.Item name={[field.name, 'day']} style={{ marginBottom: 0 }} rules={[{ required: true, pattern: /^\d{4}-\d{2}-\d{2}$/, message: t('dayFormat') }]}>
                          <Input placeholder={t('dayPlaceholder')} aria-label={t('fields.day')} data-testid={`project-day-${field.name}-day`} style={{ width: 130 }} />
                        </Form.Item>
                      ),
                    },
                    {
                      key: 'capacity',
                      title: t('fields.capacity'),
                      render: (_value, field) => (
                        <Form.Item name={[field.name, 'capacity']} style={{ marginBottom: 0 }} rules={[{ required: true, message: t('required') }]}>
                          <InputNumber min={0} max={MAX_DAY_CAPACITY} precision={0} aria-label={t('fields.capacity')} data-testid={`project-day-${field.name}-capacity`} />
                        </Form.Item>
                      ),
                    },
                    {
                      key: 'held',
                      title: t('fields.held'),
                      render: (_value, field) => <span data-testid={`project-day-${field.name}-held`}>{form.getFieldValue(['days', field.name, 'held']) ?? 0}</span>,
                    },
                    {
                      key: 'waitlist',
                      title: t('fields.waitlist'),
                      render: (_value, field) => (
                        <span data-testid={`project-day-${field.name}-waitlist`}>
                          {t('waitlistLength', { waiting: form.getFieldValue(['days', field.name, 'waitlistWaiting']) ?? 0, offered: form.getFieldValue(['days', field.name, 'waitlistOffered']) ?? 0 })}
                        </span>
                      ),
                    },
                    {
                      key: 'deadline',
                      title: t('fields.deadline'),
                      render: (_value, field) => (
                        <Form.Item name={[field.name, 'deadline']} style={{ marginBottom: 0 }} rules={[{ required: true, message: t('dateTimeFormat') }, instantRule(true)]}>
                          <Input placeholder={t('dateTimePlaceholder')} aria-label={t('fields.deadline')} data-testid={`project-day-${field.name}-deadline`} style={{ width: 170 }} />
                        </Form.Item>
                      ),
                    },
                    {
                      key: 'remove',
                      title: t('actions'),
                      render: (_value, field) => {
                        const held = Number(form.getFieldValue(['days', field.name, 'held']) ?? 0);
                        return (
                          <Button icon={<DeleteOutlined />} danger disabled={held > 0} title={held > 0 ? t('dayHasBookings') : undefined} onClick={() => remove(field.name)} aria-label={t('removeDay')} data-testid={`project-day-${field.name}-remove`} />
                        );
                      },
                    },
                  ]}
                />
                <Button icon={<PlusOutlined />} onClick={() => add({ day: '', capacity: 0, deadline: '', held: 0, waitlistWaiting: 0, waitlistOffered: 0 })} style={{ marginTop: 12 }} data-testid="project-day-add">
                  {t('addDay')}
                </Button>
              </>
            )}
          </Form.List>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('hints.days')}
          </Typography.Paragraph>
          <Form.Item name="waitlistOfferHours" label={t('fields.waitlistOfferHours')} extra={t('hints.waitlistOfferHours', { min: WAITLIST_OFFER_HOURS_MIN, max: WAITLIST_OFFER_HOURS_MAX })} rules={[{ required: true, type: 'number', min: WAITLIST_OFFER_HOURS_MIN, max: WAITLIST_OFFER_HOURS_MAX, message: t('errors:PROJECT_WAITLIST_HOURS_INVALID') }]} style={{ marginTop: 16, marginBottom: 0 }}>
            <InputNumber min={WAITLIST_OFFER_HOURS_MIN} max={WAITLIST_OFFER_HOURS_MAX} precision={0} addonAfter={t('hoursUnit')} data-testid="project-waitlist-hours" />
          </Form.Item>
        </Card>
        <Card title={t('sections.channels')}>
          <Form.List name="channels">
            {(fields, { add }) => (
              <>
                {fields.map((field) => (
                  <Flex key={field.key} gap={8} wrap align="center" style={{ marginBottom: 8 }}>
                    <Form.Item name={[field.name, 'nameZh']} style={{ marginBottom: 0 }} rules={[{ required: true, whitespace: true, message: t('required') }]}>
                      <Input maxLength={CHANNEL_NAME_MAX_LENGTH} aria-label={t('fields.channelZh')} placeholder={t('fields.channelZh')} style={{ width: 200 }} data-testid={`project-channel-${field.name}-zh`} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'nameEn']} style={{ marginBottom: 0 }} rules={[{ required: true, whitespace: true, message: t('required') }]}>
                      <Input maxLength={CHANNEL_NAME_MAX_LENGTH} aria-label={t('fields.channelEn')} placeholder={t('fields.channelEn')} style={{ width: 240 }} data-testid={`project-channel-${field.name}-en`} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'enabled']} noStyle valuePropName="checked">
                      <Switch aria-label={t('fields.channelEnabled')} />
                    </Form.Item>
                  </Flex>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ id: null, nameZh: '', nameEn: '', enabled: true })} data-testid="project-channel-add">
                  {t('addChannel')}
                </Button>
              </>
            )}
          </Form.List>
        </Card>
        <Card title={t('sections.banners')}>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            {t('hints.banners')} <Link to={bannerPlacementsPath} style={{ textDecoration: 'underline' }}>
              {t('bannerLink')}
            </Link>
          </Typography.Paragraph>
        </Card>
        <Card title={t('sections.gates')}>
          <Form.Item name="qrPeriodSeconds" label={t('fields.qrPeriodSeconds')} extra={t('hints.qrPeriodSeconds', { min: QR_PERIOD_MIN_SECONDS, max: QR_PERIOD_MAX_SECONDS })} rules={[{ required: true, type: 'number', min: QR_PERIOD_MIN_SECONDS, max: QR_PERIOD_MAX_SECONDS, message: t('errors:PROJECT_QR_PERIOD_INVALID') }]}>
            <InputNumber min={QR_PERIOD_MIN_SECONDS} max={QR_PERIOD_MAX_SECONDS} precision={0} addonAfter={t('secondsUnit')} data-testid="project-qr-period" />
          </Form.Item>
          <Form.List name="ticketRules">
            {(fields) => (
              <Table<(typeof fields)[number]>
                {...FIELD_ROWS_TABLE}
                dataSource={fields}
                columns={[
                  { key: 'kind', title: t('fields.ticketKind'), render: (_value, field) => t(`ticketKinds.${String(form.getFieldValue(['ticketRules', field.name, 'kind']))}`) },
                  {
                    key: 'rotating',
                    title: t('fields.rotating'),
                    render: (_value, field) => {
                      const kind = form.getFieldValue(['ticketRules', field.name, 'kind']) as TicketKind;
                      return (
                        <Form.Item name={[field.name, 'rotating']} valuePropName="checked" style={{ marginBottom: 0 }}>
                          <Switch disabled={!ROTATABLE_KINDS.includes(kind)} aria-label={t('fields.rotating')} data-testid={`project-rule-${kind}-rotating`} />
                        </Form.Item>
                      );
                    },
                  },
                  {
                    key: 'reentry',
                    title: t('fields.reentry'),
                    render: (_value, field) => (
                      <Form.Item name={[field.name, 'reentry']} style={{ marginBottom: 0 }}>
                        <Select<ReentryPolicy>
                          style={{ width: 200 }}
                          aria-label={t('fields.reentry')}
                          options={REENTRY_POLICIES.map((policy) => ({ value: policy, label: t(`reentry.${policy}`) }))}
                          data-testid={`project-rule-${String(form.getFieldValue(['ticketRules', field.name, 'kind']))}-reentry`}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'cooldown',
                    title: t('fields.cooldownMinutes'),
                    render: (_value, field) => (
                      <Form.Item noStyle shouldUpdate>
                        {() =>
                          form.getFieldValue(['ticketRules', field.name, 'reentry']) === 'COOLDOWN' ? (
                            <Form.Item name={[field.name, 'cooldownMinutes']} style={{ marginBottom: 0 }} rules={[{ required: true, message: t('errors:PROJECT_COOLDOWN_INVALID') }]}>
                              <InputNumber
                                min={COOLDOWN_MIN_MINUTES}
                                max={COOLDOWN_MAX_MINUTES}
                                precision={0}
                                addonAfter={t('minutesUnit')}
                                aria-label={t('fields.cooldownMinutes')}
                                data-testid={`project-rule-${String(form.getFieldValue(['ticketRules', field.name, 'kind']))}-cooldown`}
                              />
                            </Form.Item>
                          ) : (
                            '—'
                          )
                        }
                      </Form.Item>
                    ),
                  },
                ]}
              />
            )}
          </Form.List>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            {t('hints.gates')}
          </Typography.Paragraph>
          <Button onClick={() => void onSaveGates()} loading={saveGates.isPending} data-testid="project-gate-save">
            {t('saveGates')}
          </Button>
        </Card>
        <Card title={t('sections.privacy')}>
          <Form.Item name="retentionDays" label={t('fields.retentionDays')} extra={t('hints.retentionDays', { min: MIN_RETENTION_DAYS, max: MAX_RETENTION_DAYS })} rules={[{ required: true, type: 'number', min: MIN_RETENTION_DAYS, max: MAX_RETENTION_DAYS, message: t('retentionRange', { min: MIN_RETENTION_DAYS, max: MAX_RETENTION_DAYS }) }]}>
            <InputNumber min={1} max={MAX_RETENTION_DAYS} precision={0} addonAfter={t('daysUnit')} data-testid="project-retention" />
          </Form.Item>
        </Card>
        <Flex gap={12} align="center">
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="project-save">
            {t('save')}
          </Button>
          <Typography.Text type="secondary">{t('lastSaved', { at: formatDateTime(current.updatedAt), version: current.version })}</Typography.Text>
        </Flex>
      </Space>
    </Form>
  );
}
