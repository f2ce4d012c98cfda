import { App, Button, Card, Form, Input, InputNumber, Switch, Table } from 'antd';
import { ScrollRegion } from '../../../components/scroll-region';
import { useTranslation } from 'react-i18next';
import { PLACEMENT_SIDE_MAX, PLACEMENT_SIDE_MIN } from '@portal/shared/banner/banner-size';
import { PLACEMENT_NAME_MAX_LENGTH, ZSaveBannerPlacementInput } from '@portal/shared/banner/banner.schema';
import { schemaRule } from '../../../lib/schema-rule';
import { useErrorText } from '../../../lib/use-error-text';
import { useBannerPlacements } from '../api/banner-placements';
import { useSaveBannerPlacement } from '../api/save-banner-placement';

interface PlacementValues {
  nameZh: string;
  nameEn: string;
  width: number;
  height: number;
}

const FIELD = ZSaveBannerPlacementInput.shape;

/** The organizer's list of placements: open or close one, add one. */
export function PlacementList() {
  const { t } = useTranslation(['banner', 'errors']);
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
                <Switch checked={row.active} aria-label={t('placementFields.active')} onChange={(active) => void run(() => save.mutateAsync({ id: row.id, nameZh: row.nameZh, nameEn: row.nameEn, width: row.width, height: row.height, active }))} />
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
        {(['width', 'height'] as const).map((side) => (
          <Form.Item key={side} name={side} rules={[schemaRule(FIELD[side], t)]}>
            <InputNumber
              min={PLACEMENT_SIDE_MIN}
              max={PLACEMENT_SIDE_MAX}
              precision={0}
              suffix="px"
              placeholder={t(`placementFields.${side}`)}
              aria-label={t(`placementFields.${side}`)}
              data-testid={`banner-placement-${side}`}
            />
          </Form.Item>
        ))}
        <Button htmlType="submit" loading={save.isPending}>
          {t('addPlacement')}
        </Button>
      </Form>
    </Card>
  );
}
