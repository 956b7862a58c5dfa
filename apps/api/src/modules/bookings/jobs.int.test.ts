import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingResponseSchema } from '@skillroute/shared/bookings';
import { createUser, signedInAs } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createMentor } from '../../../test/mentors';
import { bookings } from '../../db/schema';
import { sweepLapsedHoldsJob } from './job-types';

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
});
