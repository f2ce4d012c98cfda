import { App, Button, Card, Checkbox, Col, Form, Input, Row, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ID_TYPES } from '@portal/shared/application/id-number';
import { COUNTRIES, countryName } from '@portal/shared/country/countries';
import { BADGE_TEXT_MAX_LENGTH, EMAIL_MAX_LENGTH, ID_NUMBER_MAX_LENGTH, NAME_MAX_LENGTH } from '@portal/shared/badge/badge.schema';
import { shanghaiDate } from '@portal/shared/dates';
import { PhotoUpload } from '../../../components/photo-upload';
import { useServerFieldErrors } from '../../../lib/antd-field-errors';
import { MobileNumberInput } from '../../../components/mobile-number-input';
import { useShowDates } from '../../../lib/project/show-dates';
import { uploadSubmissionPicture } from '../../../lib/graphql/submissions';
import { useErrorText } from '../../../lib/use-error-text';
import { useSaveBadge } from '../api/save-badge';
import { serverFieldProblems, toBadgeInput, validateBadge, type BadgeField, type BadgeFormValues, type FieldProblem } from '../lib/badge-rules';
import { PinyinFollower } from '../lib/pinyin-name';
import './badge-form.css';

const FIELD_ORDER: BadgeField[] = ['name', 'namePinyin', 'mobile', 'email', 'idType', 'idNumber', 'country', 'deptName', 'position', 'companyNameZh', 'companyNameEn', 'entryPhoto', 'idPhoto', 'sensitiveConsent', 'truthConfirmed'];

export interface BadgeFormProps {
  /** The badge being edited; undefined for a new application. */
  id: string | undefined;
  initialValues: BadgeFormValues;
  /** Approved badges are read-only. */
  disabled: boolean;
  /** A refused badge is resubmitted (the button says so). */
  resubmit: boolean;
  onSaved: (id: string) => void;
}

/**
 * One staff member's badge (SPEC 3 "Badge application"): every field checked with the shared schema the
 * server parses, the pinyin following the Chinese name until the user writes it, both photos through
 * PhotoUpload (crop and face check). A refusal is shown at its field and nothing typed is lost.
 */
