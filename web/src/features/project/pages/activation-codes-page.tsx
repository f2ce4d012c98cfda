import { DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex, Form, Input, InputNumber, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACTIVATION_CODE_STATUSES,
  BATCH_NAME_MAX_LENGTH,
  MAX_BATCH_SIZE,
  type ActivationCodeStatus,
  ZActivationCodeListInput,
  type TActivationCodeFilter,
} from '@portal/shared/activation-code/activation-code.schema';
import { KEYWORD_MAX_LENGTH, PAGE_SIZES } from '@portal/shared/review/audience-list';
import { ScrollRegion } from '../../../components/scroll-region';
import { SpreadsheetImport } from '../../../components/spreadsheet-import';
import { formatDateTime } from '../../../lib/format/date-time';
import { useErrorText } from '../../../lib/use-error-text';
import { useActivationCodeBatches } from '../api/activation-code-batches';
import { ACTIVATION_CODES_KEY, useActivationCodes } from '../api/activation-codes';
import { exportActivationCodes } from '../api/export-activation-codes';
import { useGenerateActivationCodes } from '../api/generate-activation-codes';
import { importActivationCodes } from '../api/import-activation-codes';
import { useVoidActivationCode } from '../api/void-activation-code';
import { listPagination } from '../../../components/list-pagination';
import { KeywordFilter } from '../../../components/keyword-filter';
import { useListState } from '../../../lib/list-state';

const STATUS_COLORS: Record<ActivationCodeStatus, string> = { UNUSED: 'green', BOUND: 'blue', VOID: 'default' };

/** /wo/project/cdk (ROLE_PROJECT): the activation codes — list and filters, batches, import, export, void. */
export function ActivationCodesPage() {
  const { t } = useTranslation('cdk');
  // The filter and page live in the URL (a reload or a shared link shows the same page).
  const { input, update } = useListState(ZActivationCodeListInput);
  const { filter, page, pageSize } = input;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={1} className="page-title">
        {t('common:organizer.pages.cdk')}
      </Typography.Title>
      <Flex gap={16} wrap align="stretch">
        <GenerateCard />
        <ImportCard />
      </Flex>
      <Card title={t('list.title')} extra={<ExportButton filter={filter} />}>
        <Filters filter={filter} onChange={(next) => update({ filter: next })} />
        <CodeTable filter={filter} page={page} pageSize={pageSize} onPage={(nextPage, nextSize) => update({ page: nextPage, pageSize: nextSize })} />
      </Card>
    </Space>
  );
}

