import { Alert, Button, Flex, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AUDIT_PAGE_SIZES, type TAuditLogFilter } from '@portal/shared/audit/audit-log';
import { useErrorText } from '../../../lib/use-error-text';
import { useAuditLog } from '../api/audit-log';
import { AuditLogFilters } from '../components/audit-log-filters';
import { AuditLogTable } from '../components/audit-log-table';
import type { AuditSubjectPaths } from '../lib/audit-subject';
import { auditLogExportHref, auditLogSearchOf, auditLogStateOf, auditLogVariablesOf, type AuditLogState } from '../lib/audit-log-url';
import { ExportLinkButton } from '../../../components/export-link-button';

/**
 * /wo/system/audit (ROLE_SUPER_ADMIN): the audit log, newest first. Pages continue before the last
 * entry seen (the log grows while one reads it, and may hold millions of rows): "Older" goes on,
 * "Newer" returns through the pages seen, "Newest" starts again. The filter lives in the URL.
 */
export function AuditLogPage({ subjectPaths }: { subjectPaths: AuditSubjectPaths }) {
  const { t } = useTranslation('audit-log');
  const errorText = useErrorText();
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => auditLogStateOf(search), [search]);
  // The cursors of the pages before this one, to walk back ("Newer"); a new filter starts afresh.
  const [newer, setNewer] = useState<Array<string | null>>([]);
  const [actorName, setActorName] = useState<string | null>(null);
  const log = useAuditLog(auditLogVariablesOf(state));

  // Every change starts from the URL as it is now (the router updates it at once), not from this
  // render's state: a click right after another change must not write the older filter back.
  const change = (update: (current: AuditLogState) => AuditLogState) => setSearch(auditLogSearchOf(update(auditLogStateOf(new URLSearchParams(window.location.search)))));
  const filterBy = (patch: Partial<TAuditLogFilter>) => {
    setNewer([]);
    change((current) => ({ ...current, filter: { ...current.filter, ...patch }, before: null }));
  };
  const nextBefore = log.data?.nextBefore ?? null;

  return (
    <Flex vertical gap="middle" data-testid="audit-page">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <ExportLinkButton href={auditLogExportHref(state.filter)} testId="audit-export">
          {t('export')}
        </ExportLinkButton>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('intro')}
      </Typography.Paragraph>
      <AuditLogFilters
        filter={state.filter}
        actorName={actorName}
        onChange={filterBy}
        onReset={() => {
          setNewer([]);
          change((current) => ({ filter: {}, before: null, pageSize: current.pageSize }));
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
              change((current) => ({ ...current, before: null }));
            }}
            data-testid="audit-newest"
          >
            {t('pager.newest')}
          </Button>
          <Button
            disabled={newer.length === 0}
            onClick={() => {
              setNewer(newer.slice(0, -1));
              change((current) => ({ ...current, before: newer.at(-1) ?? null }));
            }}
            data-testid="audit-newer"
          >
            {t('pager.newer')}
          </Button>
          <Button
            type="primary"
            disabled={!nextBefore || log.isPlaceholderData}
            onClick={() => {
              setNewer([...newer, state.before]);
              change((current) => ({ ...current, before: nextBefore }));
            }}
            data-testid="audit-older"
          >
            {t('pager.older')}
          </Button>
        </Space>
        <Select<number>
          value={state.pageSize}
          onChange={(pageSize) => {
            setNewer([]);
            change((current) => ({ ...current, before: null, pageSize }));
          }}
          options={AUDIT_PAGE_SIZES.map((size) => ({ value: size, label: t('pager.size', { count: size }) }))}
          aria-label={t('pager.sizeLabel')}
          data-testid="audit-page-size"
        />
      </Flex>
    </Flex>
  );
}
