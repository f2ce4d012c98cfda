import { App, Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { BANNER_SIZE_TOLERANCE, bannerPictureFits, formatPlacementSize, minimumBannerPicture } from '@portal/shared/banner/banner-size';
import { BANNER_TITLE_MAX_LENGTH, ZSubmitBannerInput } from '@portal/shared/banner/banner.schema';
import { PHOTO_STORED_MAX_SIDE } from '@portal/shared/media/photo-rules';
import { URL_MAX_LENGTH } from '@portal/shared/submission/submission.schema';
import { PhotoUpload, type PhotoValue } from '../../../components/photo-upload';
import type { BannerPlacementsQuery } from '../../../graphql/operations.generated';
import { uploadSubmissionPicture } from '../../../lib/graphql/submissions';
import { schemaRule } from '../../../lib/schema-rule';
import { useErrorText } from '../../../lib/use-error-text';
import { useSubmitBannerApplication } from '../api/submit-banner-application';

export interface BannerFormValues {
  title: string;
  placementId: string | null;
  linkUrl: string;
  picture: PhotoValue | null;
}

const FIELD = ZSubmitBannerInput.shape;
const TOLERANCE_PERCENT = BANNER_SIZE_TOLERANCE * 100;

/**
 * A banner application: title, placement from the organizer's list, picture, link. The placement's size is the
 * picture's rule (the server's too): the form says it, the cropper keeps its shape, and a picture too small is
 * refused at once.
 */
export function BannerForm({
  id,
  placements,
  initialValues,
  disabled,
  onSaved,
}: {
  id: string | undefined;
  placements: BannerPlacementsQuery['bannerPlacements'];
  initialValues: BannerFormValues;
  disabled: boolean;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation(['banner', 'errors']);
  const { message } = App.useApp();
  const errorText = useErrorText();
  const mutation = useSubmitBannerApplication();
  const [form] = Form.useForm<BannerFormValues>();
  const placementId = Form.useWatch('placementId', form);
  const placement = placements.find((candidate) => candidate.id === placementId);
  const pictureRule = placement
    ? t('pictureRule', { size: placement.size, least: formatPlacementSize(minimumBannerPicture(placement)), tolerance: TOLERANCE_PERCENT })
    : t('placementFirst');
  return (
    <Form<BannerFormValues>
      form={form}
      layout="vertical"
      disabled={disabled}
      initialValues={initialValues}
      data-testid="banner-form"
      onFinish={async ({ picture, placementId, ...values }) => {
        try {
          await mutation.mutateAsync({ id: id ?? null, ...values, placementId: placementId ?? '', pictureId: picture?.id ?? '' });
          void message.success(t('saved'));
          onSaved();
        } catch (error) {
          void message.error(errorText(error));
        }
      }}
    >
      <Form.Item name="title" label={t('fields.title')} required rules={[schemaRule(FIELD.title, t)]}>
        <Input maxLength={BANNER_TITLE_MAX_LENGTH} data-testid="banner-title" />
      </Form.Item>
      <Form.Item name="placementId" label={t('fields.placement')} required rules={[schemaRule(FIELD.placementId, t)]}>
        <Select
          data-testid="banner-placement"
          options={placements.map((placement) => ({ value: placement.id, label: `${i18n.language === 'zh-CN' ? placement.nameZh : placement.nameEn} · ${placement.size}` }))}
        />
      </Form.Item>
      <Form.Item name="linkUrl" label={t('fields.linkUrl')} required rules={[schemaRule(FIELD.linkUrl, t)]}>
        <Input maxLength={URL_MAX_LENGTH} data-testid="banner-linkUrl" />
      </Form.Item>
      <Form.Item
        name="picture"
        label={t('fields.picture')}
        required
        dependencies={['placementId']}
        extra={<span data-testid="banner-picture-rule">{pictureRule}</span>}
        rules={[
          {
            validator: async (_rule, value: PhotoValue | null) => {
              if (!value) throw new Error(t('errors:BANNER_PICTURE_REQUIRED'));
              if (placement && value.width !== undefined && value.height !== undefined && !bannerPictureFits({ width: value.width, height: value.height }, placement)) {
                const pictureSize = formatPlacementSize({ width: value.width, height: value.height });
                throw new Error(t('errors:BANNER_PICTURE_SIZE_MISMATCH', { size: placement.size, tolerance: TOLERANCE_PERCENT, pictureSize }));
              }
            },
          },
        ]}
      >
        <PhotoUpload
          purpose="BANNER"
          profile="general"
          faceCheck={false}
          aspect={placement ? placement.width / placement.height : 3}
          outputMaxSide={PHOTO_STORED_MAX_SIDE}
          upload={uploadSubmissionPicture}
          disabled={disabled || !placement}
        />
      </Form.Item>
      {disabled ? null : (
        <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="banner-submit">
          {t('submit')}
        </Button>
      )}
    </Form>
  );
}
