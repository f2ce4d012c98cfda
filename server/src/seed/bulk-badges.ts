import { eq, sql } from 'drizzle-orm';
import { mainlandIdCheckCharacter } from '@portal/shared/application/id-number';
import type { RunningPortal } from '../bootstrap';
import { accounts, badges, exhibitors, photos } from '../db/schema/index';
import { idNumberColumns } from '../lib/personal-data-cipher';
import { newFileKey } from '../modules/media/file-store';
import { issueTicketsForApproved } from './bulk-tickets';

/** About 1,000 exhibiting companies at a large show. */
export const BULK_BADGE_COMPANIES = 1_000;
/** The company whose badges carry their own entry card photo files: the zip export's benchmark exports it. */
export const BULK_PHOTO_COMPANY = { nameZh: '批量证件展商', nameEn: 'Bulk Badge Co.' } as const;
const BATCH = 1_000;
/** The bulk companies hold as many badges as the benchmark files: a limit set by hand, not by a booth. */
const BULK_OVERRIDE_REASON = 'benchmark data';

const PEOPLE = [
  ['王伟', 'Wang Wei'],
  ['李娜', 'Li Na'],
  ['张敏', 'Zhang Min'],
  ['刘洋', 'Liu Yang'],
  ['陈静', 'Chen Jing'],
  ['杨磊', 'Yang Lei'],
  ['黄强', 'Huang Qiang'],
  ['赵军', 'Zhao Jun'],
  ['吴杰', 'Wu Jie'],
  ['周涛', 'Zhou Tao'],
  ['徐明', 'Xu Ming'],
  ['孙超', 'Sun Chao'],
] as const;
const POSITIONS = [
  ['销售部', '销售经理'],
  ['市场部', '市场专员'],
  ['技术部', '工程师'],
  ['总经办', '总经理'],
] as const;
const REJECT_REASONS = ['入场证照片不清晰，请重新上传', '证件号码与姓名不符', 'Entry card photo does not show the face'];

/** Mainland ID numbers that pass GB 11643, unique per `serial` (Beijing Dongcheng, born 1960–2004). */
function bulkIdNumber(serial: number): string {
  const birth = new Date(Date.UTC(1960, 0, 1) + (serial % 16_000) * 86_400_000);
  const first17 = `110101${birth.toISOString().slice(0, 10).replaceAll('-', '')}${String(Math.floor(serial / 16_000) % 1000).padStart(3, '0')}`;
  return first17 + mainlandIdCheckCharacter(first17);
}

/**
 * Made-up staff badges in bulk, for the benchmark (20,000 badges): the
 * companies, then the badges in batches — about 40 % pending, 50 % approved, 10 % rejected, applied for
 * over the last 30 days. The first `withPhotos` badges belong to one company (BULK_PHOTO_COMPANY) and each
 * has its own entry card photo file (a copy of a demo photo), so that a zip export of that company
 * writes that many real files. ID numbers are encrypted and hashed as any stored one. Returns the count.
 */
export async function fillBulkBadges(portal: Pick<RunningPortal, 'app' | 'database'>, count: number, withPhotos: number): Promise<number> {
  if (count <= 0) return 0;
  const { db } = portal.database;
  const { files, tickets } = portal.app.services;
  const [sample] = await db.select().from(photos).where(eq(photos.purpose, 'ENTRY_CARD')).limit(1);
  const [owner] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.scope, 'organizer')).limit(1);
  const picture = sample ? await files.getBuffer(sample.storageKey) : null;
  if (!sample || !owner || !picture) throw new Error('bulk badges need the demo seed (a stored entry card photo and an organizer)');

  const companies = await db
    .insert(exhibitors)
    .values([
      { ...BULK_PHOTO_COMPANY, credentialLimit: withPhotos, limitOverride: withPhotos, limitOverrideReason: BULK_OVERRIDE_REASON, bootNumber: 'Z-000' },
      ...Array.from({ length: BULK_BADGE_COMPANIES - 1 }, (_, index) => ({
        nameZh: `批量展商 ${index + 1}`,
        nameEn: `Bulk Exhibitor ${index + 1}`,
        credentialLimit: 60,
        limitOverride: 60,
        limitOverrideReason: BULK_OVERRIDE_REASON,
        bootNumber: `Z-${index + 1}`,
      })),
    ])
    .returning({ id: exhibitors.id });

  const photoIds: string[] = [];
  for (let start = 0; start < Math.min(withPhotos, count); start += BATCH) {
    const size = Math.min(BATCH, withPhotos - start);
    const keys = Array.from({ length: size }, () => newFileKey('photo'));
    await Promise.all(keys.map((key) => files.put(key, picture, 'image/jpeg')));
    const rows = await db
      .insert(photos)
      .values(keys.map((storageKey) => ({ ownerId: owner.id, purpose: 'BADGE' as const, storageKey, contentType: sample.contentType, width: sample.width, height: sample.height, bytes: picture.length, faceRatio: sample.faceRatio })))
      .returning({ id: photos.id });
    photoIds.push(...rows.map((row) => row.id));
  }

  const now = Date.now();
  for (let start = 0; start < count; start += BATCH) {
    await db.insert(badges).values(
      Array.from({ length: Math.min(BATCH, count - start) }, (_, offset) => {
        const serial = start + offset;
        const [name, pinyin] = PEOPLE[serial % PEOPLE.length] ?? PEOPLE[0];
        const [deptName, position] = POSITIONS[serial % POSITIONS.length] ?? POSITIONS[0];
        const roll = (serial * 7919) % 100;
        const status = roll < 40 ? ('PENDING' as const) : roll < 90 ? ('APPROVED' as const) : ('REJECTED' as const);
        const createdAt = new Date(now - ((serial * 104_729) % (30 * 86_400)) * 1000);
        const company = serial < withPhotos ? companies[0] : companies[1 + (serial % (companies.length - 1))];
        return {
          exhibitorId: company?.id ?? '',
          status,
          name,
          namePinyin: pinyin,
          countryCode: '+86',
          phoneNumber: `137${String(serial).padStart(8, '0')}`,
          email: `staff${serial}@example.com`,
          idType: 'MAINLAND_ID' as const,
          ...idNumberColumns(bulkIdNumber(serial)),
          country: 'CN',
          deptName,
          position,
          companyNameZh: serial < withPhotos ? BULK_PHOTO_COMPANY.nameZh : '批量展商',
          companyNameEn: serial < withPhotos ? BULK_PHOTO_COMPANY.nameEn : 'Bulk Exhibitor',
          entryPhotoId: photoIds[serial] ?? null,
          rejectReason: status === 'REJECTED' ? (REJECT_REASONS[serial % REJECT_REASONS.length] ?? null) : null,
          truthConfirmedAt: createdAt,
          sensitiveConsentAt: createdAt,
          decidedAt: status === 'PENDING' ? null : createdAt,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );
  }
  await db.transaction((tx) => issueTicketsForApproved(tx, tickets));
  // As autovacuum would after a load this size: fresh statistics for the planner.
  await db.execute(sql`vacuum analyze badges`);
  await db.execute(sql`vacuum analyze badge_search_grams`);
  await db.execute(sql`vacuum analyze tickets`);
  return count;
}