export function BadgeForm({ id, initialValues, disabled, resubmit, onSaved }: BadgeFormProps) {
  const { t, i18n } = useTranslation(['badge', 'application', 'errors']);
  const { message, notification } = App.useApp();
  const errorText = useErrorText();
  const mutation = useSaveBadge();
  const [form] = Form.useForm<BadgeFormValues>();
  const [today] = useState(() => shanghaiDate(new Date()));
  const follower = useMemo(() => new PinyinFollower(initialValues.name, initialValues.namePinyin), [initialValues]);
  const serverErrors = useServerFieldErrors<BadgeField>(form, t);
  // The age rule applies on the first show day; until the days are read the server alone checks it.
  const firstShowDay = useShowDates().data?.first;
  const idType = Form.useWatch('idType', form) ?? initialValues.idType;
  const counterCheck = Form.useWatch('counterCheck', form) ?? initialValues.counterCheck;

  const valuesNow = () => ({ ...initialValues, ...form.getFieldsValue(true) }) as BadgeFormValues;
  const messageOf = (problem: FieldProblem) => (problem.idProblem ? `${t(`errors:${problem.code}`)} (${t(`application:idProblem.${problem.idProblem}`)})` : t(`errors:${problem.code}`));
  const rule = (field: BadgeField) => ({
    validator: async () => {
      const problem = validateBadge(valuesNow(), { today, firstShowDay })[field];
      const text = problem ? messageOf(problem) : serverErrors.held(field);
      if (text) throw new Error(text);
    },
  });

  async function onFinish() {
    try {
      const saved = await mutation.mutateAsync({ id: id ?? null, input: toBadgeInput(valuesNow()) });
      void message.success(t('badge:saved'));
      onSaved(saved.id);
    } catch (error) {
      const problems = serverFieldProblems(error);
      serverErrors.showTexts(Object.fromEntries(FIELD_ORDER.flatMap((field) => (problems[field] ? [[field, messageOf(problems[field])]] : []))));
      notification.error({ title: errorText(error), placement: 'top', duration: 4.5 });
    }
  }

  /** A text field in its grid cell (`md` of 24 columns on wider screens, the whole row on phones). */
  const text = (name: 'name' | 'namePinyin' | 'idNumber' | 'deptName' | 'position' | 'companyNameZh' | 'companyNameEn', options: { md: number; max?: number; extra?: string; autoComplete?: string }) => (
    <Col xs={24} md={options.md}>
      <Form.Item name={name} label={t(`badge:fields.${name}`)} required rules={[rule(name)]} validateTrigger="onBlur" extra={disabled ? undefined : options.extra}>
        <Input
          maxLength={options.max ?? BADGE_TEXT_MAX_LENGTH}
          autoComplete={options.autoComplete ?? 'off'}
          data-testid={`badge-${name}`}
        />
      </Form.Item>
    </Col>
  );

  const photo = (name: 'entryPhoto' | 'idPhoto', purpose: 'BADGE' | 'BADGE_ID') => (
    <Col xs={24} lg={12}>
      <Form.Item name={name} label={t(`badge:fields.${name}`)} required rules={[rule(name)]} extra={t(`badge:hints.${name}`)}>
        <PhotoUpload
          purpose={purpose}
          profile="general"
          upload={(file, photoPurpose) => uploadSubmissionPicture(file, photoPurpose, counterCheck)}
          faceCheck={!counterCheck}
          label={t(`badge:fields.${name}`)}
          disabled={disabled}
        />
      </Form.Item>
    </Col>
  );

  return (
    <Form<BadgeFormValues>
      form={form}
      name="badge"
      layout="vertical"
      disabled={disabled}
      initialValues={initialValues}
      onValuesChange={(changed: Partial<BadgeFormValues>) => {
        serverErrors.clearChanged(changed);
        if (changed.name !== undefined) {
          const pinyin = follower.nameChanged(changed.name);
          if (pinyin !== undefined) form.setFieldValue('namePinyin', pinyin);
        }
        if (changed.namePinyin !== undefined) follower.pinyinEdited(changed.namePinyin);
        // Photos uploaded for the counter check carry no face data: face recognition asks for them again.
        if (changed.counterCheck === false) form.setFieldsValue({ entryPhoto: null, idPhoto: null });
        if ('idType' in changed) void form.validateFields(['idNumber'], { validateOnly: true }).catch(() => undefined);
      }}
      onFinish={() => void onFinish()}
      onFinishFailed={({ errorFields }) => {
        const first = errorFields[0]?.name;
        if (first) form.scrollToField(first, { block: 'center' });
        void message.error(t('badge:fixFields'));
      }}
      className="badge-form"
      data-testid="badge-form"
      noValidate
    >
      <Card title={<h2 className="badge-card-title">{t('badge:sections.person')}</h2>} className="badge-block">
        <Row gutter={16}>
          {text('name', { md: 12, max: NAME_MAX_LENGTH, autoComplete: 'name' })}
          {text('namePinyin', { md: 12, max: NAME_MAX_LENGTH * 4, extra: t('badge:hints.namePinyin') })}
          <Col xs={24} md={12}>
            <Form.Item name="mobile" label={t('badge:fields.phoneNumber')} required extra={disabled ? undefined : t('badge:hints.phoneNumber')} rules={[rule('mobile')]} validateTrigger="onBlur" className="badge-phone">
              <MobileNumberInput testId="badge-phoneNumber" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label={t('badge:fields.email')} required rules={[rule('email')]} validateTrigger="onBlur">
              <Input type="email" inputMode="email" autoComplete="email" maxLength={EMAIL_MAX_LENGTH} data-testid="badge-email" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="idType" label={t('badge:fields.idType')} required rules={[rule('idType')]}>
              <Select
                options={ID_TYPES.map((type) => ({ value: type, label: t(`application:idTypes.${type}`), 'data-testid': `badge-id-type-option-${type}` }))}
                placeholder={t('badge:placeholders.idType')}
                data-testid="badge-idType"
              />
            </Form.Item>
          </Col>
          {text('idNumber', { md: 12, max: ID_NUMBER_MAX_LENGTH, extra: idType === 'MAINLAND_ID' ? t('badge:hints.mainlandId') : undefined })}
          <Col xs={24} md={8}>
            <Form.Item name="country" label={t('badge:fields.country')} required rules={[rule('country')]} validateTrigger={['onChange', 'onBlur']}>
              <Select
                showSearch
                optionFilterProp="label"
                placeholder={t('badge:placeholders.country')}
                options={COUNTRIES.map((country) => ({ value: country.code, label: countryName(country.code, i18n.language) }))}
                data-testid="badge-country"
              />
            </Form.Item>
          </Col>
          {text('deptName', { md: 8 })}
          {text('position', { md: 8, autoComplete: 'organization-title' })}
        </Row>
      </Card>

      <Card title={<h2 className="badge-card-title">{t('badge:sections.company')}</h2>} className="badge-block">
        {disabled ? null : <Typography.Paragraph type="secondary">{t('badge:hints.company')}</Typography.Paragraph>}
        <Row gutter={16}>
          {text('companyNameZh', { md: 12, autoComplete: 'organization' })}
          {text('companyNameEn', { md: 12, autoComplete: 'organization' })}
        </Row>
      </Card>

      <Card title={<h2 className="badge-card-title">{t('badge:sections.photos')}</h2>} className="badge-block">
        <Row gutter={[16, 8]}>
          {photo('entryPhoto', 'BADGE')}
          {photo('idPhoto', 'BADGE_ID')}
        </Row>
        <Form.Item name="counterCheck" valuePropName="checked" className="badge-check" extra={t(counterCheck ? 'badge:counterCheck.chosen' : 'badge:counterCheck.hint')}>
          <Checkbox data-testid="badge-counter-check">{t('badge:counterCheck.label')}</Checkbox>
        </Form.Item>
      </Card>

      {disabled ? null : (
        <Card title={<h2 className="badge-card-title">{t('badge:sections.confirm')}</h2>} className="badge-block">
          <Typography.Paragraph data-testid="badge-consent-text">{t('badge:consent.explanation')}</Typography.Paragraph>
          <Form.Item name="sensitiveConsent" valuePropName="checked" rules={[rule('sensitiveConsent')]} className="badge-check">
            <Checkbox data-testid="badge-consent">{t('badge:consent.label')}</Checkbox>
          </Form.Item>
          <Form.Item name="truthConfirmed" valuePropName="checked" rules={[rule('truthConfirmed')]} className="badge-check">
            <Checkbox data-testid="badge-truth">{t('badge:truth')}</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" loading={mutation.isPending} data-testid="badge-submit">
            {resubmit ? t('badge:resubmit') : t('badge:submit')}
          </Button>
        </Card>
      )}
    </Form>
  );
}
