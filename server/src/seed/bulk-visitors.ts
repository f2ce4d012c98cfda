import { eq } from 'drizzle-orm';
import type { RunningPortal } from '../bootstrap';
import { accounts, photos } from '../db/schema/index';
import { hashPassword } from '../lib/passwords';
import { newFileKey } from '../modules/media/file-store';
import { DEMO_ACCOUNTS } from './demo-seed';

/** The password of every bulk visitor: the demo visitor's. */
export const BULK_VISITOR_PASSWORD = DEMO_ACCOUNTS.audience.password;

/** The mobile of the `n`-th bulk visitor (1-based), as stored; without `+86` it is what is typed at sign-in. */
export function bulkVisitorMobile(n: number): string {
  return `+86172${String(n).padStart(8, '0')}`;
}

/** The activation code set aside for the `n`-th bulk visitor ready to apply. */
export function bulkVisitorCode(n: number): string {
  return `RUSH-${String(n).padStart(6, '0')}`;
}

const BATCH = 500;

/**
 * Registered visitors without an application, in bulk, for the rush scenarios: accounts
 * `bulkVisitorMobile(1…count)` with one password, hashed once (1,000 argon2 hashes would take a minute).
 * `readyToApply` also gives each its entry-card and ID photos, already uploaded (files of their own, copies
 * of a demo photo with its measured face, as an upload ahead of the rush would leave them), and an unused
 * activation code (`bulkVisitorCode(n)`): the rush then measures the submits alone (the cluster test).
 * Without it, each visitor uploads and applies itself (the registration-rush benchmark). Returns the number of visitors.
 */
export async function fillBulkVisitors(portal: Pick<RunningPortal, 'app' | 'database'>, count: number, { readyToApply }: { readyToApply: boolean }): Promise<number> {
  if (count <= 0) return 0;
  const { db } = portal.database;
  const { files, activationCodes } = portal.app.services;
  const samples = readyToApply ? await demoPhotos(portal) : null;
  const passwordHash = await hashPassword(BULK_VISITOR_PASSWORD);
  for (let start = 1; start <= count; start += BATCH) {
    const numbers = Array.from({ length: Math.min(BATCH, count - start + 1) }, (_, offset) => start + offset);
    const owners = await db
      .insert(accounts)
      .values(numbers.map((n) => ({ scope: 'audience' as const, name: `Rush Visitor ${n}`, mobile: bulkVisitorMobile(n), passwordHash, passwordLastUpdateAt: new Date() })))
      .returning({ id: accounts.id });
    if (!samples) continue;
    const rows = owners.flatMap((owner) =>
      samples.map(({ sample, picture }) => ({
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
    await activationCodes.insert(numbers.map(bulkVisitorCode), 'rush');
  }
  return count;
}

/** The demo seed's stored entry-card and ID photos with their files: what a ready visitor's uploads are copies of. */
async function demoPhotos(portal: Pick<RunningPortal, 'app' | 'database'>) {
  const { db } = portal.database;
  const pick = async (purpose: 'ENTRY_CARD' | 'ID_CARD') => {
    const [sample] = await db.select().from(photos).where(eq(photos.purpose, purpose)).limit(1);
    const picture = sample ? await portal.app.services.files.getBuffer(sample.storageKey) : null;
    if (!sample || !picture) throw new Error('visitors ready to apply need the demo seed (its stored entry-card and ID photos)');
    return { sample, picture };
  };
  return [await pick('ENTRY_CARD'), await pick('ID_CARD')];
}
