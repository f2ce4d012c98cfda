import type { Writable } from 'node:stream';
import { AppError } from '../../lib/app-error';
import { systemClock, type Clock } from '../../lib/clock';
import { translate } from '../../lib/i18n';
import { writeSheet, type SheetColumnKind } from '../../lib/xlsx-stream';
import type { Viewer } from '../../lib/viewer';
import { shanghaiDate } from '@portal/shared/dates';
import type { Locale } from '@portal/shared/i18n/locales';
import { APPROVE_STATUSES } from '@portal/shared/application/application-status';
import { ID_TYPES } from '@portal/shared/application/id-number';
import { listStateFromSearch, type AudienceListState } from '@portal/shared/review/audience-list';
import type { ApplicationService } from '../application/application.service';
import type { ShowService } from '../show/show.service';
import { requireReviewer } from './review.policy';

const NAMESPACE = 'exports';

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

/**
 * The organizers' xlsx export of the approval list (DESIGN §6: PIPL). Rows come from
 * ApplicationService.iterate in batches and are handed to the streaming sheet writer batch by batch, so
 * the list is never held in memory; the writer waits while the client reads slowly.
 */
export class ReviewExportService {
  constructor(
    private readonly applications: ApplicationService,
    private readonly show: ShowService,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Same rule as the GraphQL list. */
  authorize<TViewer extends Viewer>(viewer: TViewer | undefined): TViewer {
    return requireReviewer(viewer);
  }

  /**
   * The export's query string: the list's URL state (the same names and rules as the web's URL and
   * the GraphQL filter). A malformed value is refused, not dropped: the file must match the screen.
   */
  parseQuery(query: Record<string, string | undefined>): AudienceListState {
    const search = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    const { state, invalid } = listStateFromSearch(search);
    if (invalid.length > 0) throw new AppError('VALIDATION_FAILED', {}, invalid.map((path) => ({ path, code: 'VALIDATION_FAILED' })));
    return state;
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
  async write(output: Writable, input: AudienceListState, locale: Locale, beforeClose: (rows: number) => Promise<void>): Promise<number> {
    const t = (key: string) => translate(locale, key, {}, NAMESPACE);
    const labels = (prefix: string, codes: readonly string[]) => ({ labels: Object.fromEntries(codes.map((code) => [code, t(`${prefix}${code}`)])) });
    const channels = Object.fromEntries((await this.show.allChannels()).map((row) => [row.id, locale === 'zh-CN' ? row.nameZh : row.nameEn]));
    // The rows go to the sheet's worker as read: it formats the time, looks the labels up, and opens and
    // masks the ID number (an export leaves the building: never the full number, docs/decisions/0301-approval-list-export.md).
    const kinds: Partial<Record<(typeof COLUMNS)[number]['key'], SheetColumnKind>> = {
      submittedAt: 'time',
      status: labels('status_', APPROVE_STATUSES),
      idType: labels('idType_', ID_TYPES),
      idNumber: 'sealedIdNumber',
      channel: { labels: channels },
    };
    const applications = this.applications;
    async function* batches() {
      for await (const batch of applications.iterate({ filter: input, sort: input.sort })) {
        yield batch.map((row) => ({
          submittedAt: row.submittedAt,
          status: row.approveStatus,
          name: row.name,
          mobile: row.mobile,
          email: row.email,
          idType: row.idType,
          idNumber: row.idNumberSealed,
          visitDates: row.visitDates,
          channel: row.channelId,
          refuseReason: row.refuseReason,
        }));
      }
    }
    const columns = COLUMNS.map((column) => ({ key: column.key, header: t(column.header), width: column.width, kind: kinds[column.key] ?? 'text' }));
    return writeSheet(output, t('audienceSheet'), columns, batches(), beforeClose);
  }
}