/** Each control sends only its own value: the list state merges it into the URL as it is now, not as this render saw it. */
function Filters({ filter, onChange }: { filter: TActivationCodeFilter; onChange: (patch: Partial<TActivationCodeFilter>) => void }) {
  const { t } = useTranslation('cdk');
  const batches = useActivationCodeBatches();
  return (
    <Flex gap={12} wrap style={{ marginBottom: 16 }} data-testid="cdk-filters">
      <Select<ActivationCodeStatus | undefined>
        allowClear
        placeholder={t('filters.status')}
        aria-label={t('filters.status')}
        style={{ width: 160 }}
        value={filter.status ?? undefined}
        onChange={(status) => onChange({ status: status ?? null })}
        options={ACTIVATION_CODE_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        data-testid="cdk-filter-status"
      />
      <Select<string | undefined>
        allowClear
        showSearch
        placeholder={t('filters.batch')}
        aria-label={t('filters.batch')}
        style={{ width: 240 }}
        value={filter.batch ?? undefined}
        onChange={(batch) => onChange({ batch: batch ?? null })}
        options={(batches.data ?? []).flatMap((row) => (row.batch ? [{ value: row.batch, label: t('filters.batchOption', { batch: row.batch, unused: row.unused, total: row.total }) }] : []))}
        data-testid="cdk-filter-batch"
      />
      <KeywordFilter
        value={filter.keyword}
        label={t('filters.keyword')}
        maxLength={KEYWORD_MAX_LENGTH}
        style={{ width: 300 }}
        onSearch={(keyword) => onChange({ keyword })}
        searchText={t('filters.search')}
        testId="cdk-filter-keyword"
      />
    </Flex>
  );
}

function CodeTable({ filter, page, pageSize, onPage }: { filter: TActivationCodeFilter; page: number; pageSize: number; onPage: (page: number, pageSize: number) => void }) {
  const { t } = useTranslation('cdk');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const codes = useActivationCodes(filter, page, pageSize);
  const voidCode = useVoidActivationCode();
  if (codes.isError) return <Alert type="error" showIcon message={errorText(codes.error)} />;
  return (
    <ScrollRegion label={t('list.title')}>
      <Table
        rowKey="id"
        size="small"
        loading={codes.isFetching}
        dataSource={codes.data?.nodes ?? []}
        scroll={{ x: 'max-content' }}
        data-testid="cdk-table"
        pagination={listPagination({
          page,
          pageSize,
          total: codes.data?.total ?? 0,
          pageSizes: PAGE_SIZES,
          totalText: (total) => t('list.total', { count: total }),
          totalTestId: 'cdk-total',
          onChange: onPage,
        })}
        columns={[
          { key: 'code', title: t('columns.code'), render: (_value, row) => <Typography.Text code copyable style={{ whiteSpace: 'nowrap' }} data-testid="cdk-code">{row.code}</Typography.Text> },
          { key: 'status', title: t('columns.status'), render: (_value, row) => <Tag color={STATUS_COLORS[row.status]} data-testid="cdk-status">{t(`status.${row.status}`)}</Tag> },
          { key: 'batch', title: t('columns.batch'), dataIndex: 'batch' },
          { key: 'boundTo', title: t('columns.boundTo'), render: (_value, row) => row.boundTo ?? '' },
          { key: 'boundAt', title: t('columns.boundAt'), render: (_value, row) => formatDateTime(row.boundAt) },
          { key: 'createdAt', title: t('columns.createdAt'), render: (_value, row) => formatDateTime(row.createdAt) },
          {
            key: 'actions',
            title: t('columns.actions'),
            render: (_value, row) =>
              row.status === 'UNUSED' ? (
                <Popconfirm
                  title={t('void.confirm', { code: row.code })}
                  okText={t('void.ok')}
                  cancelText={t('void.cancel')}
                  okButtonProps={{ danger: true, ...{ 'data-testid': 'cdk-void-confirm' } }}
                  onConfirm={async () => {
                    try {
                      await voidCode.mutateAsync(row.id);
                      void message.success(t('void.done', { code: row.code }));
                    } catch (error) {
                      void message.error(errorText(error));
                    }
                  }}
                >
                  <Button size="small" danger data-testid="cdk-void">
                    {t('void.button')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </ScrollRegion>
  );
}

function GenerateCard() {
  const { t } = useTranslation('cdk');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const generate = useGenerateActivationCodes();
  const [form] = Form.useForm<{ batch: string; count: number }>();
  return (
    <Card title={t('generate.title')} style={{ flex: 1, minWidth: 320 }}>
      <Typography.Paragraph type="secondary">{t('generate.hint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ count: 100 }}
        onFinish={async (values) => {
          try {
            const done = await generate.mutateAsync({ batch: values.batch.trim(), count: values.count });
            void message.success(t('generate.done', { count: done.count, batch: done.batch }));
            form.resetFields();
          } catch (error) {
            void message.error(errorText(error));
          }
        }}
        data-testid="cdk-generate-form"
      >
        <Form.Item name="batch" label={t('fields.batch')} rules={[{ required: true, whitespace: true, message: t('fields.batchRequired') }]}>
          <Input maxLength={BATCH_NAME_MAX_LENGTH} data-testid="cdk-generate-batch" />
        </Form.Item>
        <Form.Item name="count" label={t('fields.count')} rules={[{ required: true, message: t('fields.countRange', { max: MAX_BATCH_SIZE }) }]}>
          <InputNumber min={1} max={MAX_BATCH_SIZE} precision={0} style={{ width: 200 }} data-testid="cdk-generate-count" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={generate.isPending} data-testid="cdk-generate-submit">
          {t('generate.submit')}
        </Button>
      </Form>
    </Card>
  );
}

function ImportCard() {
  const { t } = useTranslation('cdk');
  const queryClient = useQueryClient();
  const [batch, setBatch] = useState('');
  return (
    <Card title={t('import.title')} style={{ flex: 1, minWidth: 320 }} data-testid="cdk-import">
      <Typography.Paragraph type="secondary">{t('import.hint')}</Typography.Paragraph>
      <SpreadsheetImport
        ns="cdk"
        testId="cdk-import"
        ready={batch.trim() !== ''}
        importFile={(file, mode, onProgress) => importActivationCodes(file, { batch: batch.trim(), mode }, onProgress)}
        onImported={() => queryClient.invalidateQueries({ queryKey: ACTIVATION_CODES_KEY })}
      >
        <label>
          <Typography.Text>{t('fields.batch')}</Typography.Text>
          <Input value={batch} maxLength={BATCH_NAME_MAX_LENGTH} onChange={(event) => setBatch(event.target.value)} data-testid="cdk-import-batch" />
        </label>
      </SpreadsheetImport>
    </Card>
  );
}

function ExportButton({ filter }: { filter: TActivationCodeFilter }) {
  const { t } = useTranslation('cdk');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [bytes, setBytes] = useState<number | null>(null);
  return (
    <Flex gap={8} align="center">
      {bytes !== null && (
        <span role="status" data-testid="cdk-export-progress">
          {t('export.progress', { kilobytes: Math.round(bytes / 1024) })}
        </span>
      )}
      <Button
        icon={<DownloadOutlined />}
        loading={bytes !== null}
        onClick={async () => {
          setBytes(0);
          try {
            await exportActivationCodes(filter, setBytes);
          } catch (error) {
            void message.error(errorText(error));
          } finally {
            setBytes(null);
          }
        }}
        data-testid="cdk-export"
      >
        {t('export.button')}
      </Button>
    </Flex>
  );
}
