import { App, Alert, Button, Card, Checkbox, Col, DatePicker, Form, Input, Row, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ID_TYPES } from '@portal/shared/application/id-number';
import { ACTIVATION_CODE_MAX_LENGTH, EMAIL_MAX_LENGTH, ID_NUMBER_MAX_LENGTH, NAME_MAX_LENGTH } from '@portal/shared/application/application.schema';
import { shanghaiDate } from '@portal/shared/dates';
import { PhotoUpload } from '../../../components/photo-upload';
import { RequiredCheckboxGroup } from '../../../components/required-checkbox-group';
import type { ApplicationOptionsQuery } from '../../../graphql/operations.generated';
import { formatDateTime, formatDay } from '../../../lib/format/date-time';
import { currentLocale } from '../../../lib/i18n/i18n';
import { MOBILE_MAX_LENGTH } from '../../../lib/input-limits';
import { useErrorText } from '../../../lib/use-error-text';
import {
  dayState,
  draftOf,
  EMPTY_APPLICATION,
  parseApplication,
  readDraft,
  serverFieldProblems,
  validateApplication,
  type ApplicationField,
  type ApplicationFormValues,
  type FieldProblem,
} from '../lib/application-rules';
import { useSubmitApplication } from '../api/submit-application';
import { uploadPhoto } from '../api/upload-photo';
import './application-form.css';

type Options = ApplicationOptionsQuery['project'];

export interface ApplicationFormProps {
  options: Options;
  /** The saved application (edit) or the account's contact details (first application). */
  initialValues: Partial<ApplicationFormValues>;
  /** The days the visitor already holds a seat on (a full day stays selectable for them). */
  heldDays: string[];
  /** sessionStorage key of the draft (per account). */
  draftKey: string;
  onSubmitted: () => Promise<void>;
}

const FIELD_ORDER: ApplicationField[] = ['name', 'mobile', 'email', 'idType', 'idNumber', 'birthDate', 'entryPhoto', 'idPhoto', 'visitDates', 'activationCode', 'channelId', 'truthConfirmed', 'sensitiveConsent'];

function readStoredDraft(key: string): Partial<ApplicationFormValues> | undefined {
  try {
    return readDraft(window.sessionStorage, key);
  } catch {
    return undefined;
  }
}

/**
 * The visitor application (SPEC 3, 5): the shared schema's rules with their own translated messages,
 * instant mainland-ID and age checks, photos through PhotoUpload, show days with seats and deadlines.
 * Nothing typed or uploaded is lost: a refusal keeps the form, and the draft (photo ids, not files)
 * lives in sessionStorage until the application is saved.
 */
