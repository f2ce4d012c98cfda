import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { projectSettings } from '../../db/schema/index';

export async function getProjectSetting(db: Executor) {
  const row = await db.query.projectSettings.findFirst({ where: eq(projectSettings.id, 1) });
  if (row) return row;
  // The single settings row is created on first read, with the defaults of the schema.
  await db.insert(projectSettings).values({ id: 1 }).onConflictDoNothing();
  const created = await db.query.projectSettings.findFirst({ where: eq(projectSettings.id, 1) });
  if (!created) throw new Error('project_settings row missing after insert');
  return created;
}
