import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingResponseSchema } from '@skillroute/shared/bookings';
import { createUser, signedInAs } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createMentor, createStack } from '../../../test/mentors';
import { bookings, users } from '../../db/schema';
import { sweepLapsedHoldsJob } from './job-types';
import { sweepLapsedHolds } from './jobs';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const HOLD_MS = 15 * MINUTE_MS;

// The services' clock, which the test moves past a hold's lapse.
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the sweep of lapsed holds', () => {
  it('runs through the queue and marks a lapsed hold expired', async () => {
    const everyDay = [10, 11, 12, 13, 14, 15, 16];
    const mentorId = await createMentor(t.app.db, {
      availability: {
        timezone: 'UTC',
        weeklyHours: {
          monday: everyDay,
          tuesday: everyDay,
          wednesday: everyDay,
          thursday: everyDay,
          friday: everyDay,
        },
      },
    });
    const mentee = await createUser(t.app.db, { email: `mentee-${randomUUID()}@example.org` });
    const { cookie } = await signedInAs(t.app.db, t.config.jwtSecret, mentee, clock.now());
    const from = clock.now();
    const slots = await t.app.inject({
      method: 'GET',
      url: `/api/mentors/availability/${mentorId}/slots?from=${from.toISOString()}&to=${new Date(from.getTime() + 7 * DAY_MS).toISOString()}`,
    });
    const [slot] = slots.json<{ slots: { startTime: string }[] }>().slots;
    expect(slot).toBeDefined();

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie },
      payload: { mentorId, startTime: slot!.startTime },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { booking } = bookingResponseSchema.parse(response.json());

    // The hold has lapsed when the minute's job (sent here, as the schedule would) runs.
    offsetMs = HOLD_MS + 1000;
    await t.app.services.jobs.enqueue(sweepLapsedHoldsJob, {});
    const status = async () =>
      (
        await t.app.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id))
      )[0]?.status;
    await waitFor(async () => (await status()) === 'expired', 10_000);
  });
  it('expires at once more lapsed holds than one notification can name the people of, and every kept page goes', async () => {
    // 20 mentors and 210 mentees: the first transaction's 200 holds name 220 people, more than a NOTIFY payload
    // of under 8,000 bytes can list.
    const mentorIds = await Promise.all(Array.from({ length: 20 }, () => createMentor(t.app.db, {})));
    const mentees = await t.app.db
      .insert(users)
      .values(
        Array.from({ length: 210 }, (_, i) => ({
          name: `Lapsed ${i}`,
          email: `lapsed-${randomUUID()}@example.org`,
        })),
      )
      .returning({ id: users.id });
    const lapsedAt = clock.now();
    const firstHour = Math.ceil((lapsedAt.getTime() + 30 * DAY_MS) / (60 * MINUTE_MS)) * 60 * MINUTE_MS;
    const holds = await t.app.db
      .insert(bookings)
      .values(
        mentees.map((mentee, i) => {
          // Each mentor's holds an hour apart, so no two of them overlap.
          const start = new Date(firstHour + Math.floor(i / mentorIds.length) * 60 * MINUTE_MS);
          return {
            mentorId: mentorIds[i % mentorIds.length]!,
            menteeId: mentee.id,
            startTime: start,
            endTime: new Date(start.getTime() + 60 * MINUTE_MS),
            status: 'pending_payment' as const,
            amount: 150_000,
            holdExpiresAt: new Date(lapsedAt.getTime() - MINUTE_MS),
          };
        }),
      )
      .returning({ id: bookings.id });
    // A page of a mentor none of the holds names, kept by this process.
    const stack = `Bystander-${randomUUID().slice(0, 8)}`;
    await createMentor(t.app.db, { skills: [await createStack(t.app.db, stack)] });
    await waitFor(async () => {
      await t.app.inject({ method: 'GET', url: `/api/mentor/${stack}` });
      return t.app.mentorListingCache.stats.entries > 0;
    }, 10_000);

    // The first transaction takes 200 of them, the second the other 10.
    expect(await sweepLapsedHolds(t.app.services)).toEqual({ expired: holds.length });
    const statuses = await t.app.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(
        inArray(
          bookings.id,
          holds.map((hold) => hold.id),
        ),
      );
    expect(new Set(statuses.map((row) => row.status))).toEqual(new Set(['expired']));
    // The 200 are announced as a change of everything, which this process hears too: the bystander's page goes.
    await waitFor(async () => t.app.mentorListingCache.stats.entries === 0, 10_000);
  });
});