export function ApplicationForm({ options, initialValues, heldDays, draftKey, onSubmitted }: ApplicationFormProps) {
  const { t } = useTranslation(['application', 'errors']);
  const { notification } = App.useApp();
  const errorText = useErrorText();
  const mutation = useSubmitApplication();
  const [form] = Form.useForm<ApplicationFormValues>();
  const locale = currentLocale();
  const [now] = useState(() => new Date());
  const today = shanghaiDate(now);
  const firstShowDay = useMemo(() => [...options.showDays].map((day) => day.day).sort()[0], [options.showDays]);
  const [restored] = useState(() => readStoredDraft(draftKey));
  const startValues = useMemo<ApplicationFormValues>(() => ({ ...EMPTY_APPLICATION, ...initialValues, ...restored }), [initialValues, restored]);
  const serverProblems = useRef<Partial<Record<ApplicationField, FieldProblem>>>({});
  const idType = Form.useWatch('idType', form);

  useEffect(() => {
    // The draft wins over the saved application until it is submitted.
    form.setFieldsValue(startValues);
  }, [form, startValues]);

  const messageOf = (problem: FieldProblem) => (problem.idProblem ? `${t(`errors:${problem.code}`)} (${t(`application:idProblem.${problem.idProblem}`)})` : t(`errors:${problem.code}`));

  const rule = (field: ApplicationField) => ({
    validator: async () => {
      const values = { ...EMPTY_APPLICATION, ...form.getFieldsValue(true) } as ApplicationFormValues;
      const problem = validateApplication(values, { today, firstShowDay })[field] ?? serverProblems.current[field];
      if (problem) throw new Error(messageOf(problem));
    },
  });

  const saveDraft = () => {
    try {
      window.sessionStorage.setItem(draftKey, JSON.stringify(draftOf({ ...EMPTY_APPLICATION, ...form.getFieldsValue(true) } as ApplicationFormValues)));
    } catch {
      // storage full or disabled: the form itself still holds everything
    }
  };

  async function onFinish() {
    const values = { ...EMPTY_APPLICATION, ...form.getFieldsValue(true) } as ApplicationFormValues;
    const input = parseApplication(values);
    if (!input) return;
    try {
      await mutation.mutateAsync(input);
    } catch (error) {
      const problems = serverFieldProblems(error);
      serverProblems.current = problems;
      const fields = Object.entries(problems) as Array<[ApplicationField, FieldProblem]>;
      if (fields.length > 0) {
        form.setFields(fields.map(([name, problem]) => ({ name, errors: [messageOf(problem)] })));
        form.scrollToField(FIELD_ORDER.find((field) => problems[field]) ?? fields[0]![0], { block: 'center' });
      }
      notification.error({ title: errorText(error), placement: 'top', duration: 4.5 });
      return;
    }
    try {
      window.sessionStorage.removeItem(draftKey);
    } catch {
      // nothing to clear
    }
    await onSubmitted();
  }

  const currentIdType = idType === undefined ? startValues.idType : idType;
  const mainland = currentIdType === 'MAINLAND_ID';
  // The birth date is asked only once a non-mainland ID type is chosen (the mainland ID carries it).
  const asksBirthDate = !!currentIdType && !mainland;
  const channelOptions = options.channels.map((channel) => ({ value: channel.id, label: channel.name, 'data-testid': `application-channel-option-${channel.id}` }));
  const idTypeOptions = ID_TYPES.map((type) => ({ value: type, label: t(`application:idTypes.${type}`), 'data-testid': `application-id-type-option-${type}` }));

  return (
    <Form<ApplicationFormValues>
      form={form}
      name="application"
      layout="vertical"
      initialValues={startValues}
      onValuesChange={(changed: Partial<ApplicationFormValues>) => {
        // A server refusal holds only until the field changes.
        for (const key of Object.keys(changed) as ApplicationField[]) delete serverProblems.current[key];
        if ('idType' in changed) void form.validateFields(['idNumber', 'birthDate'], { recursive: false }).catch(() => undefined);
        saveDraft();
      }}
      onFinish={() => void onFinish()}
      onFinishFailed={({ errorFields }) => {
        const first = errorFields[0]?.name;
        if (first) form.scrollToField(first, { block: 'center' });
      }}
      scrollToFirstError={false}
      requiredMark
      className="application-form"
      data-testid="application-form"
      noValidate
    >
      {restored && (
        <Alert type="info" showIcon className="application-block" title={t('application:draftRestored')} data-testid="application-draft-restored" />
      )}
      <Card title={<h2 className="card-title">{t('application:sections.person')}</h2>} className="application-block">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('application:fields.name')} required rules={[rule('name')]} validateTrigger="onBlur">
              <Input autoComplete="name" maxLength={NAME_MAX_LENGTH} data-testid="application-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="mobile" label={t('application:fields.mobile')} required rules={[rule('mobile')]} validateTrigger="onBlur" extra={t('application:hints.mobile')}>
              <Input type="tel" inputMode="tel" autoComplete="tel" maxLength={MOBILE_MAX_LENGTH} data-testid="application-mobile" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label={t('application:fields.email')} required rules={[rule('email')]} validateTrigger="onBlur">
              <Input type="email" inputMode="email" autoComplete="email" maxLength={EMAIL_MAX_LENGTH} data-testid="application-email" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="idType" label={t('application:fields.idType')} required rules={[rule('idType')]}>
              <Select options={idTypeOptions} placeholder={t('application:placeholders.idType')} data-testid="application-id-type" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="idNumber"
              label={t('application:fields.idNumber')}
              required
              rules={[rule('idNumber')]}
              validateTrigger={['onBlur', 'onChange']}
              extra={mainland ? t('application:hints.mainlandId') : undefined}
            >
              <Input autoComplete="off" maxLength={ID_NUMBER_MAX_LENGTH} data-testid="application-id-number" />
            </Form.Item>
          </Col>
          {asksBirthDate && (
            <Col xs={24} md={12}>
              <Form.Item
                name="birthDate"
                label={t('application:fields.birthDate')}
                required
                rules={[rule('birthDate')]}
                getValueProps={(value: string | null) => ({ value: value ? dayjs(value) : null })}
                normalize={(value: dayjs.Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null)}
              >
                <DatePicker className="application-full-width" format="YYYY-MM-DD" maxDate={dayjs(today)} inputReadOnly={false} data-testid="application-birth-date" />
              </Form.Item>
            </Col>
          )}
        </Row>
      </Card>

      <Card title={<h2 className="card-title">{t('application:sections.photos')}</h2>} className="application-block">
        <Row gutter={[16, 8]}>
          <Col xs={24} lg={12}>
            <Form.Item name="entryPhoto" label={t('application:fields.entryPhoto')} required rules={[rule('entryPhoto')]} extra={t('application:hints.entryPhoto')}>
              <PhotoUpload purpose="ENTRY_CARD" profile="audience" upload={uploadPhoto} label={t('application:fields.entryPhoto')} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item name="idPhoto" label={t('application:fields.idPhoto')} required rules={[rule('idPhoto')]} extra={t('application:hints.idPhoto')}>
              <PhotoUpload purpose="ID_CARD" profile="audience" upload={uploadPhoto} label={t('application:fields.idPhoto')} />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title={<h2 className="card-title">{t('application:sections.visit')}</h2>} className="application-block">
        <Form.Item name="visitDates" label={t('application:fields.visitDates')} required rules={[rule('visitDates')]} extra={t('application:hints.visitDates')}>
          <RequiredCheckboxGroup className="application-days" data-testid="application-visit-dates">
            {options.showDays.map((showDay) => {
              const state = dayState(showDay, now, heldDays.includes(showDay.day));
              return (
                <Checkbox key={showDay.day} value={showDay.day} disabled={state !== 'open'} className="application-day" data-testid={`application-visit-date-${showDay.day}`} data-state={state}>
                  <span className="application-day-label">
                    <span className="application-day-name">{formatDay(showDay.day, locale)}</span>
                    {state === 'closed' ? (
                      <Tag>{t('application:day.closed')}</Tag>
                    ) : state === 'full' ? (
                      <Tag color="red">{t('application:day.full')}</Tag>
                    ) : (
                      <Typography.Text type="secondary" className="application-day-detail">
                        {t('application:day.remaining', { count: showDay.remaining })}
                      </Typography.Text>
                    )}
                    <Typography.Text type="secondary" className="application-day-detail">
                      {t('application:day.deadline', { deadline: formatDateTime(showDay.deadline) })}
                    </Typography.Text>
                  </span>
                </Checkbox>
              );
            })}
          </RequiredCheckboxGroup>
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="activationCode"
              label={t('application:fields.activationCode')}
              required
              rules={[rule('activationCode')]}
              validateTrigger="onBlur"
              extra={t('application:hints.activationCode')}
              normalize={(value: string) => value.toUpperCase()}
            >
              <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={ACTIVATION_CODE_MAX_LENGTH} data-testid="application-activation-code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="channelId" label={t('application:fields.channel')} rules={[rule('channelId')]}>
              <Select allowClear options={channelOptions} placeholder={t('application:placeholders.channel')} data-testid="application-channel" />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title={<h2 className="card-title">{t('application:sections.confirm')}</h2>} className="application-block">
        <Typography.Paragraph className="application-consent-text" data-testid="application-consent-text">
          {t('application:consent.explanation')}
        </Typography.Paragraph>
        <Form.Item name="sensitiveConsent" valuePropName="checked" rules={[rule('sensitiveConsent')]} className="application-check">
          <Checkbox data-testid="application-consent">{t('application:consent.label')}</Checkbox>
        </Form.Item>
        <Form.Item name="truthConfirmed" valuePropName="checked" rules={[rule('truthConfirmed')]} className="application-check">
          <Checkbox data-testid="application-truth">{t('application:truth')}</Checkbox>
        </Form.Item>
        <Space className="application-actions">
          <Button type="primary" htmlType="submit" size="large" loading={mutation.isPending} data-testid="application-submit">
            {t('application:submit')}
          </Button>
        </Space>
      </Card>
    </Form>
  );
}
