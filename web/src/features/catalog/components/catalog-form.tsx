import { App, Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ADDRESS_MAX_LENGTH,
  CATALOG_EMAIL_MAX_LENGTH,
  COMPANY_NAME_MAX_LENGTH,
  LINKMAN_MAX_LENGTH,
  PROFILE_EN_MAX_LENGTH,
  PROFILE_ZH_MAX_LENGTH,
  REGION_CODE_MAX_LENGTH,
  ZSubmitCatalogEntryInput,
} from '@portal/shared/catalog/catalog.schema';
import { URL_MAX_LENGTH } from '@portal/shared/submission/submission.schema';
import { PhotoUpload, type PhotoValue } from '../../../components/photo-upload';
import { uploadSubmissionPicture } from '../../../lib/graphql/submissions';
import { schemaRule } from '../../../lib/schema-rule';
import { useErrorText } from '../../../lib/use-error-text';
import { useSubmitCatalogEntry } from '../api/submit-catalog-entry';
import { catalogSubmitInput, countryOptions, profileEnProblem, type CatalogFormValues } from '../lib/catalog-form';

const FIELD = ZSubmitCatalogEntryInput.shape;
type TextField = Exclude<keyof typeof FIELD & string, 'logoId' | 'countryCode' | 'regionCode'>;

/** The catalog entry (SPEC 3, 5), checked field by field with the shared schema the server parses. */
export function CatalogForm({ initialValues, disabled, onSaved }: { initialValues: CatalogFormValues; disabled: boolean; onSaved: () => void }) {
  const { t, i18n } = useTranslation(['catalog', 'errors']);
  const { message } = App.useApp();
  const errorText = useErrorText();
  const mutation = useSubmitCatalogEntry();
  const [form] = Form.useForm<CatalogFormValues>();
  const text = (name: TextField, max: number, area = false) => (
    <Form.Item name={name} label={t(`fields.${name}`)} required rules={[schemaRule(FIELD[name], t)]}>
      {area ? <Input.TextArea rows={5} maxLength={max} showCount data-testid={`catalog-${name}`} /> : <Input maxLength={max} data-testid={`catalog-${name}`} />}
    </Form.Item>
  );
  return (
    <Form<CatalogFormValues>
      form={form}
      layout="vertical"
      disabled={disabled}
      initialValues={initialValues}
      data-testid="catalog-form"
      onFinish={async (values) => {
        try {
          await mutation.mutateAsync(catalogSubmitInput(values));
          void message.success(t('saved'));
          onSaved();
        } catch (error) {
          void message.error(errorText(error));
        }
      }}
    >
      {text('companyNameZh', COMPANY_NAME_MAX_LENGTH)}
      {text('companyNameEn', COMPANY_NAME_MAX_LENGTH)}
      <Form.Item name="countryCode" label={t('fields.countryCode')} required rules={[schemaRule(FIELD.countryCode, t)]}>
        <Select
          showSearch
          optionFilterProp="label"
          data-testid="catalog-countryCode"
          options={countryOptions(i18n.language)}
        />
      </Form.Item>
      <Form.Item name="regionCode" label={t('fields.regionCode')} extra={t('regionHint')}>
        <Input maxLength={REGION_CODE_MAX_LENGTH} data-testid="catalog-regionCode" />
      </Form.Item>
      {text('address', ADDRESS_MAX_LENGTH)}
      {text('websiteUrl', URL_MAX_LENGTH)}
      {text('linkman', LINKMAN_MAX_LENGTH)}
      {text('telephone', 32)}
      {text('email', CATALOG_EMAIL_MAX_LENGTH)}
      {text('profileZh', PROFILE_ZH_MAX_LENGTH, true)}
      <Form.Item
        name="profileEn"
        label={t('fields.profileEn')}
        required
        extra={t('profileHint')}
        dependencies={['profileZh']}
        rules={[
          schemaRule(FIELD.profileEn, t),
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              const problem = profileEnProblem(String(getFieldValue('profileZh') ?? ''), value);
              if (problem) throw new Error(t(`errors:${problem}`));
            },
          }),
        ]}
      >
        <Input.TextArea rows={6} maxLength={PROFILE_EN_MAX_LENGTH} showCount data-testid="catalog-profileEn" />
      </Form.Item>
      <Form.Item name="logo" label={t('fields.logo')} required rules={[{ validator: async (_rule, value: PhotoValue | null) => { if (!value) throw new Error(t('errors:CATALOG_LOGO_REQUIRED')); } }]}>
        <PhotoUpload purpose="CATALOG" profile="catalog" faceCheck={false} aspect={1} upload={uploadSubmissionPicture} disabled={disabled} />
      </Form.Item>
      {disabled ? null : (
        <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="catalog-submit">
          {t('submit')}
        </Button>
      )}
    </Form>
  );
}
