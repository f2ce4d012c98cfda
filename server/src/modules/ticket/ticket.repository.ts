import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { admissions } from './ticket.tables';

export function admissionsOf(db: Executor, audienceId: string) {
  return db.select().from(admissions).where(eq(admissions.audienceId, audienceId)).orderBy(desc(admissions.at));
}
