import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mentorReviewsResponseSchema, reviewBodySchema } from '@skillroute/shared/bookings';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { mentorProfiles, users } from '../../db/schema';
import { runSeeders } from '../../db/seed';
import { demoSeeders } from '../../seeders';
import { createDemoAssessmentsSeeder } from '../demo-assessments/seeder';
import { createDemoMentorsSeeder } from '../demo-mentors/seeder';
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
    ]),
  ).toEqual(['demo-assessments', 'demo-mentors', 'demo-bookings']);
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
});
