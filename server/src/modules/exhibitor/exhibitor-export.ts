import type { Writable } from 'node:stream';
import { EXHIBITOR_STATUSES, type TExhibitorListInput } from '@portal/shared/exhibitor/exhibitor.schema';
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
  ['contactName', 16],
  ['contactMobile', 18],
  ['contactEmail', 28],
  ['createdAt', 18],
] as const;
type Column = (typeof COLUMNS)[number][0];

/**
 * The organizers' company list as a workbook (`exhibitorFileStem`, every column in both languages' headers):
 * the list's filter, newest first, read a page of 500 at a time with each page's counted badges.
 */
export async function writeExhibitorSheet(
  db: Executor,
  output: Writable,
  filter: Pick<TExhibitorListInput, 'status' | 'keyword'>,
  locale: Locale,
  usedCredentials: (ids: readonly string[]) => Promise<Map<string, number>>,
  beforeClose: (rows: number) => Promise<void>,
): Promise<number> {
  const t = (key: string) => translate(locale, key, {}, NAMESPACE);
  const kinds: Partial<Record<Column, SheetColumnKind>> = {
    status: { labels: Object.fromEntries(EXHIBITOR_STATUSES.map((status) => [status, t(`exhibitorStatus_${status}`)])) },
    createdAt: 'time',
  };
  async function* batches() {
    const total = await repository.countExhibitors(db, { ...filter, page: 1, pageSize: BATCH });
    for (let page = 1; (page - 1) * BATCH < total; page += 1) {
      const rows: ExhibitorModel[] = await repository.listExhibitors(db, { ...filter, page, pageSize: BATCH }, total);
      const used = await usedCredentials(rows.map((row) => row.id));
      yield rows.map((row) => ({
        bootNumber: row.bootNumber,
        nameZh: row.nameZh,
        nameEn: row.nameEn,
        status: row.status,
        credentialsUsed: String(used.get(row.id) ?? 0),
        credentialLimit: String(row.credentialLimit),
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
