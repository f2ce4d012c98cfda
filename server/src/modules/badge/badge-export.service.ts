import { PassThrough, type Writable } from 'node:stream';
import { once } from 'node:events';
import archiver from 'archiver';
import { systemClock, type Clock } from '../../lib/clock';
import { translate } from '../../lib/i18n';
import { formatShanghaiTime, openStreamedSheet } from '../../lib/xlsx-stream';
import { maskIdNumber } from '@portal/shared/application/id-number';
import { shanghaiDate } from '@portal/shared/dates';
import type { TBadgeFilter } from '@portal/shared/badge/badge.schema';
import type { Locale } from '@portal/shared/i18n/locales';
import { countryName } from '@portal/shared/country/countries';
import type { ExhibitorService } from '../exhibitor/exhibitor.service';
import type { PhotoService } from '../media/photo.service';
import type { BadgeRow } from './badge.models';
import type { BadgeService } from './badge.service';

const NAMESPACE = 'exports';

const COLUMNS = [
  { key: 'createdAt', header: 'badgeColCreatedAt', width: 20 },
  { key: 'status', header: 'badgeColStatus', width: 10 },
  { key: 'exhibitor', header: 'badgeColExhibitor', width: 24 },
  { key: 'name', header: 'badgeColName', width: 16 },
  { key: 'namePinyin', header: 'badgeColNamePinyin', width: 20 },
  { key: 'phone', header: 'badgeColPhone', width: 18 },
  { key: 'email', header: 'badgeColEmail', width: 28 },
  { key: 'idType', header: 'badgeColIdType', width: 22 },
  { key: 'idNumber', header: 'badgeColIdNumber', width: 22 },
  { key: 'country', header: 'badgeColCountry', width: 14 },
  { key: 'deptName', header: 'badgeColDept', width: 16 },
  { key: 'position', header: 'badgeColPosition', width: 16 },
  { key: 'companyNameZh', header: 'badgeColCompanyZh', width: 24 },
  { key: 'companyNameEn', header: 'badgeColCompanyEn', width: 24 },
  { key: 'rejectReason', header: 'badgeColRejectReason', width: 30 },
  { key: 'photoFile', header: 'badgeColPhotoFile', width: 28 },
] as const;

/** The entry-card photo's name in the zip: the pinyin (ASCII letters only) and the badge id's first 8 characters. */
export function badgePhotoFileName(badge: Pick<BadgeRow, 'id' | 'namePinyin'>): string {
  const stem = badge.namePinyin.normalize('NFD').replace(/[^A-Za-z]+/g, '').toLowerCase() || 'badge';
  return `${stem}-${badge.id.slice(0, 8)}.jpg`;
}

/**
 * Exports of a badge list (the exhibitor's own or the organizer's filtered queue): an xlsx written
 * by the portal's streaming sheet writer (lib/xlsx-stream.ts), and a zip (archiver, streaming) holding that xlsx and each
 * entry-card photo. Rows are read in batches and photos opened one at a time, so memory stays flat
 * whatever the count.
 */
export class BadgeExportService {
  constructor(
    private readonly badges: BadgeService,
    private readonly exhibitors: ExhibitorService,
    private readonly photos: PhotoService,
    private readonly clock: Clock = systemClock,
  ) {}

  fileNames(locale: Locale, extension: 'xlsx' | 'zip') {
    const day = shanghaiDate(new Date(this.clock.now()));
    return {
      ascii: `${translate('en-US', 'badgeFileStem', {}, NAMESPACE)}-${day}.${extension}`,
      localised: `${translate(locale, 'badgeFileStem', {}, NAMESPACE)}-${day}.${extension}`,
    };
  }

  /** Writes the workbook to `output`; `beforeClose(rows)` (the audit row) runs before the file completes. */
  async writeXlsx(output: Writable, filter: TBadgeFilter, locale: Locale, beforeClose: (rows: number) => Promise<void>): Promise<number> {
    const t = (key: string) => translate(locale, key, {}, NAMESPACE);
    const sheet = openStreamedSheet(output, t('badgeSheet'), COLUMNS.map((column) => ({ key: column.key, header: t(column.header), width: column.width })));
    const companies = new Map<string, string>();
    let count = 0;
    for await (const batch of this.badges.iterate(filter)) {
      if (output.destroyed) throw new Error('export aborted: the client went away');
      const missing = [...new Set(batch.map((row) => row.exhibitorId))].filter((id) => !companies.has(id));
      for (const company of await this.exhibitors.findByIds(missing)) companies.set(company.id, locale === 'zh-CN' ? company.nameZh : company.nameEn);
      for (const row of batch) {
        sheet.addRow({
          createdAt: formatShanghaiTime(row.createdAt),
          status: t(`badgeStatus_${row.status}`),
          exhibitor: companies.get(row.exhibitorId) ?? '',
          name: row.name,
          namePinyin: row.namePinyin,
          phone: `${row.countryCode} ${row.phoneNumber}`,
          email: row.email,
          idType: t(`idType_${row.idType}`),
          // An export leaves the building: never the full number (as for visitors).
          idNumber: maskIdNumber(row.idNumber),
          country: countryName(row.country, locale),
          deptName: row.deptName,
          position: row.position,
          companyNameZh: row.companyNameZh,
          companyNameEn: row.companyNameEn,
          rejectReason: row.rejectReason ?? '',
          photoFile: row.entryPhotoId ? badgePhotoFileName(row) : '',
        });
        count += 1;
      }
      await sheet.drained();
    }
    await beforeClose(count);
    await sheet.close();
    return count;
  }

  /**
   * Writes a zip to `output`: the xlsx of the list first, then each badge's entry-card photo, one file
   * open at a time (the next is opened when archiver has finished the previous one).
   */
  async writeZip(output: Writable, filter: TBadgeFilter, locale: Locale, beforeClose: (rows: number, photos: number) => Promise<void>): Promise<number> {
    const archive = archiver('zip', { zlib: { level: 1 } });
    const failed = new Promise<never>((_resolve, reject) => archive.once('error', reject));
    failed.catch(() => undefined);
    archive.pipe(output);
    const next = () => Promise.race([once(archive, 'entry'), failed]);

    // The sheet writer ends `workbook` itself; a client that goes away stops it at its next batch.
    const workbook = new PassThrough();
    // Named in the archive's own language (the zip is 证件申请-….zip in Chinese, so is the sheet inside).
    output.once('close', () => workbook.destroy());
    archive.append(workbook, { name: this.fileNames(locale, 'xlsx').localised });
    const rows = await Promise.race([this.writeXlsx(workbook, filter, locale, async () => undefined), failed]);
    await next();

    let photos = 0;
    for await (const batch of this.badges.iterate(filter)) {
      if (output.destroyed) throw new Error('export aborted: the client went away');
      const found = await this.photos.findByIds(batch.flatMap((row) => (row.entryPhotoId ? [row.entryPhotoId] : [])));
      for (const row of batch) {
        const photo = found.find((candidate) => candidate.id === row.entryPhotoId);
        const file = photo ? await this.photos.open(photo) : null;
        if (!file) continue;
        archive.append(file.body, { name: `photos/${badgePhotoFileName(row)}` });
        await next();
        photos += 1;
      }
    }
    await beforeClose(rows, photos);
    await Promise.race([archive.finalize(), failed]);
    return rows;
  }
}
