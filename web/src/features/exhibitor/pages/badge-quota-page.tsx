import { App, Button, Card, Empty, Flex, Form, Input, InputNumber, Modal, Popconfirm, Select, Table, Typography, type ButtonProps, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BOOTH_AREA_MAX,
  BOOTH_TYPES,
  CREDENTIAL_LIMIT_MAX,
  EXTRA_BADGE_ORDER_STATUSES,
  EXTRA_BADGE_REASON_MAX_LENGTH,
  ZExtraBadgeOrderListInput,
  ZSaveBoothQuotaRuleInput,
  type BoothQuotaRule,
  type ExtraBadgeOrderStatus,
} from '@portal/shared/exhibitor/badge-quota';
import type { ExtraBadgeOrdersQuery } from '../../../graphql/operations.generated';
import { LoadErrorCard } from '../../../components/load-error-card';
import { PageHeader } from '../../../components/page-header';
import { ScrollRegion } from '../../../components/scroll-region';
import { listPagination } from '../../../components/list-pagination';
import { formatDateTime } from '../../../lib/format/date-time';
import { useListState } from '../../../lib/list-state';
import { useErrorText } from '../../../lib/use-error-text';
import { useBoothQuotaRules } from '../api/booth-quota-rules';
import { useSaveBoothQuotaRule } from '../api/save-booth-quota-rule';
import { useExtraBadgeOrders } from '../api/extra-badge-orders';
import { useDecideExtraBadgeOrder } from '../api/decide-extra-badge-order';
import { ExtraBadgeOrderStatusTag } from '../components/extra-badge-order-status-tag';

type Order = ExtraBadgeOrdersQuery['extraBadgeOrders']['nodes'][number];
const ORDER_PAGE_SIZES = [20, 50, 100];

/**
 * /wo/exhibitor/quotas: the badge quota rule of each booth type (saving one recomputes the limits of the
 * companies that follow it) and the companies' extra badge orders — open ones first — to mark paid or refuse.
 */
export function BadgeQuotaPage() {
  const { t } = useTranslation('badge-quota');
  return (
    <Flex vertical gap={16} data-testid="badge-quota-page">
      <PageHeader title={t('page.title')} />
      <QuotaRules />
      <ExtraBadgeOrders />
    </Flex>
  );
}

/** One row per booth type, edited in place and saved alone. */
function QuotaRules() {
  const { t } = useTranslation('badge-quota');
  const { message, notification } = App.useApp();
  const errorText = useErrorText();
  const rules = useBoothQuotaRules();
  const save = useSaveBoothQuotaRule();
  // The rows as edited, until saved (the server's values otherwise).
  const [drafts, setDrafts] = useState<Record<string, BoothQuotaRule>>({});
  const draftOf = (rule: BoothQuotaRule) => drafts[rule.boothType] ?? rule;
  const edit = (rule: BoothQuotaRule, change: Partial<BoothQuotaRule>) => setDrafts((current) => ({ ...current, [rule.boothType]: { ...draftOf(rule), ...change } }));

  const submit = async (rule: BoothQuotaRule) => {
    const parsed = ZSaveBoothQuotaRuleInput.safeParse(draftOf(rule));
    if (!parsed.success) {
      notification.error({ title: t(`errors:${parsed.error.issues[0]?.message ?? 'VALIDATION_FAILED'}`) });
      return;
    }
    try {
      const saved = await save.mutateAsync(parsed.data);
      setDrafts(({ [rule.boothType]: _saved, ...rest }) => rest);
      void message.success(t('rules.saved', { type: t(`boothType.${rule.boothType}`), count: saved.recomputed }));
    } catch (error) {
      notification.error({ title: errorText(error) });
    }
  };

  const number = (rule: BoothQuotaRule, field: 'areaPerBadge' | 'minimum' | 'maximum', options: { max: number; precision: number; min: number }) => (
    <InputNumber
      value={draftOf(rule)[field]}
      min={options.min}
      max={options.max}
      precision={options.precision}
      onChange={(value) => edit(rule, { [field]: value === null ? (field === 'maximum' ? null : undefined) : Number(value) })}
      aria-label={`${t(`boothType.${rule.boothType}`)} ${t(`rules.columns.${field}`)}`}
      data-testid={`quota-rule-${rule.boothType}-${field}`}
      style={{ width: 140 }}
    />
  );

  const columns: TableColumnsType<BoothQuotaRule> = [
    { title: t('rules.columns.boothType'), key: 'boothType', render: (_value, rule) => t(`boothType.${rule.boothType}`) },
    { title: t('rules.columns.areaPerBadge'), key: 'areaPerBadge', render: (_value, rule) => number(rule, 'areaPerBadge', { min: 0.01, max: BOOTH_AREA_MAX, precision: 2 }) },
    { title: t('rules.columns.minimum'), key: 'minimum', render: (_value, rule) => number(rule, 'minimum', { min: 0, max: CREDENTIAL_LIMIT_MAX, precision: 0 }) },
    { title: t('rules.columns.maximum'), key: 'maximum', render: (_value, rule) => number(rule, 'maximum', { min: 0, max: CREDENTIAL_LIMIT_MAX, precision: 0 }) },
    {
      title: t('rules.columns.actions'),
      key: 'actions',
      render: (_value, rule) => (
        <Button type="primary" size="small" disabled={!drafts[rule.boothType]} loading={save.isPending && save.variables?.boothType === rule.boothType} onClick={() => void submit(rule)} data-testid={`quota-rule-${rule.boothType}-save`}>
          {t('rules.save')}
        </Button>
      ),
    },
  ];

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('rules.title')}</h2>} size="small">
      <Typography.Paragraph type="secondary">{t('rules.description')}</Typography.Paragraph>
      {rules.isError && !rules.data ? (
        <LoadErrorCard error={rules.error} onRetry={() => void rules.refetch()} />
      ) : (
        <ScrollRegion label={t('rules.title')}>
          <Table<BoothQuotaRule> rowKey="boothType" columns={columns} dataSource={[...(rules.data ?? [])].sort((left, right) => BOOTH_TYPES.indexOf(left.boothType) - BOOTH_TYPES.indexOf(right.boothType))} loading={rules.isFetching} pagination={false} size="small" data-testid="quota-rules" />
        </ScrollRegion>
      )}
    </Card>
  );
}

