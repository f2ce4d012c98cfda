import { idNumberColumns } from '../../lib/personal-data-cipher';
import { randomInt } from 'node:crypto';
import { mainlandIdCheckCharacter } from '@portal/shared/application/id-number';
import { audienceVisitDates, audiences, channels } from '../../db/schema/index';
import type { ApproveStatus } from '@portal/shared/application/application-status';
import type { TestApp } from '../../test/test-app';
import { createAccount } from '../../test/factories';

let sequence = 0;

/** A valid mainland ID (GB 11643 check character) that no other test row uses. */
export function uniqueMainlandId(birth = '1990-05-17'): string {
  sequence += 1;
  const first17 = `${310115 + (sequence % 80)}${birth.replaceAll('-', '')}${String(randomInt(0, 1000)).padStart(3, '0')}`;
  return first17 + mainlandIdCheckCharacter(first17);
}

export async function insertChannel(app: TestApp, nameZh: string, nameEn: string) {
  const [row] = await app.portal.database.db.insert(channels).values({ nameZh, nameEn }).returning();
  if (!row) throw new Error('no channel');
  return row;
}

/**
 * A submitted application written straight to the database (the submit rules are tested in
 * audience.service.test.ts): the account, the application row and its visit days.
 */
export async function insertApplication(
  app: TestApp,
  values: {
    status: ApproveStatus;
    name: string;
    submittedAt: Date;
    mobile?: string;
    email?: string | null;
    idType?: (typeof audiences.$inferInsert)['idType'];
    idNumber?: string;
    channelId?: string | null;
    refuseReason?: string | null;
    visitDays?: string[];
  },
) {
  const { account } = await createAccount(app, 'audience');
  const db = app.portal.database.db;
  const [row] = await db
    .insert(audiences)
    .values({
      accountId: account.id,
      approveStatus: values.status,
      name: values.name,
      mobile: values.mobile ?? account.mobile,
      email: values.email === undefined ? `${account.id.slice(0, 8)}@example.com` : values.email,
      idType: values.idType ?? 'MAINLAND_ID',
      ...idNumberColumns(values.idNumber ?? uniqueMainlandId()),
      birthDate: '1990-05-17',
      channelId: values.channelId ?? null,
      refuseReason: values.refuseReason ?? null,
      submittedAt: values.submittedAt,
    })
    .returning();
  if (!row) throw new Error('no application');
  if (values.visitDays?.length) await db.insert(audienceVisitDates).values(values.visitDays.map((day) => ({ audienceId: row.id, day })));
  return row;
}
