import { and, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { BOOKING_STATUSES, type BookingStatus } from '@skillroute/shared/bookings';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../lib/like-pattern';
import { assessmentTests, roadmaps, stacks, users, type UserRow } from '../../db/schema';

/**
 * The admin console's reads: every figure is counted or summed by PostgreSQL, so the dashboard costs a few
 * index or sequential scans whatever the size of the tables, and no row travels to Node to be counted.
 */

export interface DashboardTotals {
  users: number;
  mentors: number;
  blockedUsers: number;
  bookings: Record<BookingStatus, number>;
  revenue: number;
  refunds: number;
  roadmaps: { drafted: number; published: number; rejected: number };
  tests: { taken: number; passed: number };
}

/** A booking was paid when it reached confirmed (and maybe completed or cancelled since), or its payment came too late and went back. */
const PAID = sql`(status in ('confirmed', 'completed', 'cancelled', 'no_show') or refund_reason in ('paid_after_slot_taken', 'party_blocked'))`;

export async function dashboardTotals(db: Executor): Promise<DashboardTotals> {
  const result = await db.execute<{
    users: number;
    mentors: number;
    blocked_users: number;
    bookings: Record<string, number> | null;
    revenue: number;
    refunds: number;
    drafted: number;
    published: number;
    rejected: number;
    taken: number;
    passed: number;
  }>(sql`
    select u.users, u.mentors, u.blocked_users, b.bookings, m.revenue, m.refunds, r.drafted, r.published, r.rejected, t.taken, t.passed
    from (select count(*)::int as users,
                 (count(*) filter (where role = 'mentor'))::int as mentors,
                 (count(*) filter (where blocked_at is not null))::int as blocked_users
            from users) u,
         (select jsonb_object_agg(status, n) as bookings from (select status, count(*)::int as n from bookings group by status) s) b,
         (select coalesce(sum(amount) filter (where ${PAID}), 0)::bigint::float8 as revenue,
                 coalesce(sum(refund_amount) filter (where refund_status in ('pending', 'succeeded')), 0)::bigint::float8 as refunds
            from bookings) m,
         (select (count(*) filter (where status = 'drafted'))::int as drafted,
                 (count(*) filter (where status = 'published'))::int as published,
                 (count(*) filter (where status = 'rejected'))::int as rejected
            from roadmaps) r,
         (select (count(*) filter (where status in ('passed', 'failed')))::int as taken,
                 (count(*) filter (where status = 'passed'))::int as passed
            from assessment_tests) t`);
  const row = result.rows[0];
  if (row === undefined) throw new Error('the dashboard query returned no row');
  const byStatus = row.bookings ?? {};
  return {
    users: row.users,
    mentors: row.mentors,
    blockedUsers: row.blocked_users,
    bookings: Object.fromEntries(
      BOOKING_STATUSES.map((status) => [status, Number(byStatus[status] ?? 0)]),
    ) as Record<BookingStatus, number>,
    revenue: Number(row.revenue),
    refunds: Number(row.refunds),
    roadmaps: { drafted: row.drafted, published: row.published, rejected: row.rejected },
    tests: { taken: row.taken, passed: row.passed },
  };
}

export interface DailyFigures {
  date: string;
  signUps: number;
  bookings: number;
  revenue: number;
}

/**
 * One row per UTC day from `days - 1` days before `now` to `now`'s day, oldest first: the days come from
 * generate_series, so a day with nothing is there with zeros. Sign-ups are accounts made that day; bookings
 * the paid bookings made that day, and revenue their amounts.
 */
export async function dailyFigures(db: Executor, now: Date, days: number): Promise<DailyFigures[]> {
  const result = await db.execute<{ date: string; sign_ups: number; bookings: number; revenue: number }>(sql`
    with bounds as (
      select (${now.toISOString()}::timestamptz at time zone 'UTC')::date as last_day
    ), series as (
      select generate_series(last_day - ${days - 1}::int, last_day, interval '1 day')::date as day, last_day from bounds
    ), sign_ups as (
      select (created_at at time zone 'UTC')::date as day, count(*)::int as n
        from users, bounds
       where created_at >= (last_day - ${days - 1}::int)::timestamp at time zone 'UTC'
         and created_at < (last_day + 1)::timestamp at time zone 'UTC'
       group by 1
    ), paid as (
      select (created_at at time zone 'UTC')::date as day, count(*)::int as n, sum(amount)::bigint::float8 as revenue
        from bookings, bounds
       where ${PAID}
         and created_at >= (last_day - ${days - 1}::int)::timestamp at time zone 'UTC'
         and created_at < (last_day + 1)::timestamp at time zone 'UTC'
       group by 1
    )
    select to_char(series.day, 'YYYY-MM-DD') as date, coalesce(sign_ups.n, 0) as sign_ups, coalesce(paid.n, 0) as bookings, coalesce(paid.revenue, 0) as revenue
      from series
      left join sign_ups on sign_ups.day = series.day
      left join paid on paid.day = series.day
     order by series.day`);
  return result.rows.map((row) => ({
    date: row.date,
    signUps: row.sign_ups,
    bookings: row.bookings,
    revenue: Number(row.revenue),
  }));
}

export interface UserFilter {
  search?: string;
  role?: 'user' | 'mentor';
  blocked?: boolean;
  offset: number;
  limit: number;
}

/** A page of users matching the filter, newest first, with how many match in all. */
export async function listUsers(
  db: Executor,
  filter: UserFilter,
): Promise<{ rows: UserRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.search !== undefined && filter.search !== '') {
    const pattern = containsPattern(filter.search);
    const matches = or(ilike(users.name, pattern), ilike(users.email, pattern));
    if (matches !== undefined) conditions.push(matches);
  }
  if (filter.role !== undefined) conditions.push(eq(users.role, filter.role));
  if (filter.blocked !== undefined)
    conditions.push(filter.blocked ? isNotNull(users.blockedAt) : isNull(users.blockedAt));
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .offset(filter.offset)
    .limit(filter.limit);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function findUser(db: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** Sets or clears the block; answers the row only when it changed (blocking a blocked user changes nothing). */
export async function setBlocked(
  tx: Executor,
  userId: string,
  blockedAt: Date | null,
): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ blockedAt, updatedAt: new Date() })
    .where(
      and(eq(users.id, userId), blockedAt === null ? isNotNull(users.blockedAt) : isNull(users.blockedAt)),
    )
    .returning();
  return row;
}

export async function roadmapsOf(db: Executor, userId: string) {
  return db
    .select({
      id: roadmaps.id,
      title: roadmaps.title,
      status: roadmaps.status,
      isActive: roadmaps.isActive,
      createdAt: roadmaps.createdAt,
    })
    .from(roadmaps)
    .where(eq(roadmaps.authorId, userId))
    .orderBy(desc(roadmaps.createdAt));
}

export async function testsOf(db: Executor, userId: string) {
  return db
    .select({
      id: assessmentTests.id,
      stack: stacks.name,
      status: assessmentTests.status,
      score: assessmentTests.score,
      createdAt: assessmentTests.createdAt,
      submittedAt: assessmentTests.submittedAt,
    })
    .from(assessmentTests)
    .innerJoin(stacks, eq(stacks.id, assessmentTests.stackId))
    .where(eq(assessmentTests.userId, userId))
    .orderBy(desc(assessmentTests.createdAt));
}
