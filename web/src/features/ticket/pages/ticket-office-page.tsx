import { DownloadOutlined, PrinterOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex, Input, Modal, Progress, Radio, Select, Space, Table, Tag, Tooltip, Typography, type ButtonProps, type TableColumnsType } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BATCH_NAME_MAX_LENGTH } from '@portal/shared/activation-code/activation-code.schema';
import { KEYWORD_MAX_LENGTH, PAGE_SIZES } from '@portal/shared/review/audience-list';
import { TICKET_KINDS, TICKET_STATUSES, ZTicketListInput, type TicketKind, type TicketStatus, type TTicketFilter, type TTicketListInput } from '@portal/shared/ticket/ticket.schema';
import { ScrollRegion } from '../../../components/scroll-region';
import { SpreadsheetImport } from '../../../components/spreadsheet-import';
import { downloadWithProgress, formatBytes, saveBlob, type DownloadProgress } from '../../../lib/download';
import { fetchPdf, printPdf } from '../../../lib/print-pdf';
import { BADGE_PRINT_LAYOUTS, BADGE_PRINT_PATHS, type BadgePrintLayout } from '@portal/shared/badge-print/badge-print.schema';
import { ticketFilterToSearch } from '@portal/shared/ticket/ticket-office.schema';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format/date-time';
import { useErrorText } from '../../../lib/use-error-text';
import { exportTickets } from '../api/export-tickets';
import { importTickets } from '../api/import-tickets';
import { OFFICE_TICKETS_KEY, useOfficeTickets, type OfficeTicket } from '../api/office-tickets';
import { useTicketShowDays } from '../api/ticket-show-days';
import { TicketHistoryDrawer } from '../components/ticket-history-drawer';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { TicketFaceCheckDrawer } from '../components/ticket-face-check-drawer';
import { TicketQrDialog } from '../components/ticket-qr-dialog';
import { TicketReasonDialog, type ReasonAction } from '../components/ticket-reason-dialog';
import { useListState, type ListState } from '../../../lib/list-state';
import { PageHeader } from '../../../components/page-header';
import { listPagination } from '../../../components/list-pagination';
import { KeywordFilter } from '../../../components/keyword-filter';

const KIND_COLORS: Record<TicketKind, string> = { VISITOR: 'blue', BADGE: 'purple', IMPORTED: 'geekblue' };
const STATUS_COLORS: Record<TicketStatus, string> = { VALID: 'green', INACTIVE: 'default', REVOKED: 'red', ERASED: 'default' };

/**
 * /wo/ticket/list (ROLE_SUPER_ADMIN or ROLE_TICKET): every ticket the gates know, filtered and paged on
 * the server; its QR, the face check, its admissions, revoke / reinstate with a reason, the import of
 * tickets sold outside the portal and the export of the filtered list.
 */
/** Where the badge pages are (the app's routes). */
export interface PrintPaths {
  templates: string;
  kiosk: string;
}

export function TicketOfficePage({ printPaths }: { printPaths: PrintPaths }) {
  const { t } = useTranslation('ticket-office');
  // The filter and page live in the URL (a reload or a shared link shows the same page).
  const { input: state, update } = useListState(ZTicketListInput);
  const filter = state.filter ?? {};
  const [qrOf, setQrOf] = useState<OfficeTicket | null>(null);
  const [faceCheckOf, setFaceCheckOf] = useState<OfficeTicket | null>(null);
  const [admissionsOf, setAdmissionsOf] = useState<OfficeTicket | null>(null);
  const [reason, setReason] = useState<{ ticket: OfficeTicket; action: ReasonAction } | null>(null);
  const { message } = App.useApp();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const printOne = async (ticket: OfficeTicket) => {
    try {
      printPdf((await fetchPdf(`${BADGE_PRINT_PATHS.one}?${new URLSearchParams({ ticketId: ticket.id }).toString()}`)).blob);
      await queryClient.invalidateQueries({ queryKey: [...OFFICE_TICKETS_KEY, 'history', ticket.id] });
    } catch (error) {
      void message.error(errorText(error));
    }
  };
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <PageHeader title={t('common:organizer.pages.ticketList')}>
        <Space wrap>
          <ImportButton />
          <ExportButton filter={filter} />
          <PrintBatchButton filter={filter} />
          <Link to={printPaths.templates} data-testid="badge-templates-link">
            {t('print.templates')}
          </Link>
          <Link to={printPaths.kiosk} data-testid="badge-kiosk-link">
            {t('print.kiosk')}
          </Link>
        </Space>
      </PageHeader>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Card>
        <Filters filter={filter} onChange={(change) => update({ filter: change })} />
        <TicketTable state={state} update={update} actions={{ print: printOne, qr: setQrOf, faceCheck: setFaceCheckOf, admissions: setAdmissionsOf, reason: (ticket, action) => setReason({ ticket, action }) }} />
      </Card>
      <TicketQrDialog ticket={qrOf} onClose={() => setQrOf(null)} />
      <TicketFaceCheckDrawer ticket={faceCheckOf} onClose={() => setFaceCheckOf(null)} />
      <TicketHistoryDrawer ticket={admissionsOf} onClose={() => setAdmissionsOf(null)} />
      <TicketReasonDialog target={reason} onClose={() => setReason(null)} />
    </Space>
  );
}

