import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import { APPROVE_STATUSES } from '../../db/schema/index';
import type { Database } from '../../db/client';
import type { AccountModel } from '../../graphql/models';
import { AppError } from '../../lib/app-error';
import { systemClock, type Clock } from '../../lib/clock';
import { translate } from '../../lib/i18n';
import { parseInput } from '../../lib/validation';
import { SECTION_RULES, satisfiesRoleRule } from '@portal/shared/auth/scopes';
import { maskIdNumber } from '@portal/shared/application/id-number';
import { parseCalendarDate, SHOW_TIME_ZONE, shanghaiDate } from '@portal/shared/dates';
import type { Locale } from '@portal/shared/i18n/locales';
import type { AccountService } from '../account/account.service';
import type { AudienceListInput, AudienceService } from './audience.service';
import { allChannelNames, visitDaysOfBatch } from './audience-export.repository';

const NAMESPACE = 'exports';
const SORTS = ['SUBMITTED_DESC', 'SUBMITTED_ASC', 'NAME_ASC', 'STATUS_ASC'] as const;
const calendarDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => parseCalendarDate(value) !== undefined);
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * The query of GET /apis/files/exports/audiences.xlsx: the GraphQL `audiences` filter and sort, as
 * query values (`statuses` comma separated). Unknown values (e.g. `lang`) are ignored.
 */
export const ZAudienceExportQuery = z.object({
  statuses: z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(200)
      .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean))
      .pipe(z.array(z.enum(APPROVE_STATUSES)).max(APPROVE_STATUSES.length))
      .optional(),
  ),
  submittedFrom: z.preprocess(blankToUndefined, calendarDay.optional()),
  submittedTo: z.preprocess(blankToUndefined, calendarDay.optional()),
  visitDate: z.preprocess(blankToUndefined, calendarDay.optional()),
  channelId: z.preprocess(blankToUndefined, z.uuid().optional()),
  keyword: z.preprocess(blankToUndefined, z.string().trim().max(64).optional()),
  sort: z.preprocess(blankToUndefined, z.enum(SORTS).optional()),
});
export type AudienceExportQuery = z.output<typeof ZAudienceExportQuery>;

const COLUMNS = [
  { key: 'submittedAt', header: 'audienceColSubmittedAt', width: 20 },
  { key: 'status', header: 'audienceColStatus', width: 10 },
  { key: 'name', header: 'audienceColName', width: 18 },
  { key: 'mobile', header: 'audienceColMobile', width: 16 },
  { key: 'email', header: 'audienceColEmail', width: 28 },
  { key: 'idType', header: 'audienceColIdType', width: 22 },
  { key: 'idNumber', header: 'audienceColIdNumber', width: 22 },
  { key: 'visitDates', header: 'audienceColVisitDates', width: 26 },
  { key: 'channel', header: 'audienceColChannel', width: 16 },
  { key: 'refuseReason', header: 'audienceColRefuseReason', width: 30 },
] as const;

const shanghaiTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: SHOW_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** "2025-04-10 09:00:00", Beijing time, whatever the server's zone. */
export function formatShanghaiTime(instant: Date): string {
  return shanghaiTime.format(instant);
}

/**
 * The organizers' xlsx export of the approval list (DESIGN §6: PIPL). Rows come from
 * AudienceService.iterate in batches and are committed to exceljs's streaming writer one by one, so
 * the list is never held in memory; the writer waits while the client reads slowly.
 */
export class AudienceExportService {
  constructor(
    private readonly db: Database,
    private readonly audience: AudienceService,
    private readonly accounts: AccountService,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Same rule as the GraphQL list: an organizer with ROLE_SUPER_ADMIN or ROLE_AUDIENCE. */
  async authorize(viewer: AccountModel | undefined): Promise<AccountModel> {
    if (!viewer) throw new AppError('UNAUTHENTICATED');
    if (viewer.scope !== 'organizer') throw new AppError('FORBIDDEN');
    const roles = await this.accounts.rolesOf(viewer.id);
    if (!satisfiesRoleRule(roles.map((role) => role.id), SECTION_RULES.audience)) throw new AppError('FORBIDDEN');
    return viewer;
  }

  parseQuery(query: unknown): AudienceListInput {
    const { sort, ...filter } = parseInput(ZAudienceExportQuery, query);
    return { filter, sort: sort ?? 'SUBMITTED_DESC' };
  }

  /** `visitor-applications-2025-04-10.xlsx` (ASCII, for old clients) and the caller's-language name. */
  fileNames(locale: Locale) {
    const day = shanghaiDate(new Date(this.clock.now()));
    return {
      ascii: `${translate('en-US', 'audienceFileStem', {}, NAMESPACE)}-${day}.xlsx`,
      localised: `${translate(locale, 'audienceFileStem', {}, NAMESPACE)}-${day}.xlsx`,
    };
  }

  /**
   * Writes the workbook to `output` and resolves with the number of rows. `beforeClose(rows)` runs
   * after the last row and before the file is complete (the audit entry): if it fails, the download
   * fails, so no complete export leaves without its audit row.
   */
  async write(output: Writable, input: AudienceListInput, locale: Locale, beforeClose: (rows: number) => Promise<void>): Promise<number> {
    const t = (key: string) => translate(locale, key, {}, NAMESPACE);
    const channelNames = new Map((await allChannelNames(this.db)).map((row) => [row.id, locale === 'zh-CN' ? row.nameZh : row.nameEn]));
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(t('audienceSheet'), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = COLUMNS.map((column) => ({ key: column.key, header: t(column.header), width: column.width }));
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.commit();

    let count = 0;
    for await (const batch of this.audience.iterate(input)) {
      if (output.destroyed) throw new Error('export aborted: the client went away');
      const visitDays = await visitDaysOfBatch(this.db, batch.map((row) => row.id));
      for (const row of batch) {
        sheet
          .addRow({
            submittedAt: row.submittedAt ? formatShanghaiTime(row.submittedAt) : '',
            status: t(`status_${row.approveStatus}`),
            name: row.name ?? '',
            mobile: row.mobile ?? '',
            email: row.email ?? '',
            idType: row.idType ? t(`idType_${row.idType}`) : '',
            // An export leaves the building: never the full number (docs/decisions.md, Visitor applications).
            idNumber: row.idNumber ? maskIdNumber(row.idNumber) : '',
            visitDates: (visitDays.get(row.id) ?? []).join(', '),
            channel: row.channelId ? (channelNames.get(row.channelId) ?? '') : '',
            refuseReason: row.refuseReason ?? '',
          })
          .commit();
        count += 1;
      }
      await drained(output);
    }
    await beforeClose(count);
    sheet.commit();
    await workbook.commit();
    return count;
  }
}

/** Waits while the reader is behind, so that at most about one batch is buffered. */
async function drained(output: Writable) {
  if (!output.writableNeedDrain || output.destroyed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      output.off('drain', done);
      output.off('close', done);
      resolve();
    };
    output.on('drain', done);
    output.on('close', done);
  });
  if (output.destroyed) throw new Error('export aborted: the client went away');
}
