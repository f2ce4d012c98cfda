import { App, Button, Card, Form, Input, Switch, Table } from 'antd';
import { ScrollRegion } from '../../../components/scroll-region';
import { useTranslation } from 'react-i18next';
import { PLACEMENT_NAME_MAX_LENGTH, PLACEMENT_SIZE_MAX_LENGTH } from '@portal/shared/banner/banner.schema';
import { useErrorText } from '../../../lib/use-error-text';
import { useBannerPlacements } from '../api/banner-placements';
import { useSaveBannerPlacement } from '../api/save-banner-placement';

interface PlacementValues {
  nameZh: string;
  nameEn: string;
  size: string;
}

/** The organizer's list of placements: open or close one, add one. */
export function PlacementList() {
  const { t } = useTranslation('banner');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const placements = useBannerPlacements();
  const save = useSaveBannerPlacement();
  const [form] = Form.useForm<PlacementValues>();
  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
      void message.success(t('placementSaved'));
      return true;
    } catch (error) {
      void message.error(errorText(error));
      return false;
    }
  };
  return (
    <Card title={t('placements')} data-testid="banner-placements">
      <ScrollRegion label={t('placements')}>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={placements.data ?? []}
          columns={[
            { key: 'nameZh', title: t('placementFields.nameZh'), dataIndex: 'nameZh' },
            { key: 'nameEn', title: t('placementFields.nameEn'), dataIndex: 'nameEn' },
            { key: 'size', title: t('placementFields.size'), dataIndex: 'size' },
            {
              key: 'active',
              title: t('placementFields.active'),
              render: (_value, row) => (
                <Switch checked={row.active} aria-label={t('placementFields.active')} onChange={(active) => void run(() => save.mutateAsync({ id: row.id, nameZh: row.nameZh, nameEn: row.nameEn, size: row.size, active }))} />
              ),
            },
          ]}
        />
      </ScrollRegion>
      <Form<PlacementValues>
        form={form}
        layout="inline"
        style={{ marginTop: 12, rowGap: 8 }}
        onFinish={async (values) => {
          if (await run(() => save.mutateAsync({ ...values, id: null, active: true }))) form.resetFields();
        }}
      >
        <Form.Item name="nameZh" rules={[{ required: true, whitespace: true, message: t('placementRequired') }]}>
          <Input placeholder={t('placementFields.nameZh')} aria-label={t('placementFields.nameZh')} maxLength={PLACEMENT_NAME_MAX_LENGTH} />
        </Form.Item>
        <Form.Item name="nameEn" rules={[{ required: true, whitespace: true, message: t('placementRequired') }]}>
          <Input placeholder={t('placementFields.nameEn')} aria-label={t('placementFields.nameEn')} maxLength={PLACEMENT_NAME_MAX_LENGTH} />
        </Form.Item>
        <Form.Item name="size" rules={[{ required: true, whitespace: true, message: t('placementRequired') }]}>
          <Input placeholder={t('placementFields.size')} aria-label={t('placementFields.size')} maxLength={PLACEMENT_SIZE_MAX_LENGTH} />
        </Form.Item>
        <Button htmlType="submit" loading={save.isPending}>
          {t('addPlacement')}
        </Button>
      </Form>
    </Card>
  );
}
