import { App, Button, Card, Flex, Form, Input, InputNumber, Modal, Popconfirm, Table, Typography, type ButtonProps, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXTRA_BADGE_NOTE_MAX_LENGTH, EXTRA_BADGES_PER_ORDER_MAX, ZOrderExtraBadgesInput } from '@portal/shared/exhibitor/badge-quota';
import type { ExtraBadgeOrderFieldsFragment } from '../../../graphql/operations.generated';
import { formatDateTime } from '../../../lib/format/date-time';
import { schemaRule } from '../../../lib/schema-rule';
import { useErrorText } from '../../../lib/use-error-text';
import { useOwnBadgeQuota } from '../api/own-badge-quota';
import { useOrderExtraBadges } from '../api/order-extra-badges';
import { useCancelExtraBadgeOrder } from '../api/cancel-extra-badge-order';
import { badgeQuotaText } from '../lib/badge-quota-text';
import { ExtraBadgeOrderStatusTag } from './extra-badge-order-status-tag';

type OrderValues = { quantity: number; note?: string | null };
const orderShape = ZOrderExtraBadgesInput.shape;

/**
 * The exhibitor's badge page: how the company's badge limit was reached (the booth's rule, or the organizer's
 * limit, plus paid extra badges), ordering extra badges, and its orders with their state (an open one withdrawn).
 */
export function OwnBadgeQuotaCard() {
  const { t } = useTranslation('badge-quota');
  const { message, notification } = App.useApp();
  const errorText = useErrorText();
  const quota = useOwnBadgeQuota();
  const order = useOrderExtraBadges();
  const cancel = useCancelExtraBadgeOrder();
  const [ordering, setOrdering] = useState(false);
  const [form] = Form.useForm<OrderValues>();

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      await order.mutateAsync({ quantity: values.quantity, note: values.note ?? null });
      setOrdering(false);
      void message.success(t('card.ordered'));
    } catch (error) {
      notification.error({ title: errorText(error) });
    }
  };
  const withdraw = async (id: string) => {
    try {
      await cancel.mutateAsync(id);
      void message.success(t('card.withdrawn'));
    } catch (error) {
      notification.error({ title: errorText(error) });
    }
  };

  const columns: TableColumnsType<ExtraBadgeOrderFieldsFragment> = [
    { title: t('card.columns.quantity'), dataIndex: 'quantity' },
    { title: t('card.columns.status'), key: 'status', render: (_value, row) => <ExtraBadgeOrderStatusTag status={row.status} reason={row.reason} /> },
    { title: t('card.columns.createdAt'), key: 'createdAt', render: (_value, row) => formatDateTime(row.createdAt) },
    {
      title: t('card.columns.actions'),
      key: 'actions',
      render: (_value, row) =>
        row.status === 'OPEN' ? (
          <Popconfirm title={t('card.withdrawConfirm')} okText={t('card.withdraw')} cancelText={t('card.cancel')} onConfirm={() => withdraw(row.id)} okButtonProps={{ 'data-testid': 'own-extra-order-withdraw-confirm' } as ButtonProps}>
            <Button size="small" type="link" style={{ padding: 0 }} data-testid="own-extra-order-withdraw">
              {t('card.withdraw')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  if (quota.isError && !quota.data) {
    return (
      <Card size="small">
        <Typography.Text type="danger">{t('card.loadError')}</Typography.Text> <Button onClick={() => void quota.refetch()}>{t('card.retry')}</Button>
      </Card>
    );
  }
  const data = quota.data;
  return (
    <Card size="small" loading={!data} title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('card.title')}</h2>} data-testid="own-badge-quota">
      {data ? (
        <Flex vertical gap={12}>
          <Flex wrap gap={12} align="center" justify="space-between">
            <Typography.Text strong data-testid="own-badge-quota-text" data-limit={data.ownBadgeQuota.limit}>
              {badgeQuotaText(data.ownBadgeQuota, t)}
            </Typography.Text>
            <Button onClick={() => setOrdering(true)} data-testid="own-extra-order">
              {t('card.order')}
            </Button>
          </Flex>
          <Typography.Text type="secondary">{t('card.paidHint')}</Typography.Text>
          {data.ownExtraBadgeOrders.length ? (
            <Table<ExtraBadgeOrderFieldsFragment>
              rowKey="id"
              size="small"
              columns={columns}
              dataSource={data.ownExtraBadgeOrders}
              pagination={false}
              onRow={(row) => ({ 'data-testid': 'own-extra-order-row', 'data-status': row.status }) as object}
              title={() => t('card.ordersTitle')}
            />
          ) : null}
        </Flex>
      ) : null}
      <Modal
        open={ordering}
        title={t('card.orderTitle')}
        okText={t('card.submit')}
        cancelText={t('card.cancel')}
        onOk={() => void submit()}
        onCancel={() => setOrdering(false)}
        confirmLoading={order.isPending}
        okButtonProps={{ 'data-testid': 'own-extra-order-submit' } as ButtonProps}
        destroyOnHidden
      >
        <Form<OrderValues> form={form} layout="vertical" preserve={false} initialValues={{ quantity: 1 }} name="extra-badge-order">
          <Form.Item name="quantity" label={t('card.quantity')} required rules={[schemaRule(orderShape.quantity, t)]}>
            <InputNumber min={1} max={EXTRA_BADGES_PER_ORDER_MAX} precision={0} style={{ width: '100%' }} data-testid="own-extra-order-quantity" />
          </Form.Item>
          <Form.Item name="note" label={t('card.note')}>
            <Input maxLength={EXTRA_BADGE_NOTE_MAX_LENGTH} data-testid="own-extra-order-note" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
