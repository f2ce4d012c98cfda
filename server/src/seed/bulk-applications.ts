import { sql } from 'drizzle-orm';
import type { RunningPortal } from '../bootstrap';
import { audiences } from '../db/schema/index';
import { sealAllIdNumbers } from '../modules/application/application.repository';
import { issueTicketsForApproved } from './bulk-tickets';

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '高', '林', '罗', '郑', '梁', '谢', '宋', '唐', '许', '韩', '冯', '邓', '曹'];
const GIVEN_NAMES = ['伟', '芳', '娜', '敏', '静', '磊', '强', '军', '洋', '勇', '艳', '杰', '涛', '明', '超', '秀英', '建华', '志强', '晓东', '海燕', '子豪', '浩然', '梓涵', '一鸣', '思远', '宇航', '嘉怡', '雨萱', '俊杰', '欣怡'];
const LATIN_NAMES = ['Anna Schmidt', 'Marco Rossi', 'John Smith', 'Yuki Tanaka', 'Lucas Martin', 'Kim Minjun', 'Sofia Garcia', 'Ivan Petrov'];
/** Area codes of mainland IDs (Beijing, Chongqing, Shenzhen, Hangzhou, Guangzhou, Nanjing, Wuhan, Xi'an). */
const REGIONS = ['110105', '500103', '440305', '330106', '510107', '320102', '420106', '610113'];
const REFUSE_REASONS = ['证件照片不清晰，请重新上传', '证件号码与姓名不符', '入场照片未露出完整面部', 'ID photo is blurred, please upload it again', '激活码与申请人信息不符'];
const GB11643_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

const textArray = (values: readonly string[]) => sql`array[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::text[]`;

/**
 * Made-up applications in bulk, for the benchmark (100,000 rows in seconds) and tests of large lists:
 * one INSERT … SELECT generate_series for accounts, applications and visit days. Realistic shapes:
 * about 35 % pending, 53 % approved, 12 % refused; submissions over the last 90 days, more of them
 * recent; Chinese names with a few Latin ones on passports; valid GB 11643 mainland ID numbers;
 * channels and visit days from the tables (none when there are none). Returns the number added.
 */
export async function fillBulkApplications(portal: Pick<RunningPortal, 'app' | 'database'>, count: number): Promise<number> {
  if (count <= 0) return 0;
  const { db } = portal.database;
  const added = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(audiences);
    const start = Number(existing?.n ?? 0);
    await tx.execute(sql`
      with seq as materialized (
        select g,
               random() as r_status, random() as r_time, random() as r_review, random() as r_latin,
               1 + floor(random() * ${SURNAMES.length}::int)::int as surname,
               1 + floor(random() * ${GIVEN_NAMES.length}::int)::int as given,
               random() as r_channel, 1 + floor(random() * ${REFUSE_REASONS.length}::int)::int as reason,
               ${REGIONS.length}::int as regions
        from generate_series(${start + 1}::int, ${start + count}::int) as g
      ),
      shaped as materialized (
        select seq.*,
               case when r_status < 0.35 then 'WAIT' when r_status < 0.88 then 'DONE' else 'REFUSE' end as status,
               now() - power(r_time, 1.7) * interval '90 days' as submitted_at,
               '+86170' || lpad(g::text, 8, '0') as mobile,
               (${textArray(REGIONS)})[1 + g % regions]
                 || to_char(date '1960-01-01' + ((g / regions) % 16000)::int, 'YYYYMMDD')
                 || lpad(((g / regions / 16000) % 1000)::text, 3, '0') as id17
        from seq
      ),
      new_accounts as (
        insert into accounts (scope, name, mobile)
        select 'audience', '', mobile from shaped
        returning id, mobile
      ),
      channel_ids as (
        select coalesce(array_agg(id order by sort_order, id), '{}'::uuid[]) as ids from channels where enabled
      ),
      new_audiences as (
        insert into audiences (account_id, approve_status, name, mobile, email, id_type, id_number, birth_date, channel_id,
                               refuse_reason, truth_confirmed_at, sensitive_consent_at, submitted_at, reviewed_at)
        select a.id, s.status,
               case when s.r_latin < 0.03 then (${textArray(LATIN_NAMES)})[1 + s.g % ${LATIN_NAMES.length}::int]
                    else (${textArray(SURNAMES)})[s.surname] || (${textArray(GIVEN_NAMES)})[s.given] end,
               s.mobile,
               'visitor' || s.g || '@example.com',
               case when s.r_latin < 0.03 then 'PASSPORT' else 'MAINLAND_ID' end,
               case when s.r_latin < 0.03 then 'E' || lpad(s.g::text, 8, '0')
                    else s.id17 || substr('10X98765432', (
                      select sum(substr(s.id17, i, 1)::int * (array[${sql.raw(GB11643_WEIGHTS.join(','))}])[i]) % 11
                      from generate_series(1, 17) as i)::int + 1, 1) end,
               date '1960-01-01' + ((s.g / s.regions) % 16000)::int,
               case when cardinality(c.ids) > 0 and s.r_channel < 0.9 then c.ids[1 + floor(s.r_channel / 0.9 * cardinality(c.ids))::int] end,
               case when s.status = 'REFUSE' then (${textArray(REFUSE_REASONS)})[s.reason] end,
               s.submitted_at, s.submitted_at, s.submitted_at,
               case when s.status <> 'WAIT' then least(now(), s.submitted_at + s.r_review * interval '3 days') end
        from shaped s
        join new_accounts a on a.mobile = s.mobile
        cross join channel_ids c
        returning id
      ),
      days as (
        select coalesce(array_agg(day order by day), '{}'::date[]) as list from show_days
      )
      insert into audience_visit_dates (audience_id, day)
      select n.id, d.list[1 + abs(hashtext(n.id::text)) % cardinality(d.list)]
      from new_audiences n cross join days d where cardinality(d.list) > 0
      union all
      select n.id, d.list[1 + abs(hashtext(n.id::text || 'second')) % cardinality(d.list)]
      from new_audiences n cross join days d
      where cardinality(d.list) > 1 and abs(hashtext(n.id::text || 'pick')) % 100 < 35
      on conflict do nothing
    `);
    await issueTicketsForApproved(tx, portal.app.services.tickets);
    return count;
  });
  // The SQL above wrote the made-up ID numbers in plain text: encrypt them as any stored number is.
  await sealAllIdNumbers(db);
  // As autovacuum would after a load this size: fresh statistics, and a visibility map so that
  // counts can read the indexes only. VACUUM cannot run inside a transaction.
  await db.execute(sql`vacuum analyze audiences`);
  await db.execute(sql`vacuum analyze audience_visit_dates`);
  // The list's keyword grams (application module): their counts and pages are index-only scans.
  await db.execute(sql`vacuum analyze audience_name_grams`);
  await db.execute(sql`vacuum analyze tickets`);
  return added;
}
