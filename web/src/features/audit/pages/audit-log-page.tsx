import { Alert, Button, Flex, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_DEFAULT_PAGE_SIZE, AUDIT_PAGE_SIZES, ZAuditLogInput, type TAuditLogFilter } from '@portal/shared/audit/audit-log';
import { useListState } from '../../../lib/list-state';
import { useErrorText } from '../../../lib/use-error-text';
import { auditLogExportHref, auditLogVariablesOf, useAuditLog } from '../api/audit-log';
import { AuditLogFilters } from '../components/audit-log-filters';
import { AuditLogTable } from '../components/audit-log-table';
import type { AuditSubjectPaths } from '../lib/audit-subject';
import { ExportLinkButton } from '../../../components/export-link-button';

/** The log opens on its newest entries, 50 a page. */
const AUDIT_LIST_DEFAULTS = { pageSize: AUDIT_DEFAULT_PAGE_SIZE };

/**
 * /wo/system/audit (ROLE_SUPER_ADMIN): the audit log, newest first. Pages continue before the last
 * entry seen (the log grows while one reads it, and may hold millions of rows): "Older" goes on,
 * "Newer" returns through the pages seen, "Newest" starts again. The filter lives in the URL.
 */
export function AuditLogPage({ subjectPaths }: { subjectPaths: AuditSubjectPaths }) {
  const { t } = useTranslation('audit-log');
  const errorText = useErrorText();
  const { input: state, update, reset } = useListState(ZAuditLogInput, AUDIT_LIST_DEFAULTS);
  const filter = state.filter ?? {};
  // The cursors of the pages before this one, to walk back ("Newer"); a new filter starts afresh.
  const [newer, setNewer] = useState<Array<string | null>>([]);
  const [actorName, setActorName] = useState<string | null>(null);
  const log = useAuditLog(auditLogVariablesOf(state));

  // A new filter or page size starts again at the newest entries (useListState drops `before`).
  const filterBy = (patch: Partial<TAuditLogFilter>) => {
    setNewer([]);
    update({ filter: patch });
  };
  const nextBefore = log.data?.nextBefore ?? null;

  return (
    <Flex vertical gap="middle" data-testid="audit-page">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <ExportLinkButton href={auditLogExportHref(filter)} testId="audit-export">
          {t('export')}
        </ExportLinkButton>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('intro')}
      </Typography.Paragraph>
      <AuditLogFilters
        filter={filter}
        actorName={actorName}
        onChange={filterBy}
        onReset={() => {
          setNewer([]);
          reset();
        }}
      />
      {log.error ? <Alert type="error" showIcon message={errorText(log.error)} data-testid="audit-error" /> : null}
      <AuditLogTable
        rows={log.data?.nodes ?? []}
        loading={log.isFetching}
        subjectPaths={subjectPaths}
        onPerson={(actor) => {
          setActorName(actor.name);
          filterBy({ actorId: actor.id, person: null });
        }}
      />
      <Flex justify="space-between" align="center" wrap gap="small">
        <Space wrap>
          <Button
            disabled={!state.before}
            onClick={() => {
              setNewer([]);
              update({ before: null });
            }}
            data-testid="audit-newest"
          >
            {t('pager.newest')}
          </Button>
          <Button
            disabled={newer.length === 0}
            onClick={() => {
              setNewer(newer.slice(0, -1));
              update({ before: newer.at(-1) ?? null });
            }}
            data-testid="audit-newer"
          >
            {t('pager.newer')}
          </Button>
          <Button
            type="primary"
            disabled={!nextBefore || log.isPlaceholderData}
            onClick={() => {
              setNewer([...newer, state.before ?? null]);
              update({ before: nextBefore });
            }}
            data-testid="audit-older"
          >
            {t('pager.older')}
          </Button>
        </Space>
        <Select<number>
          value={state.pageSize ?? AUDIT_DEFAULT_PAGE_SIZE}
          onChange={(pageSize) => {
            setNewer([]);
            update({ pageSize });
          }}
          options={AUDIT_PAGE_SIZES.map((size) => ({ value: size, label: t('pager.size', { count: size }) }))}
          aria-label={t('pager.sizeLabel')}
          data-testid="audit-page-size"
        />
      </Flex>
    </Flex>
  );
}
