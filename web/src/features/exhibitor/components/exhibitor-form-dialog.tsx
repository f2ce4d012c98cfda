import { App, Form, Input, InputNumber, Modal, Select } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { BOOTH_NUMBER_MAX_LENGTH, COMPANY_NAME_MAX_LENGTH, CREDENTIAL_LIMIT_MAX, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, ZCreateExhibitorInput, ZExhibitorEditFields } from '@portal/shared/exhibitor/exhibitor.schema';
import { BOOTH_AREA_MAX, BOOTH_TYPES, LIMIT_OVERRIDE_REASON_MAX_LENGTH, ZBoothArea, ZLimitOverride } from '@portal/shared/exhibitor/badge-quota';
import type { ExhibitorFieldsFragment } from '../../../graphql/operations.generated';
import { PhotoUpload } from '../../../components/photo-upload';
import { uploadSubmissionPicture } from '../../../lib/graphql/submissions';
import { schemaRule } from '../../../lib/schema-rule';
import { useServerFieldErrors } from '../../../lib/antd-field-errors';
import { useErrorText } from '../../../lib/use-error-text';
import { useCreateExhibitor } from '../api/create-exhibitor';
import { useUpdateExhibitor } from '../api/update-exhibitor';
import { MobileNumberInput } from '../../../components/mobile-number-input';
import { exhibitorCreateInput, exhibitorFormInitialValues, exhibitorFormProblems, exhibitorUpdateInput, type ExhibitorFormField, type ExhibitorFormValues as FormValues } from '../lib/exhibitor-form';
import { badgeQuotaText } from '../lib/badge-quota-text';

const editShape = ZExhibitorEditFields.shape;
/** An override's reason is required on the form as on the server (the shared schema checks it over the whole input). */
const reasonRequired = z.string('EXHIBITOR_OVERRIDE_REASON_REQUIRED').min(1, 'EXHIBITOR_OVERRIDE_REASON_REQUIRED');

/** A rule for a number field that may stay empty: checked with the shared schema once it holds a value. */
function optionalRule(schema: z.ZodType, t: TFunction) {
  const rule = schemaRule(schema, t);
  return { validator: (ruleOf: unknown, value: unknown) => (value === null || value === undefined ? Promise.resolve() : rule.validator(ruleOf, value)) };
}
const createShape = ZCreateExhibitorInput.shape;

/**
 * Creates a company with its account (`exhibitor` absent; `onCreated` gets the initial password) or edits
 * one: names, contact person, booth (number, area, type — the quota rule gives the badge limit), a limit set
 * by hand with its reason — never below the badges already counted — and logo.
 */
