import { App, Button, Flex, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRODUCT_CATEGORIES, PRODUCT_DESCRIPTION_MAX_LENGTH, PRODUCT_NAME_MAX_LENGTH, ZSubmitProductInput } from '@portal/shared/product/product.schema';
import { PhotoUpload, type PhotoValue } from '../../../components/photo-upload';
import { uploadSubmissionPicture } from '../../../lib/graphql/submissions';
import { schemaRule } from '../../../lib/schema-rule';
import { useErrorText } from '../../../lib/use-error-text';
import { useSubmitProductApplication } from '../api/submit-product-application';
import { photoSlots, productSubmitInput, withPhotoAt, type ProductFormValues } from '../lib/product-form';

const FIELD = ZSubmitProductInput.shape;

/** Up to six pictures: the ones uploaded, then one empty slot. */
function PhotoList({ value = [], onChange, disabled }: { value?: PhotoValue[]; onChange?: (value: PhotoValue[]) => void; disabled: boolean }) {
  const slots = photoSlots(value, disabled);
  return (
    <Flex wrap gap="middle" data-testid="product-photos">
      {slots.map((photo, index) => (
        <PhotoUpload
          key={photo?.id ?? 'new'}
          purpose="PRODUCT"
          profile="general"
          faceCheck={false}
          aspect={4 / 3}
          disabled={disabled}
          value={photo}
          upload={uploadSubmissionPicture}
          onChange={(next) => onChange?.(withPhotoAt(value, index, next))}
        />
      ))}
    </Flex>
  );
}

/** A product application, checked field by field with the shared schema the server parses. */
export function ProductForm({ id, initialValues, disabled, onSaved }: { id: string | undefined; initialValues: ProductFormValues; disabled: boolean; onSaved: (id: string) => void }) {
  const { t } = useTranslation(['product', 'errors']);
  const { message } = App.useApp();
  const errorText = useErrorText();
  const mutation = useSubmitProductApplication();
  const text = (name: 'nameZh' | 'nameEn' | 'descriptionZh' | 'descriptionEn', max: number, area = false) => (
    <Form.Item name={name} label={t(`fields.${name}`)} required rules={[schemaRule(FIELD[name], t)]}>
      {area ? <Input.TextArea rows={5} maxLength={max} showCount data-testid={`product-${name}`} /> : <Input maxLength={max} data-testid={`product-${name}`} />}
    </Form.Item>
  );
  return (
    <Form<ProductFormValues>
      layout="vertical"
      disabled={disabled}
      initialValues={initialValues}
      data-testid="product-form"
      onFinish={async (values) => {
        try {
          const saved = await mutation.mutateAsync(productSubmitInput(id, values));
          void message.success(t('saved'));
          onSaved(saved.id);
        } catch (error) {
          void message.error(errorText(error));
        }
      }}
    >
      {text('nameZh', PRODUCT_NAME_MAX_LENGTH)}
      {text('nameEn', PRODUCT_NAME_MAX_LENGTH)}
      <Form.Item name="category" label={t('fields.category')} required rules={[schemaRule(FIELD.category, t)]}>
        <Select data-testid="product-category" options={PRODUCT_CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) }))} />
      </Form.Item>
      {text('descriptionZh', PRODUCT_DESCRIPTION_MAX_LENGTH, true)}
      {text('descriptionEn', PRODUCT_DESCRIPTION_MAX_LENGTH, true)}
      <Form.Item name="photos" label={t('fields.photos')} required rules={[{ validator: async (_rule, value: PhotoValue[] | undefined) => { if (!value?.length) throw new Error(t('errors:PRODUCT_PHOTOS_REQUIRED')); } }]}>
        <PhotoList disabled={disabled} />
      </Form.Item>
      {disabled ? null : (
        <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="product-submit">
          {t('submit')}
        </Button>
      )}
    </Form>
  );
}