/** The companies' orders, filtered by state (open by default) in the URL, marked paid or refused with a reason. */
function ExtraBadgeOrders() {
  const { t } = useTranslation('badge-quota');
  const { message, notification } = App.useApp();
  const errorText = useErrorText();
  const { input: state, update } = useListState(ZExtraBadgeOrderListInput, { status: 'OPEN' });
  const orders = useExtraBadgeOrders(state);
  const decide = useDecideExtraBadgeOrder();
  const [refusing, setRefusing] = useState<Order | undefined>();
  const [reason, setReason] = useState('');

  const run = async (input: { id: string; decision: 'PAID' | 'REFUSED'; reason: string | null }, done: string) => {
    try {
      await decide.mutateAsync(input);
      void message.success(done);
      return true;
    } catch (error) {
      notification.error({ title: errorText(error) });
      return false;
    }
  };

  const columns: TableColumnsType<Order> = [
    {
      title: t('orders.columns.company'),
      key: 'company',
      render: (_value, order) => (
        <Flex vertical>
          <Typography.Text strong>{order.company?.nameZh}</Typography.Text>
          <Typography.Text type="secondary">{order.company?.nameEn}</Typography.Text>
        </Flex>
      ),
    },
    { title: t('orders.columns.booth'), key: 'booth', render: (_value, order) => order.company?.bootNumber ?? '—' },
    { title: t('orders.columns.quantity'), dataIndex: 'quantity' },
    { title: t('orders.columns.note'), key: 'note', render: (_value, order) => order.note ?? '—' },
    { title: t('orders.columns.status'), key: 'status', render: (_value, order) => <ExtraBadgeOrderStatusTag status={order.status} reason={order.reason} /> },
    { title: t('orders.columns.createdAt'), key: 'createdAt', render: (_value, order) => formatDateTime(order.createdAt) },
    {
      title: t('orders.columns.actions'),
      key: 'actions',
      render: (_value, order) =>
        order.status === 'OPEN' ? (
          <Flex gap={8} wrap>
            <Popconfirm
              title={t('orders.markPaidConfirm', { company: order.company?.nameZh ?? '', count: order.quantity })}
              okText={t('orders.confirm')}
              cancelText={t('orders.cancel')}
              onConfirm={() => run({ id: order.id, decision: 'PAID', reason: null }, t('orders.paid'))}
              okButtonProps={{ 'data-testid': 'extra-order-paid-confirm' } as ButtonProps}
            >
              <Button size="small" type="primary" data-testid="extra-order-paid">
                {t('orders.markPaid')}
              </Button>
            </Popconfirm>
            <Button size="small" danger onClick={() => setRefusing(order)} data-testid="extra-order-refuse">
              {t('orders.refuse')}
            </Button>
          </Flex>
        ) : null,
    },
  ];

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('orders.title')}</h2>} size="small">
      <Flex vertical gap={12}>
        <Select<ExtraBadgeOrderStatus | ''>
          value={state.status ?? ''}
          onChange={(value) => update({ status: value || null })}
          style={{ width: 200 }}
          aria-label={t('orders.statusFilter')}
          data-testid="extra-order-status-filter"
          options={[{ value: '', label: t('orders.allStatuses') }, ...EXTRA_BADGE_ORDER_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))]}
        />
        {orders.isError && !orders.data ? (
          <LoadErrorCard error={orders.error} onRetry={() => void orders.refetch()} />
        ) : (
          <ScrollRegion label={t('orders.title')}>
            <Table<Order>
              rowKey="id"
              columns={columns}
              dataSource={orders.data?.nodes ?? []}
              loading={orders.isFetching}
              locale={{ emptyText: <Empty description={t('orders.empty')} /> }}
              onRow={(order) => ({ 'data-testid': `extra-order-${order.id}`, 'data-company': order.company?.nameZh }) as object}
              pagination={listPagination({
                page: state.page,
                pageSize: state.pageSize,
                total: orders.data?.total ?? 0,
                pageSizes: ORDER_PAGE_SIZES,
                totalText: (total) => t('orders.total', { count: total }),
                onChange: (page, pageSize) => update({ page, pageSize }),
              })}
            />
          </ScrollRegion>
        )}
      </Flex>
      <Modal
        open={!!refusing}
        title={t('orders.refuseTitle')}
        okText={t('orders.refuse')}
        cancelText={t('orders.cancel')}
        okButtonProps={{ danger: true, disabled: !reason.trim(), 'data-testid': 'extra-order-refuse-confirm' } as ButtonProps}
        confirmLoading={decide.isPending}
        onCancel={() => setRefusing(undefined)}
        afterClose={() => setReason('')}
        onOk={async () => {
          if (refusing && (await run({ id: refusing.id, decision: 'REFUSED', reason }, t('orders.refused')))) setRefusing(undefined);
        }}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('orders.reason')} required htmlFor="extra-order-reason">
            <Input.TextArea id="extra-order-reason" value={reason} maxLength={EXTRA_BADGE_REASON_MAX_LENGTH} onChange={(event) => setReason(event.target.value)} data-testid="extra-order-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
