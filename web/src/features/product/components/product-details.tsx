import { Descriptions, Flex, Image, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SubmissionHistory } from '../../../components/submission-history';
import type { ProductFieldsFragment } from '../../../graphql/operations.generated';

/** An application as the organizer reviews it: pictures through authorised URLs, texts, history. */
export function ProductDetails({ product }: { product: ProductFieldsFragment }) {
  const { t } = useTranslation(['product', 'submission']);
  return (
    <Flex vertical gap="middle" data-testid="product-details">
      <Image.PreviewGroup>
        <Flex wrap gap="small">
          {product.photos.map((photo, index) => (
            <Image key={photo.id} src={photo.url} width={140} alt={t('photoAlt', { index: index + 1 })} />
          ))}
        </Flex>
      </Image.PreviewGroup>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('fields.nameZh')}>{product.nameZh}</Descriptions.Item>
        <Descriptions.Item label={t('fields.nameEn')}>{product.nameEn}</Descriptions.Item>
        <Descriptions.Item label={t('fields.category')}>{t(`category.${product.category}`)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.descriptionZh')}>
          <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{product.descriptionZh}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.descriptionEn')}>
          <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{product.descriptionEn}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>{t('submission:history.title')}</Typography.Title>
      <SubmissionHistory changes={product.statusHistory} testId="product-history" />
    </Flex>
  );
}