export function ExhibitorFormDialog({
  open,
  exhibitor,
  onClose,
  onCreated,
}: {
  open: boolean;
  exhibitor?: ExhibitorFieldsFragment;
  onClose: () => void;
  onCreated: (created: { exhibitor: ExhibitorFieldsFragment; initialPassword: string }) => void;
}) {
  const { t } = useTranslation('exhibitor-account');
  const { message, notification } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<FormValues>();
  const serverErrors = useServerFieldErrors<ExhibitorFormField>(form, t);
  const create = useCreateExhibitor();
  const update = useUpdateExhibitor();
  const editing = !!exhibitor;
  const override = Form.useWatch('limitOverride', form);

  async function submit() {
    const fields = await form.validateFields().catch(() => undefined);
    if (!fields) return;
    try {
      if (exhibitor) {
        await update.mutateAsync(exhibitorUpdateInput(exhibitor.id, fields));
        void message.success(t('form.saved'));
      } else {
        onCreated(await create.mutateAsync(exhibitorCreateInput(fields)));
      }
      onClose();
    } catch (error) {
      serverErrors.show(exhibitorFormProblems(error));
      notification.error({ title: errorText(error) });
    }
  }

  const text = (name: 'nameZh' | 'nameEn' | 'contactName' | 'bootNumber', max: number) => (
    <Form.Item name={name} label={t(`form.fields.${name}`)} required={name !== 'bootNumber'} rules={[schemaRule(editShape[name], t)]}>
      <Input maxLength={max} data-testid={`exhibitor-form-${name}`} />
    </Form.Item>
  );

  return (
    <Modal
      open={open}
      title={t(editing ? 'form.editTitle' : 'form.createTitle')}
      okText={t(editing ? 'form.save' : 'form.create')}
      cancelText={t('form.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ ...{ 'data-testid': 'exhibitor-form-submit' } }}
      destroyOnHidden
      mask={{ closable: false }}
      data-testid="exhibitor-form-dialog"
    >
      <Form<FormValues>
        form={form} onValuesChange={serverErrors.clearChanged}
        name="exhibitor-form"
        layout="vertical"
        preserve={false}
        initialValues={exhibitorFormInitialValues(exhibitor)}
      >
        {text('nameZh', COMPANY_NAME_MAX_LENGTH)}
        {text('nameEn', COMPANY_NAME_MAX_LENGTH)}
        {text('contactName', NAME_MAX_LENGTH)}
        {editing ? null : (
          <>
            <Form.Item name="contactMobile" label={t('form.fields.contactMobile')} extra={<>{t('form.identityExtra')}<br />{t('common:mobileNumber.hint')}</>} rules={[schemaRule(createShape.contactMobile, t)]} validateTrigger="onBlur">
              <MobileNumberInput testId="exhibitor-form-contactMobile" />
            </Form.Item>
            <Form.Item name="contactEmail" label={t('form.fields.contactEmail')} rules={[schemaRule(createShape.contactEmail, t)]}>
              <Input type="email" maxLength={EMAIL_MAX_LENGTH} data-testid="exhibitor-form-contactEmail" />
            </Form.Item>
          </>
        )}
        {text('bootNumber', BOOTH_NUMBER_MAX_LENGTH)}
        <Form.Item name="boothArea" label={t('form.fields.boothArea')} rules={[optionalRule(ZBoothArea, t)]}>
          <InputNumber min={0.01} max={BOOTH_AREA_MAX} precision={2} step={1} style={{ width: '100%' }} data-testid="exhibitor-form-boothArea" />
        </Form.Item>
        <Form.Item name="boothType" label={t('form.fields.boothType')}>
          <Select
            allowClear
            aria-label={t('form.fields.boothType')}
            options={BOOTH_TYPES.map((type) => ({ value: type, label: t(`badge-quota:boothType.${type}`) }))}
            data-testid="exhibitor-form-boothType"
          />
        </Form.Item>
        <Form.Item
          name="limitOverride"
          label={t('form.fields.limitOverride')}
          extra={
            <>
              {t('form.overrideExtra')}
              {exhibitor ? (
                <>
                  <br />
                  <span data-testid="exhibitor-form-quota">{t('form.quotaNow', { explanation: badgeQuotaText(exhibitor.quota, t) })}</span>
                  <br />
                  {t('form.limitExtra', { used: exhibitor.usedCredentials })}
                </>
              ) : null}
            </>
          }
          rules={[optionalRule(ZLimitOverride, t)]}
        >
          <InputNumber min={0} max={CREDENTIAL_LIMIT_MAX} precision={0} style={{ width: '100%' }} data-testid="exhibitor-form-limitOverride" />
        </Form.Item>
        {override === null || override === undefined ? null : (
          <Form.Item name="limitOverrideReason" label={t('form.fields.limitOverrideReason')} required rules={[schemaRule(editShape.limitOverrideReason.pipe(reasonRequired), t)]}>
            <Input maxLength={LIMIT_OVERRIDE_REASON_MAX_LENGTH} data-testid="exhibitor-form-limitOverrideReason" />
          </Form.Item>
        )}
        <Form.Item name="logo" label={t('form.fields.logo')}>
          <PhotoUpload purpose="EXHIBITOR_LOGO" profile="catalog" faceCheck={false} aspect={1} label={t('form.fields.logo')} upload={uploadSubmissionPicture} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
