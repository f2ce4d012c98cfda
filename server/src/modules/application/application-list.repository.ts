import { and, asc, desc, eq, exists, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { likeContains } from '../../lib/sql-like';
import type { Executor } from '../../db/client';
import type { ApproveStatus } from '@portal/shared/application/application-status';
import type { AudienceListSort } from '@portal/shared/review/audience-list';
import { personalDataHash } from '../../lib/personal-data-cipher';
import { audienceVisitDates, audiences } from './application.tables';

export interface ListConditions {
  statuses?: readonly ApproveStatus[] | null;
  /** Inclusive instants: the start of the first and the end of the last Shanghai day. */
  submittedFrom?: Date | null;
  submittedBefore?: Date | null;
  visitDate?: string | null;
  channelId?: string | null;
  keyword?: string | null;
}

const ORDER: Record<AudienceListSort, SQL[]> = {
  SUBMITTED_DESC: [sql`${audiences.submittedAt} desc nulls last`, desc(audiences.id)],
  SUBMITTED_ASC: [sql`${audiences.submittedAt} asc nulls last`, asc(audiences.id)],
  NAME_ASC: [asc(audiences.name), asc(audiences.id)],
  STATUS_ASC: [asc(audiences.approveStatus), sql`${audiences.submittedAt} desc nulls last`, desc(audiences.id)],
};

function whereOf(filter: ListConditions): SQL | undefined {
  const keyword = filter.keyword?.trim();
  const normalised = keyword?.toUpperCase().replace(/\s+/g, '');
  return and(
    // Accounts that never submitted are not applications.
    sql`${audiences.submittedAt} is not null`,
    filter.statuses?.length ? inArray(audiences.approveStatus, [...filter.statuses]) : undefined,
    filter.submittedFrom ? gte(audiences.submittedAt, filter.submittedFrom) : undefined,
    filter.submittedBefore ? lt(audiences.submittedAt, filter.submittedBefore) : undefined,
    filter.channelId ? eq(audiences.channelId, filter.channelId) : undefined,
    filter.visitDate
      ? exists(
          sql`(select 1 from ${audienceVisitDates} where ${audienceVisitDates.audienceId} = ${audiences.id} and ${audienceVisitDates.day} = ${filter.visitDate})`,
        )
      : undefined,
    keyword && normalised
      ? or(
          ilike(audiences.name, likeContains(keyword)),
          eq(audiences.mobile, /^\d{11}$/.test(normalised) ? `+86${normalised}` : normalised),
          eq(audiences.idNumberHash, personalDataHash(normalised)),
          // The last digits of a mobile or an ID number, as organizers read them off a ticket.
          // ID numbers are encrypted at rest: their last four characters are kept apart for this search.
          normalised.length === 4 ? eq(audiences.idNumberLast4, normalised) : undefined,
          normalised.length >= 4 ? sql`right(${audiences.mobile}, ${normalised.length}) = ${normalised}` : undefined,
        )
      : undefined,
  );
}

export async function listAudiences(db: Executor, filter: ListConditions, sort: AudienceListSort, page: number, pageSize: number) {
  const where = whereOf(filter);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(audiences)
      .where(where)
      .orderBy(...ORDER[sort])
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(audiences).where(where),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

/** Every matching row in list order, in batches: exports never hold the whole list in memory. */
export async function* iterateAudiences(db: Executor, filter: ListConditions, sort: AudienceListSort, batchSize = 1000) {
  const where = whereOf(filter);
  for (let offset = 0; ; offset += batchSize) {
    const rows = await db
      .select()
      .from(audiences)
      .where(where)
      .orderBy(...ORDER[sort])
      .limit(batchSize)
      .offset(offset);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
  }
}
