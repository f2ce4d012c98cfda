import type { Writable } from 'node:stream';
import { shanghaiDate } from '@portal/shared/dates';
import { auditActionKey, auditSubjectKey, isAuditSubjectType, type AuditSubjectType, AUDIT_DEFAULT_PAGE_SIZE, type TAuditLogFilter, type TAuditLogInput } from '@portal/shared/audit/audit-log';
import type { Locale } from '@portal/shared/i18n/locales';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { translate } from '../../lib/i18n';
import type { Viewer } from '../../lib/viewer';
import { formatShanghaiTime, writeSheet } from '../../lib/xlsx-stream';
import type { AccountService } from '../account/account.service';
import type { AuditLogEntryModel, AuditSubjectNamer, AuditSubjectNamers } from './audit.models';
import { requireAuditReader } from './audit.policy';
import { listAuditEntries, type AuditConditions } from './audit.repository';

const NAMESPACE = 'audit';
const EXPORT_BATCH = 1000;
/** Subject ids that name a record (project settings use '1'); anything else is no look-up. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A person filter that matches more accounts than this is too vague to be useful; the newest matches are used. */
const MAX_MATCHED_PEOPLE = 500;
const COLUMNS = [
  ['at', 20],
  ['person', 24],
  ['identity', 26],
  ['action', 28],
  ['subjectType', 16],
  ['subjectId', 38],
  ['ip', 16],
  ['requestId', 24],
  ['detail', 60],
] as const;
type Column = (typeof COLUMNS)[number][0];

/**
 * Reads the audit log for the super administrator: a keyset-paged list (newest first) and a streamed
 * xlsx export of the same filter, itself recorded in the log. Nothing here — nor anywhere — updates or
 * deletes an entry: the table refuses it (migration 0009's trigger).
 */
export class AuditLogService {
  constructor(
    private readonly db: Database,
    private readonly accounts: Pick<AccountService, 'idsMatching' | 'findByIds'>,
    private readonly clock: Clock,
  ) {}

  private readonly namers: AuditSubjectNamers = {};

  /** The module that owns a subject type tells the log its records' names (from its module file). */
  nameSubjects(type: keyof AuditSubjectNamers, namer: AuditSubjectNamer) {
    this.namers[type] = namer;
  }

  async list(viewer: Viewer | undefined, input: TAuditLogInput, locale: Locale): Promise<{ nodes: AuditLogEntryModel[]; nextBefore: string | null }> {
    requireAuditReader(viewer);
    const pageSize = input.pageSize ?? AUDIT_DEFAULT_PAGE_SIZE;
    const conditions = await this.conditionsOf(input.filter ?? {});
    if (conditions.actorIds?.length === 0) return { nodes: [], nextBefore: null };
    const rows = await listAuditEntries(this.db, conditions, input.before ? Number(input.before) : null, pageSize + 1);
    const page = rows.slice(0, pageSize);
    const names = await this.subjectNamesOf(page, locale);
    const nodes = page.map((row) => ({ ...row, subjectName: (row.subjectType && row.subjectId && names.get(row.subjectType)?.get(row.subjectId)) || null }));
    return { nodes, nextBefore: rows.length > pageSize ? String(nodes.at(-1)?.id) : null };
  }

  /** One look-up per subject type on the page, side by side (a page of 200 entries costs a handful of queries). */
  private async subjectNamesOf(rows: ReadonlyArray<Pick<AuditLogEntryModel, 'subjectType' | 'subjectId'>>, locale: Locale) {
    const idsByType = new Map<AuditSubjectType, Set<string>>();
    for (const { subjectType, subjectId } of rows) {
      if (!subjectType || !subjectId || !isAuditSubjectType(subjectType) || !this.namers[subjectType] || !UUID.test(subjectId)) continue;
      idsByType.set(subjectType, (idsByType.get(subjectType) ?? new Set()).add(subjectId));
    }
    const named = await Promise.all([...idsByType].map(async ([type, ids]) => [type as string, (await this.namers[type]?.([...ids], locale)) ?? new Map<string, string>()] as const));
    return new Map(named);
  }

  /** Authorises an export of the filter (from its query values: the same names as the page's URL). */
  exportFilter(viewer: Viewer | undefined, filter: TAuditLogFilter): TAuditLogFilter {
    requireAuditReader(viewer);
    return filter;
  }

  fileNames(locale: Locale) {
    const day = shanghaiDate(new Date(this.clock.now()));
    return { ascii: `${translate('en-US', 'fileStem', {}, NAMESPACE)}-${day}.xlsx`, localised: `${translate(locale, 'fileStem', {}, NAMESPACE)}-${day}.xlsx` };
  }

  /** Streams the filtered log, newest first, in keyset batches; `beforeClose` records the export itself. */
  async write(output: Writable, filter: TAuditLogFilter, locale: Locale, beforeClose: (rows: number) => Promise<void>) {
    const t = (key: string) => translate(locale, key, {}, NAMESPACE);
    const conditions = await this.conditionsOf(filter);
    const { db, accounts } = this;
    async function* batches(): AsyncGenerator<Array<Record<Column, string>>> {
      if (conditions.actorIds?.length === 0) return;
      let before: number | null = null;
      for (;;) {
        const rows = await listAuditEntries(db, conditions, before, EXPORT_BATCH);
        if (!rows.length) return;
        const actorIds = [...new Set(rows.flatMap((row) => (row.actorId ? [row.actorId] : [])))];
        const people = new Map((await accounts.findByIds(actorIds)).map((account) => [account.id, account]));
        yield rows.map((row) => {
          const person = row.actorId ? people.get(row.actorId) : undefined;
          return {
            at: formatShanghaiTime(row.at),
            person: person?.name ?? '',
            identity: person?.email ?? person?.mobile ?? '',
            action: t(auditActionKey(row.action)),
            subjectType: row.subjectType ? t(auditSubjectKey(row.subjectType)) : '',
            subjectId: row.subjectId ?? '',
            ip: row.ip ?? '',
            requestId: row.requestId ?? '',
            detail: row.detail ? JSON.stringify(row.detail) : '',
          };
        });
        before = rows.at(-1)?.id ?? null;
        if (rows.length < EXPORT_BATCH) return;
      }
    }
    const columns = COLUMNS.map(([key, width]) => ({ key, width, header: t(`col_${key}`) }));
    return writeSheet(output, t('sheet'), columns, batches(), beforeClose);
  }

  private async conditionsOf(filter: TAuditLogFilter): Promise<AuditConditions> {
    const matched = filter.person ? await this.accounts.idsMatching(filter.person, MAX_MATCHED_PEOPLE) : null;
    const actorIds = filter.actorId ? (matched ? matched.filter((id) => id === filter.actorId) : [filter.actorId]) : matched;
    return {
      actorIds,
      actions: filter.actions ?? null,
      subjectType: filter.subjectType ?? null,
      subjectId: filter.subjectId ?? null,
      from: filter.from ?? null,
      to: filter.to ?? null,
    };
  }
}
