import { Button, Flex, Select, Table, Typography } from 'antd';
import { ScrollRegion } from '../../../components/scroll-region';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_SUBMISSION_PAGE_SIZE, SUBMISSION_STATUSES, type SubmissionStatus } from '@portal/shared/submission/submission.schema';
import { SubmissionStatusTag } from '../../../components/submission-status-tag';
import { formatDateTime } from '../../../lib/format/date-time';
import { useMyProductApplications } from '../api/my-product-applications';
import { submissionExportHref } from '../../../lib/submission-export';
import { ExportLinkButton } from '../../../components/export-link-button';

/** /we/exhibitor/product/list: the company's product applications, paged on the server, with export. */
export function ProductListPage({ formPath }: { formPath: (id?: string) => string }) {
  const { t } = useTranslation(['product', 'submission']);
  const [status, setStatus] = useState<SubmissionStatus | null>(null);
  const [page, setPage] = useState(1);
  const input = { filter: { status }, page, pageSize: DEFAULT_SUBMISSION_PAGE_SIZE };
  const rows = useMyProductApplications(input);
  return (
    <Flex vertical gap="middle" data-testid="product-list-page">
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('listTitle')}
      </Typography.Title>
      <Flex wrap gap="small">
        <Link to={formPath()}>
          <Button type="primary" data-testid="product-new">
            {t('new')}
          </Button>
        </Link>
        <Select
          allowClear
          style={{ minWidth: 140 }}
          aria-label={t('submission:filters.status')}
          placeholder={t('submission:filters.status')}
          value={status}
          onChange={(value: SubmissionStatus | undefined) => {
            setStatus(value ?? null);
            setPage(1);
          }}
          options={SUBMISSION_STATUSES.map((value) => ({ value, label: t(`submission:status.${value}`) }))}
        />
        <ExportLinkButton href={submissionExportHref('products', input)} icon={false} testId="product-export">
          {t('export')}
        </ExportLinkButton>
      </Flex>
      <ScrollRegion label={t('listTitle')}>
        <Table
          rowKey="id"
          loading={rows.isFetching}
          dataSource={rows.data?.nodes ?? []}
          data-testid="product-table"
          pagination={{ current: page, pageSize: DEFAULT_SUBMISSION_PAGE_SIZE, total: rows.data?.total ?? 0, onChange: setPage, showTotal: (total) => t('submission:total', { total }) }}
          columns={[
            { key: 'name', title: t('fields.nameZh'), render: (_value, row) => <Link to={formPath(row.id)}>{row.nameZh}</Link> },
            { key: 'category', title: t('fields.category'), render: (_value, row) => t(`category.${row.category}`) },
            { key: 'status', title: t('submission:columns.status'), render: (_value, row) => <SubmissionStatusTag status={row.status} testId="product-row-status" /> },
            { key: 'submittedAt', title: t('submission:columns.submittedAt'), render: (_value, row) => formatDateTime(row.submittedAt) },
          ]}
        />
      </ScrollRegion>
    </Flex>
  );
}