function Filters({ filter, onChange }: { filter: TTicketFilter; onChange: (change: Partial<TTicketFilter>) => void }) {
  const { t } = useTranslation('ticket-office');
  const days = useTicketShowDays();
  const yesNo = (value: boolean | null | undefined) => (typeof value === 'boolean' ? String(value) : undefined);
  const booleanOf = (value: string | undefined) => (value === undefined ? null : value === 'true');
  return (
    <Flex gap={12} wrap style={{ marginBottom: 16 }} data-testid="ticket-filters">
      <Select<TicketKind | undefined>
        allowClear
        placeholder={t('filters.kind')}
        aria-label={t('filters.kind')}
        style={{ width: 140 }}
        value={filter.kind ?? undefined}
        onChange={(kind) => onChange({ kind: kind ?? null })}
        options={TICKET_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
        data-testid="ticket-filter-kind"
      />
      <Select<TicketStatus | undefined>
        allowClear
        placeholder={t('filters.status')}
        aria-label={t('filters.status')}
        style={{ width: 140 }}
        value={filter.status ?? undefined}
        onChange={(status) => onChange({ status: status ?? null })}
        options={TICKET_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        data-testid="ticket-filter-status"
      />
      <Select<string | undefined>
        allowClear
        placeholder={t('filters.day')}
        aria-label={t('filters.day')}
        style={{ width: 160 }}
        value={filter.day ?? undefined}
        onChange={(day) => onChange({ day: day ?? null })}
        options={(days.data ?? []).map((day) => ({ value: day, label: day }))}
        data-testid="ticket-filter-day"
      />
      <Select<string | undefined>
        allowClear
        placeholder={t('filters.admitted')}
        aria-label={t('filters.admitted')}
        style={{ width: 140 }}
        value={yesNo(filter.admitted)}
        onChange={(value) => onChange({ admitted: booleanOf(value) })}
        options={[
          { value: 'true', label: t('filters.yes') },
          { value: 'false', label: t('filters.no') },
        ]}
        data-testid="ticket-filter-admitted"
      />
      <Select<string | undefined>
        allowClear
        placeholder={t('filters.faceChecked')}
        aria-label={t('filters.faceChecked')}
        style={{ width: 140 }}
        value={yesNo(filter.faceChecked)}
        onChange={(value) => onChange({ faceChecked: booleanOf(value) })}
        options={[
          { value: 'true', label: t('filters.checked') },
          { value: 'false', label: t('filters.unchecked') },
        ]}
        data-testid="ticket-filter-face-checked"
      />
      <KeywordFilter
        value={filter.keyword}
        label={t('filters.keyword')}
        maxLength={KEYWORD_MAX_LENGTH}
        style={{ width: 320 }}
        onSearch={(keyword) => onChange({ keyword })}
        searchText={t('filters.search')}
        testId="ticket-filter-keyword"
      />
    </Flex>
  );
}

interface RowActions {
  print: (ticket: OfficeTicket) => void;
  qr: (ticket: OfficeTicket) => void;
  faceCheck: (ticket: OfficeTicket) => void;
  admissions: (ticket: OfficeTicket) => void;
  reason: (ticket: OfficeTicket, action: ReasonAction) => void;
}

function TicketTable({ state, update, actions }: { state: TTicketListInput; update: ListState<TTicketListInput>['update']; actions: RowActions }) {
  const { t } = useTranslation('ticket-office');
  const format = useDateFormat();
  const errorText = useErrorText();
  const tickets = useOfficeTickets(state.filter ?? {}, state.page, state.pageSize);
  if (tickets.isError) return <Alert type="error" showIcon title={errorText(tickets.error)} />;
  const columns: TableColumnsType<OfficeTicket> = [
    {
      key: 'holder',
      title: t('columns.holder'),
      render: (_value, row) => (
        <Flex vertical>
          <Typography.Text strong data-testid="ticket-holder">
            {row.holderName}
          </Typography.Text>
          {row.organization && <Typography.Text type="secondary">{row.organization}</Typography.Text>}
        </Flex>
      ),
    },
    { key: 'kind', title: t('columns.kind'), render: (_value, row) => <Tag color={KIND_COLORS[row.kind]}>{t(`kind.${row.kind}`)}</Tag> },
    {
      key: 'status',
      title: t('columns.status'),
      render: (_value, row) => {
        const tag = (
          <Tag color={STATUS_COLORS[row.status]} data-testid="ticket-status">
            {t(`status.${row.status}`)}
          </Tag>
        );
        return row.status === 'REVOKED' ? <Tooltip title={t('revoke.revokedBy', { name: row.revokedBy ?? '', reason: row.revokeReason ?? '' })}>{tag}</Tooltip> : tag;
      },
    },
    { key: 'days', title: t('columns.days'), render: (_value, row) => (row.days.length > 0 ? row.days.map(format.day).join(' · ') : t('list.everyDay')) },
    {
      key: 'external',
      title: t('columns.external'),
      render: (_value, row) => (
        <Flex vertical>
          {row.externalCode && <Typography.Text code>{row.externalCode}</Typography.Text>}
          {row.importBatch && <Typography.Text type="secondary">{row.importBatch}</Typography.Text>}
        </Flex>
      ),
    },
    {
      key: 'admissions',
      title: t('columns.admissions'),
      render: (_value, row) => (
        <Flex vertical>
          {row.admissionCount > 0 ? (
            <Button type="link" size="small" style={{ padding: 0, alignSelf: 'flex-start' }} onClick={() => actions.admissions(row)} data-testid="ticket-admissions-open">
              {t('admissions.count', { count: row.admissionCount })}
            </Button>
          ) : (
            <Typography.Text type="secondary">{t('admissions.count', { count: 0 })}</Typography.Text>
          )}
          {row.lastAdmittedAt && <Typography.Text type="secondary">{t('admissions.last', { time: formatDateTime(row.lastAdmittedAt) })}</Typography.Text>}
          {row.conflictCount > 0 && <Tag color="red">{t('admissions.conflicts', { count: row.conflictCount })}</Tag>}
        </Flex>
      ),
    },
    {
      key: 'faceCheck',
      title: t('columns.faceCheck'),
      render: (_value, row) =>
        row.faceCheckedAt ? (
          <Tooltip title={t('faceCheck.checkedBy', { name: row.faceCheckedBy ?? '', time: formatDateTime(row.faceCheckedAt) })}>
            <Tag color="green" data-testid="ticket-face-checked">
              {t('faceCheck.checked')}
            </Tag>
          </Tooltip>
        ) : null,
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      // The actions stay in sight when the table scrolls sideways on a narrower desk screen.
      fixed: 'right',
      render: (_value, row) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => actions.admissions(row)} data-testid="ticket-history-open">
            {t('history.open')}
          </Button>
          <Button size="small" disabled={row.status !== 'VALID'} onClick={() => actions.print(row)} data-testid="ticket-print-badge">
            {t('print.printOne')}
          </Button>
          <Button size="small" disabled={row.status !== 'VALID'} onClick={() => actions.qr(row)} data-testid="ticket-qr-open">
            {t('qr.open')}
          </Button>
          <Button size="small" disabled={row.status === 'ERASED'} onClick={() => actions.faceCheck(row)} data-testid="ticket-face-check-open">
            {t('faceCheck.open')}
          </Button>
          {row.status === 'REVOKED' ? (
            <Button size="small" onClick={() => actions.reason(row, 'reinstate')} data-testid="ticket-reinstate">
              {t('reinstate.open')}
            </Button>
          ) : (
            <Button size="small" danger disabled={row.status !== 'VALID'} onClick={() => actions.reason(row, 'revoke')} data-testid="ticket-revoke">
              {t('revoke.open')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <ScrollRegion label={t('list.title')}>
      <Table
        rowKey="id"
        size="small"
        loading={tickets.isFetching}
        dataSource={tickets.data?.nodes ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('list.empty') }}
        data-testid="ticket-table"
        columns={columns}
        pagination={listPagination({
          page: state.page,
          pageSize: state.pageSize,
          total: tickets.data?.total ?? 0,
          pageSizes: PAGE_SIZES,
          totalText: (total) => t('list.total', { count: total }),
          totalTestId: 'ticket-total',
          onChange: (page, pageSize) => update({ page, pageSize }),
        })}
      />
    </ScrollRegion>
  );
}

function ImportButton() {
  const { t } = useTranslation('ticket-office');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [batch, setBatch] = useState('');
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="ticket-import-open">
        {t('import.open')}
      </Button>
      <Modal open={open} title={t('import.title')} onCancel={() => setOpen(false)} footer={null} width={720} destroyOnHidden closable={{ 'aria-label': t('import.close') }} data-testid="ticket-import">
        <Typography.Paragraph type="secondary">{t('import.hint')}</Typography.Paragraph>
        <SpreadsheetImport
          ns="ticket-office"
          testId="ticket-import"
          importFile={(file, mode, onProgress) => importTickets(file, { batch: batch.trim(), mode }, onProgress)}
          onImported={() => queryClient.invalidateQueries({ queryKey: [...OFFICE_TICKETS_KEY, 'list'] })}
        >
          <label>
            <Typography.Text>{t('import.batch')}</Typography.Text>
            <Input value={batch} maxLength={BATCH_NAME_MAX_LENGTH} onChange={(event) => setBatch(event.target.value)} data-testid="ticket-import-batch" />
          </label>
        </SpreadsheetImport>
      </Modal>
    </>
  );
}

function ExportButton({ filter }: { filter: TTicketFilter }) {
  const { t } = useTranslation('ticket-office');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  return (
    <Flex gap={8} align="center">
      {progress && (
        <Flex gap={8} align="center" role="status" data-testid="ticket-export-progress">
          <Progress type="circle" size={20} percent={100} status="active" showInfo={false} />
          <Typography.Text>
            {t('export.progress', { size: formatBytes(progress.bytes) })}
            {progress.totalRows !== null ? ` · ${t('export.rows', { count: progress.totalRows })}` : ''}
          </Typography.Text>
        </Flex>
      )}
      <Button
        icon={<DownloadOutlined />}
        loading={progress !== null}
        onClick={async () => {
          setProgress({ bytes: 0, totalRows: null });
          try {
            await exportTickets(filter, setProgress);
          } catch (error) {
            void message.error(errorText(error));
          } finally {
            setProgress(null);
          }
        }}
        data-testid="ticket-export"
      >
        {t('export.button')}
      </Button>
    </Flex>
  );
}

/** The list's filter as one PDF of badges (its valid tickets), one a page or N-up on A4, downloaded with its progress. */
function PrintBatchButton({ filter }: { filter: TTicketFilter }) {
  const { t } = useTranslation('ticket-office');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [layout, setLayout] = useState<BadgePrintLayout>('SINGLE');
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  return (
    <>
      <Button icon={<PrinterOutlined />} onClick={() => setOpen(true)} data-testid="ticket-print-batch-open">
        {t('print.printBatch')}
      </Button>
      <Modal
        open={open}
        title={t('print.printBatchTitle')}
        onCancel={() => setOpen(false)}
        okText={t('print.download')}
        okButtonProps={{ loading: progress !== null, 'data-testid': 'ticket-print-batch' } as ButtonProps}
        onOk={async () => {
          setProgress({ bytes: 0, totalRows: null });
          try {
            const search = new URLSearchParams(ticketFilterToSearch(filter));
            search.set('layout', layout);
            saveBlob(await downloadWithProgress(`${BADGE_PRINT_PATHS.batch}?${search.toString()}`, setProgress));
            setOpen(false);
          } catch (error) {
            void message.error(errorText(error));
          } finally {
            setProgress(null);
          }
        }}
        destroyOnHidden
        data-testid="ticket-print-batch-dialog"
      >
        <Typography.Paragraph type="secondary">{t('print.printBatchHint')}</Typography.Paragraph>
        <Radio.Group
          aria-label={t('print.layout')}
          value={layout}
          onChange={(event) => setLayout(event.target.value as BadgePrintLayout)}
          options={BADGE_PRINT_LAYOUTS.map((each) => ({ value: each, label: t(`print.layouts.${each}`) }))}
          data-testid="ticket-print-layout"
        />
        {progress ? (
          <Typography.Paragraph role="status" style={{ marginTop: 12 }}>
            {t('export.progress', { size: formatBytes(progress.bytes) })}
            {progress.totalRows !== null ? ` · ${t('export.rows', { count: progress.totalRows })}` : ''}
          </Typography.Paragraph>
        ) : null}
      </Modal>
    </>
  );
}
