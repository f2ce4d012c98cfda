import type { Writable } from 'node:stream';
import { EXHIBITOR_STATUSES, type TExhibitorListInput } from '@portal/shared/exhibitor/exhibitor.schema';
import { BOOTH_TYPES } from '@portal/shared/exhibitor/badge-quota';
import type { Locale } from '@portal/shared/i18n/locales';
import type { Executor } from '../../db/client';
import { translate } from '../../lib/i18n';
import { writeSheet, type SheetColumnKind } from '../../lib/xlsx-stream';
import type { ExhibitorModel } from './exhibitor.models';
import * as repository from './exhibitor.repository';

const NAMESPACE = 'exports';
const BATCH = 500;

const COLUMNS = [
  ['bootNumber', 12],
  ['nameZh', 30],
  ['nameEn', 36],
  ['status', 12],
  ['credentialsUsed', 12],
  ['credentialLimit', 12],
  ['boothArea', 12],
  ['boothType', 12],
  ['paidExtra', 12],
  ['limitOverride', 12],
  ['limitOverrideReason', 24],
  ['contactName', 16],
  ['contactMobile', 18],
  ['contactEmail', 28],
  ['createdAt', 18],
] as const;
type Column = (typeof COLUMNS)[number][0];

/**
 * The organizers' company list as a workbook (`exhibitorFileStem`, every column in both languages' headers):
 * the list's filter, newest first, read a page of 500 at a time with each page's counted badges, and the booth,
 * limit, paid extra badges and override of each (docs/decisions/0417-badge-quotas.md).
 */
export async function writeExhibitorSheet(
  db: Executor,
  output: Writable,
  filter: Pick<TExhibitorListInput, 'status' | 'keyword'>,
  locale: Locale,
  usedCredentials: (ids: readonly string[]) => Promise<Map<string, number>>,
  paidExtras: (rows: readonly ExhibitorModel[]) => Promise<number[]>,
  beforeClose: (rows: number) => Promise<void>,
): Promise<number> {
  const t = (key: string) => translate(locale, key, {}, NAMESPACE);
  const kinds: Partial<Record<Column, SheetColumnKind>> = {
    status: { labels: Object.fromEntries(EXHIBITOR_STATUSES.map((status) => [status, t(`exhibitorStatus_${status}`)])) },
    boothType: { labels: Object.fromEntries(BOOTH_TYPES.map((type) => [type, t(`boothType_${type}`)])) },
    createdAt: 'time',
  };
  async function* batches() {
    const total = await repository.countExhibitors(db, { ...filter, page: 1, pageSize: BATCH });
    for (let page = 1; (page - 1) * BATCH < total; page += 1) {
      const rows: ExhibitorModel[] = await repository.listExhibitors(db, { ...filter, page, pageSize: BATCH }, total);
      const [used, paid] = await Promise.all([usedCredentials(rows.map((row) => row.id)), paidExtras(rows)]);
      yield rows.map((row, index) => ({
        bootNumber: row.bootNumber,
        nameZh: row.nameZh,
        nameEn: row.nameEn,
        status: row.status,
        boothArea: row.boothArea === null ? null : String(row.boothArea),
        boothType: row.boothType,
        credentialsUsed: String(used.get(row.id) ?? 0),
        credentialLimit: String(row.credentialLimit),
        paidExtra: String(paid[index] ?? 0),
        limitOverride: row.limitOverride === null ? null : String(row.limitOverride),
        limitOverrideReason: row.limitOverrideReason,
        contactName: row.contactName,
        contactMobile: row.contactMobile,
        contactEmail: row.contactEmail,
        createdAt: row.createdAt,
      }));
    }
  }
  const columns = COLUMNS.map(([key, width]) => ({ key, header: t(`exhibitorCol_${key}`), width, kind: kinds[key] ?? 'text' }));
  return writeSheet(output, t('exhibitorSheet'), columns, batches(), beforeClose);
}

export function exhibitorFileNames(locale: Locale, day: string) {
  return {
    ascii: `${translate('en-US', 'exhibitorFileStem', {}, NAMESPACE)}-${day}.xlsx`,
    localised: `${translate(locale, 'exhibitorFileStem', {}, NAMESPACE)}-${day}.xlsx`,
  };
}
