import { eq } from 'drizzle-orm';
import type { RunningPortal } from '../bootstrap';
import { accounts, photos } from '../db/schema/index';
import { hashPassword } from '../lib/passwords';
import { newFileKey } from '../modules/media/file-store';

/** The password of every rush visitor (DEMO_RUSH_VISITORS). */
export const RUSH_VISITOR_PASSWORD = 'Rush12345';
/** Their mobiles: +86172 and the visitor's number, 8 digits. */
export const RUSH_VISITOR_MOBILE_PREFIX = '+86172';
/** Their activation codes: RUSH- and the visitor's number, 6 digits. */
export const RUSH_CODE_PREFIX = 'RUSH-';
const BATCH = 500;

/**
 * Visitors ready to apply at the same moment, for the cluster test's rush: accounts (one password, hashed once),
 * each with its entry-card and ID photos already uploaded (files of their own, copies of a demo photo with the
 * measured face, as an upload ahead of the rush would leave them) and an unused activation code each; no
 * application yet. The rush then measures the submits alone. Returns the number of visitors.
 */
export async function fillRushVisitors(portal: Pick<RunningPortal, 'app' | 'database'>, count: number): Promise<number> {
  if (count <= 0) return 0;
  const { db } = portal.database;
  const { files, activationCodes } = portal.app.services;
  const [entry] = await db.select().from(photos).where(eq(photos.purpose, 'ENTRY_CARD')).limit(1);
  const [id] = await db.select().from(photos).where(eq(photos.purpose, 'ID_CARD')).limit(1);
  const pictures = entry && id ? await Promise.all([files.getBuffer(entry.storageKey), files.getBuffer(id.storageKey)]) : [];
  const [entryPicture, idPicture] = pictures;
  if (!entry || !id || !entryPicture || !idPicture) throw new Error('rush visitors need the demo seed (stored entry card and ID photos)');
  const passwordHash = await hashPassword(RUSH_VISITOR_PASSWORD);
  for (let start = 0; start < count; start += BATCH) {
    const numbers = Array.from({ length: Math.min(BATCH, count - start) }, (_, offset) => start + offset);
    const owners = await db
      .insert(accounts)
      .values(numbers.map((n) => ({ scope: 'audience' as const, name: `Rush ${n}`, mobile: `${RUSH_VISITOR_MOBILE_PREFIX}${String(n).padStart(8, '0')}`, passwordHash, passwordLastUpdateAt: new Date() })))
      .returning({ id: accounts.id });
    const rows = owners.flatMap((owner) =>
      ([
        [entry, entryPicture],
        [id, idPicture],
      ] as const).map(([sample, picture]) => ({
        ownerId: owner.id,
        purpose: sample.purpose,
        storageKey: newFileKey('photo'),
        contentType: sample.contentType,
        width: sample.width,
        height: sample.height,
        bytes: picture.length,
        faceRatio: sample.faceRatio,
        faceDescriptor: sample.faceDescriptor,
        picture,
      })),
    );
    await Promise.all(rows.map((row) => files.put(row.storageKey, row.picture, row.contentType)));
    await db.insert(photos).values(rows.map(({ picture: _picture, ...row }) => row));
    await activationCodes.insert(numbers.map((n) => `${RUSH_CODE_PREFIX}${String(n).padStart(6, '0')}`), 'rush');
  }
  return count;
}
