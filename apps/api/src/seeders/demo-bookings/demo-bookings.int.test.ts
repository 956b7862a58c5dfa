import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mentorReviewsResponseSchema, reviewBodySchema } from '@skillroute/shared/bookings';
import { DEFAULT_FEE_RATES, earningsResponseSchema, splitPrice } from '@skillroute/shared/earnings';
import { signedInAs } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { mentorProfiles, payouts, users } from '../../db/schema';
import { runSeeders } from '../../db/seed';
import { demoSeeders } from '../../seeders';
import { createDemoAssessmentsSeeder } from '../demo-assessments/seeder';
import { createDemoMentorsSeeder } from '../demo-mentors/seeder';
import { createDemoEarningsSeeder } from '../demo-earnings/seeder';
import { createDemoBookingsSeeder } from './seeder';
import { demoSessions } from './sessions';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  expect(
    await runSeeders(t.app.db, [
      createDemoAssessmentsSeeder(),
      createDemoMentorsSeeder(),
      createDemoBookingsSeeder(),
      createDemoEarningsSeeder(),
    ]),
  ).toEqual(['demo-assessments', 'demo-mentors', 'demo-bookings', 'demo-earnings']);
});
afterAll(() => t.close());

describe('the demo bookings seeder', () => {
  it('runs after the demo mentors, whose rows it reads', () => {
    const names = demoSeeders.map((seeder) => seeder.name);
    expect(names.indexOf('demo-bookings')).toBeGreaterThan(names.indexOf('demo-mentors'));
  });

  it('writes reviews the review rules accept', () => {
    for (const session of demoSessions)
      expect(
        reviewBodySchema.safeParse({ rating: session.rating, comment: session.comment }).success,
        session.comment,
      ).toBe(true);
  });

  it('leaves every mentor’s totals equal to their completed sessions and reviews, as the product keeps them', async () => {
    const totals = await t.app.db.execute<{ mismatched: string; reviewed: string }>(sql`
      select count(*) filter (where p.rating_total <> coalesce(r.total, 0) or p.review_count <> coalesce(r.n, 0) or p.sessions_held <> coalesce(b.n, 0)) as mismatched,
             count(*) filter (where p.review_count > 0) as reviewed
        from mentor_profiles p
        left join (select mentor_id, sum(rating) as total, count(*) as n from booking_reviews group by mentor_id) r on r.mentor_id = p.user_id
        left join (select mentor_id, count(*) as n from bookings where status = 'completed' group by mentor_id) b on b.mentor_id = p.user_id`);
    expect(Number(totals.rows[0]?.mismatched)).toBe(0);
    expect(Number(totals.rows[0]?.reviewed)).toBe(
      new Set(demoSessions.map((session) => session.mentor)).size,
    );
  });

  it('shows the reviews on the mentor’s public list, newest first', async () => {
    const [mentor] = await t.app.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(mentorProfiles, eq(mentorProfiles.userId, users.id))
      .where(eq(users.name, 'Ananya Iyer'));
    const response = await t.app.inject({ method: 'GET', url: `/api/mentors/${mentor?.id}/reviews` });
    expect(response.statusCode, response.body).toBe(200);
    const { reviews, total } = mentorReviewsResponseSchema.parse(response.json());
    expect(total).toBe(demoSessions.filter((session) => session.mentor === 'Ananya Iyer').length);
    expect(reviews[0]?.author.name).toBe('Priya Venkatesh');
  });

  it('gives every completed demo session its payment and completion in a balanced ledger, and one payout', async () => {
    const ledger = await t.app.db.execute<{
      sessions: string;
      paid: string;
      held: string;
      unbalanced: string;
    }>(sql`
      select (select count(*) from bookings where status = 'completed') as sessions,
             (select count(*) from ledger_transactions where kind = 'payment') as paid,
             (select count(*) from ledger_transactions where kind = 'completion') as held,
             (select count(*) from (select 1 from ledger_entries group by transaction_id having sum(amount) <> 0) u)
               as unbalanced`);
    const row = ledger.rows[0]!;
    expect(Number(row.sessions)).toBe(demoSessions.length);
    expect([Number(row.paid), Number(row.held), Number(row.unbalanced)]).toEqual([
      demoSessions.length,
      demoSessions.length,
      0,
    ]);

    const [payout, ...others] = await t.app.db.select().from(payouts);
    expect(others).toEqual([]);
    expect(payout).toMatchObject({ status: 'paid', method: { type: 'upi' } });
    expect(payout!.amount % 10_000).toBe(0);
    // The paid mentor reads it all on their earnings: each session's split, the payout, what is left.
    const mentor = await signedInAs(t.app.db, t.config.jwtSecret, {
      id: payout!.mentorId,
      email: 'demo@example.org',
      role: 'mentor',
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/earnings',
      headers: { cookie: mentor.cookie },
    });
    const earnings = earningsResponseSchema.parse(response.json());
    const shares = earnings.sessions.map(
      (session) => splitPrice(session.price, DEFAULT_FEE_RATES).mentorShare,
    );
    const earned = shares.reduce((sum, share) => sum + share, 0);
    expect(earnings).toMatchObject({
      pending: 0,
      paidOut: payout!.amount,
      available: earned - payout!.amount,
    });
    expect(earnings.payouts).toHaveLength(1);
    expect(earnings.sessions.every((session) => session.status === 'completed')).toBe(true);
  });

  it('adds nothing when run again', async () => {
    const count = async () =>
      Number(
        (await t.app.db.execute<{ n: string }>(sql`select count(*) as n from ledger_transactions`)).rows[0]!
          .n,
      );
    const before = await count();
    await t.app.db.transaction((tx) => createDemoEarningsSeeder().run(tx));
    expect(await count()).toBe(before);
    expect(await t.app.db.select().from(payouts)).toHaveLength(1);
  });
});
