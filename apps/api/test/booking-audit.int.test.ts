import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, paymentEvents, type BookingRow } from '../src/db/schema';
import { createUser } from './accounts';
import { sweepLapsedHoldsJob } from '../src/modules/bookings/job-types';
import { EVERY_MINUTE } from '../src/jobs/queue';
import { auditBookings, CLEAN_AUDIT } from './booking-audit';
import { HOUR_MS, MINUTE_MS, weekAhead } from './bookings';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const { at } = weekAhead();
let hour = 0;

/** A booking row straight in the table (no jobs, no events), each at its own hour so none overlap. */
async function row(values: Partial<typeof bookings.$inferInsert>): Promise<BookingRow> {
  const [mentor, mentee] = await Promise.all(
    ['mentor', 'mentee'].map((who) => createUser(t.app.db, { email: `${who}-${randomUUID()}@example.org` })),
  );
  const start = at(0, 0 + hour);
  hour += 2;
  const [inserted] = await t.app.db
    .insert(bookings)
    .values({
      mentorId: mentor!.id,
      menteeId: mentee!.id,
      startTime: start,
      endTime: new Date(start.getTime() + HOUR_MS),
      amount: 150_000,
      holdExpiresAt: new Date(Date.now() + 15 * MINUTE_MS),
      ...values,
    })
    .returning();
  return inserted!;
}

const paid = (bookingId: string, outcome = 'confirmed') =>
  t.app.db
    .insert(paymentEvents)
    .values({ provider: 'sandbox', eventId: randomUUID(), bookingId, kind: 'payment_succeeded', outcome });

// The kill test (kill-audit.int.test.ts) trusts an empty audit; this shows the audit finds what it forbids.
// Overlapping live bookings cannot be written at all (the exclusion constraints of migration 0011), so that
// check stands guard over the constraints and is not provoked here.
describe('the bookings audit', () => {
  it('is clean on an empty database and finds each kind of half-done booking', async () => {
    expect(await auditBookings(t.app.db)).toEqual(CLEAN_AUDIT);

    const confirmedUnpaid = await row({ status: 'confirmed' });
    const cancelledPaidNoRefund = await row({ status: 'cancelled', cancelledAt: new Date() });
    await paid(cancelledPaidNoRefund.id);
    // The test app schedules no sweep: every hold waits on nothing to expire it.
    const holdWithoutSweep = await row({});
    const lapsedHold = await row({ holdExpiresAt: new Date(Date.now() - 5 * MINUTE_MS) });
    const refundNeverAsked = await row({
      status: 'cancelled',
      cancelledAt: new Date(),
      refundAmount: 150_000,
      refundStatus: 'pending',
      refundReason: 'cancelled_by_mentee',
    });
    await paid(refundNeverAsked.id);

    const audit = await auditBookings(t.app.db);
    expect(audit.confirmedWithoutPayment).toEqual([confirmedUnpaid.id]);
    expect(audit.paidUnconfirmedWithoutRefund).toEqual([cancelledPaidNoRefund.id]);
    expect(audit.stuckHolds.sort()).toEqual([holdWithoutSweep.id, lapsedHold.id].sort());
    expect(audit.missingJobs.sort()).toEqual([confirmedUnpaid.id, refundNeverAsked.id].sort());
    expect(audit.overlappingLiveBookings).toEqual([]);

    // With the sweep scheduled, only the hold lapsed longer than the sweep's minute and its grace is stuck.
    await t.app.services.jobs.schedule(sweepLapsedHoldsJob, EVERY_MINUTE, {});
    expect((await auditBookings(t.app.db)).stuckHolds).toEqual([lapsedHold.id]);
  });
});
