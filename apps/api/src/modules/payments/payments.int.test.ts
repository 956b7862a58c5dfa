import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bookingResponseSchema,
  cancelBookingResponseSchema,
  cancelMessages,
  type Booking,
} from '@skillroute/shared/bookings';
import type { ErrorEnvelope } from '@skillroute/shared/errors';
import {
  createPaymentResponseSchema,
  paymentMessages,
  type CreatePaymentResponse,
} from '@skillroute/shared/payments';
import { createUser, signedInAs, type SignedInPerson } from '../../../test/accounts';
import { adminCookieFor } from '../../../test/assessments';
import {
  HOUR_MS,
  MINUTE_MS,
  overlappingLiveBookings,
  WEEKDAYS_10_TO_17,
  weekAhead,
} from '../../../test/bookings';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createMentor } from '../../../test/mentors';
import { deriveSandboxWebhookSecret, signSandboxEvent } from '../../adapters/payments/sandbox';
import { REQUEST_POOL_SIZE } from '../../db/client';
import { bookings, notifications, paymentEvents, users } from '../../db/schema';
import { sweepLapsedHolds } from '../bookings/jobs';

const { at } = weekAhead();
let nowMs = at(0, 6).getTime();
const clock = { now: () => new Date(nowMs) };
const PRICE_PAISE = 150_000;

let t: TestApp;
let secret: string;
beforeAll(async () => {
  t = await buildTestApp({ clock, env: { RATE_LIMIT_MAX: '1000000' } });
  secret = deriveSandboxWebhookSecret(t.config.jwtSecret);
});
afterAll(() => t.close());
beforeEach(() => {
  nowMs = at(0, 6).getTime();
});

const signedIn = async (user: Parameters<typeof signedInAs>[2]) =>
  signedInAs(t.app.db, t.config.jwtSecret, user, clock.now());
/** The same person signed in again at the clock's time: access tokens are short, and tests move the clock by days. */
async function resign(person: SignedInPerson): Promise<SignedInPerson> {
  const [user] = await t.app.db.select().from(users).where(eq(users.id, person.id));
  if (user === undefined) throw new Error('no such user');
  return signedIn(user);
}
const newUser = async () =>
  signedIn(await createUser(t.app.db, { email: `mentee-${randomUUID()}@example.org` }));
async function newMentor(): Promise<SignedInPerson> {
  const id = await createMentor(t.app.db, {
    availability: { timezone: 'UTC', weeklyHours: WEEKDAYS_10_TO_17, pricePaise: PRICE_PAISE },
  });
  return signedIn({ id, email: `${id}@example.org`, role: 'mentor' });
}

const post = (who: SignedInPerson | undefined, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: who === undefined ? {} : { cookie: who.cookie }, payload });
const detail = async (who: SignedInPerson, id: string): Promise<Booking> =>
  bookingResponseSchema.parse(
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/bookings/detail/${id}`,
        headers: { cookie: who.cookie },
      })
    ).json(),
  ).booking;

async function held(
  mentee: SignedInPerson,
  mentor: Pick<SignedInPerson, 'id'>,
  start: Date,
): Promise<Booking> {
  const response = await post(mentee, '/api/bookings', {
    mentorId: mentor.id,
    startTime: start.toISOString(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return bookingResponseSchema.parse(response.json()).booking;
}

async function paymentFor(mentee: SignedInPerson, booking: Booking): Promise<CreatePaymentResponse> {
  const response = await post(mentee, '/api/payments/create', { bookingId: booking.id });
  expect(response.statusCode, response.body).toBe(200);
  return createPaymentResponseSchema.parse(response.json());
}

type SandboxKind = 'payment_succeeded' | 'payment_failed' | 'payment_refunded';
function webhook(
  event: { kind: SandboxKind; paymentId: string; amount?: number; currency?: string; id?: string },
  signWith = secret,
) {
  const signed = signSandboxEvent(signWith, {
    kind: event.kind,
    paymentId: event.paymentId,
    amount: event.amount ?? PRICE_PAISE,
    currency: event.currency ?? 'INR',
    id: event.id,
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/sandbox',
    headers: signed.headers,
    payload: signed.body,
  });
}

async function statusOf(id: string) {
  const [row] = await t.app.db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}
const notificationsOf = (userId: string) =>
  t.app.db.select().from(notifications).where(eq(notifications.userId, userId));

/** A mentee holding a slot with a payment started: the state every webhook test begins in. */
async function startedPayment(start = at(2, 10)) {
  const mentor = await newMentor();
  const mentee = await newUser();
  const booking = await held(mentee, mentor, start);
  const payment = await paymentFor(mentee, booking);
  return { mentor, mentee, booking, payment };
}

async function confirmedBooking(start: Date) {
  const started = await startedPayment(start);
  expect(
    (await webhook({ kind: 'payment_succeeded', paymentId: started.payment.paymentId })).statusCode,
  ).toBe(200);
  return started;
}

describe('POST /api/payments/create', () => {
  it('starts a sandbox payment for one’s own held booking, the same one when asked again', async () => {
    const { mentee, booking, payment } = await startedPayment();
    expect(payment).toMatchObject({ provider: 'sandbox', amount: PRICE_PAISE, currency: 'INR' });
    // A path: the browser stays on the origin it is signed in at, whatever PUBLIC_URL says (decision 050).
    expect(payment.checkoutUrl).toBe(`/api/payments/sandbox/checkout/${payment.paymentId}`);
    expect(await paymentFor(mentee, booking)).toEqual(payment);
    expect((await statusOf(booking.id))?.providerPaymentId).toBe(payment.paymentId);
  });

  it('refuses the signed out, strangers and the mentor (404), bad ids (400), and a booking no longer held (409)', async () => {
    const { mentor, booking } = await startedPayment();
    expect((await post(undefined, '/api/payments/create', { bookingId: booking.id })).statusCode).toBe(401);
    expect((await post(await newUser(), '/api/payments/create', { bookingId: booking.id })).statusCode).toBe(
      404,
    );
    expect((await post(mentor, '/api/payments/create', { bookingId: booking.id })).statusCode).toBe(404);
    for (const body of [{}, { bookingId: 'nope' }, { bookingId: 42 }])
      expect((await post(mentor, '/api/payments/create', body)).statusCode).toBe(400);

    const lapsed = await startedPayment(at(2, 12));
    nowMs += 15 * MINUTE_MS;
    const refused = await post(await resign(lapsed.mentee), '/api/payments/create', {
      bookingId: lapsed.booking.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorEnvelope>().message).toBe(paymentMessages.holdLapsed);
    nowMs = at(0, 6).getTime();
    const confirmed = await confirmedBooking(at(2, 14));
    const again = await post(confirmed.mentee, '/api/payments/create', { bookingId: confirmed.booking.id });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorEnvelope>().message).toBe(paymentMessages.notPayable);
  });
});

describe('the payment webhook', () => {
  it('confirms on success and tells both people; replayed five times it changes nothing more', async () => {
    const { mentor, mentee, booking, payment } = await startedPayment();
    const eventId = `evt_${randomUUID()}`;
    for (let replay = 0; replay < 5; replay += 1) {
      const response = await webhook({
        kind: 'payment_succeeded',
        paymentId: payment.paymentId,
        id: eventId,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect((await detail(mentee, booking.id)).status).toBe('confirmed');
    expect(
      await t.app.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId)),
    ).toMatchObject([{ outcome: 'confirmed', bookingId: booking.id }]);
    expect((await notificationsOf(mentee.id)).filter((n) => n.type === 'booking_confirmed')).toHaveLength(1);
    expect((await notificationsOf(mentor.id)).filter((n) => n.type === 'booking_confirmed')).toHaveLength(1);
    // The completion is queued for the end; the hold had no job of its own to drop.
    const jobs = await t.app.db.execute<{ name: string; state: string }>(
      sql`select name, state from pgboss.job where singleton_key = ${booking.id} order by name`,
    );
    expect(jobs.rows).toEqual([{ name: 'bookings.complete', state: 'created' }]);
  });

  it('stamps each start and confirmation with the time it was made, however often its statement ran before', async () => {
    // More payments than the pool has connections, one after another: every connection's prepared statements
    // are used again, and a change stamped when its statement was built would be older than the change.
    for (let payment = 0; payment <= REQUEST_POOL_SIZE; payment += 1) {
      const beforeStart = new Date();
      const started = await startedPayment(at(2, 10));
      expect((await statusOf(started.booking.id))?.updatedAt.getTime()).toBeGreaterThanOrEqual(
        beforeStart.getTime(),
      );
      const beforeConfirmation = new Date();
      await webhook({ kind: 'payment_succeeded', paymentId: started.payment.paymentId });
      const confirmed = await statusOf(started.booking.id);
      expect(confirmed?.status).toBe('confirmed');
      expect(confirmed?.updatedAt.getTime()).toBeGreaterThanOrEqual(beforeConfirmation.getTime());
    }
  });

  it('treats a second event for the same payment (Razorpay’s order.paid after payment.captured) as no change', async () => {
    const { mentee, booking, payment } = await confirmedBooking(at(2, 11));
    expect((await webhook({ kind: 'payment_succeeded', paymentId: payment.paymentId })).statusCode).toBe(200);
    expect((await detail(mentee, booking.id)).status).toBe('confirmed');
    expect((await notificationsOf(mentee.id)).filter((n) => n.type === 'booking_confirmed')).toHaveLength(1);
  });

  it('refuses a forged or missing signature with 400 and changes nothing', async () => {
    const { booking, payment } = await startedPayment();
    const forged = await webhook(
      { kind: 'payment_succeeded', paymentId: payment.paymentId },
      'not the secret',
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json<ErrorEnvelope>().message).toBe(paymentMessages.badSignature);
    const signed = signSandboxEvent(secret, {
      kind: 'payment_succeeded',
      paymentId: payment.paymentId,
      amount: PRICE_PAISE,
      currency: 'INR',
    });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/sandbox',
      headers: signed.headers,
      payload: signed.body.replace(String(PRICE_PAISE), '1'),
    });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: signed.body,
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await statusOf(booking.id))?.status).toBe('pending_payment');
    expect(
      await t.app.db.select().from(paymentEvents).where(eq(paymentEvents.bookingId, booking.id)),
    ).toEqual([]);
  });

  it('answers 404 for a provider that is not the configured one, and 400 for a body that is not JSON', async () => {
    const signed = signSandboxEvent(secret, {
      kind: 'payment_succeeded',
      paymentId: 'x',
      amount: 1,
      currency: 'INR',
    });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/payments/webhook/stripe',
          headers: signed.headers,
          payload: signed.body,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/payments/webhook/sandbox',
          headers: { 'content-type': 'application/json' },
          payload: '{oops',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('never confirms on a wrong amount or currency', async () => {
    const { booking, payment } = await startedPayment();
    expect(
      (await webhook({ kind: 'payment_succeeded', paymentId: payment.paymentId, amount: PRICE_PAISE - 1 }))
        .statusCode,
    ).toBe(200);
    expect(
      (await webhook({ kind: 'payment_succeeded', paymentId: payment.paymentId, currency: 'USD' }))
        .statusCode,
    ).toBe(200);
    expect((await statusOf(booking.id))?.status).toBe('pending_payment');
    const outcomes = await t.app.db
      .select({ outcome: paymentEvents.outcome })
      .from(paymentEvents)
      .where(eq(paymentEvents.bookingId, booking.id));
    expect(outcomes.map((row) => row.outcome).sort()).toEqual(['amount_mismatch', 'currency_mismatch']);
  });

  it('frees the slot on a failure and tells the mentee; a failure after a success changes nothing', async () => {
    const { mentee, booking, payment } = await startedPayment();
    expect((await webhook({ kind: 'payment_failed', paymentId: payment.paymentId })).statusCode).toBe(200);
    expect((await statusOf(booking.id))?.status).toBe('payment_failed');
    expect((await notificationsOf(mentee.id)).map((n) => n.type)).toContain('payment_failed');
    // The slot is free again: someone else holds it.
    await held(await newUser(), { id: booking.mentorId }, new Date(booking.startTime));

    const paid = await confirmedBooking(at(3, 10));
    expect((await webhook({ kind: 'payment_failed', paymentId: paid.payment.paymentId })).statusCode).toBe(
      200,
    );
    expect((await statusOf(paid.booking.id))?.status).toBe('confirmed');
  });

  it('confirms a payment that came after the hold lapsed when the slot is still free', async () => {
    const { booking, payment } = await startedPayment();
    nowMs += 16 * MINUTE_MS;
    await sweepLapsedHolds(t.app.services);
    expect((await statusOf(booking.id))?.status).toBe('expired');
    expect((await webhook({ kind: 'payment_succeeded', paymentId: payment.paymentId })).statusCode).toBe(200);
    expect(await statusOf(booking.id)).toMatchObject({ status: 'confirmed', refundAmount: null });
  });

  it('refunds in full a payment that came after the hold lapsed and the slot went to someone else, and says so', async () => {
    const { mentor, mentee, booking, payment } = await startedPayment();
    nowMs += 16 * MINUTE_MS;
    const other = await newUser();
    await held(other, mentor, new Date(booking.startTime));
    expect((await statusOf(booking.id))?.status).toBe('expired');

    expect((await webhook({ kind: 'payment_succeeded', paymentId: payment.paymentId })).statusCode).toBe(200);
    expect(await statusOf(booking.id)).toMatchObject({
      status: 'expired',
      refundAmount: PRICE_PAISE,
      refundReason: 'paid_after_slot_taken',
      refundStatus: 'succeeded',
    });
    expect((await statusOf(booking.id))?.refundId).toMatch(/^sbx_rfnd_/);
    expect((await detail(await resign(mentee), booking.id)).refund).toEqual({
      amount: PRICE_PAISE,
      status: 'succeeded',
      reason: 'paid_after_slot_taken',
    });
    expect((await notificationsOf(mentee.id)).map((n) => n.message).join('\n')).toMatch(/refunded/);
    expect(await overlappingLiveBookings(t.app.db)).toBe(0);
  });

  it('never confirms a payment once one of the two people was blocked: the block expires the hold, and the payment is refunded in full', async () => {
    for (const whom of ['mentor', 'mentee'] as const) {
      const started = await startedPayment(at(whom === 'mentor' ? 2 : 3, 10));
      const { booking, payment } = started;
      const blocked = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${started[whom].id}`,
        headers: { cookie: await adminCookieFor(t) },
        payload: { blocked: true },
      });
      expect(blocked.statusCode, blocked.body).toBe(200);
      expect((await statusOf(booking.id))?.status, whom).toBe('expired');

      expect((await webhook({ kind: 'payment_succeeded', paymentId: payment.paymentId })).statusCode).toBe(
        200,
      );
      expect(await statusOf(booking.id), whom).toMatchObject({
        status: 'expired',
        refundAmount: PRICE_PAISE,
        refundReason: 'party_blocked',
      });
      // A second report of the same payment changes nothing more.
      const again = await webhook({
        kind: 'payment_succeeded',
        paymentId: payment.paymentId,
        id: `evt-${randomUUID()}`,
      });
      expect(again.statusCode).toBe(200);
      expect((await statusOf(booking.id))?.status, whom).toBe('expired');
      expect((await notificationsOf(started.mentee.id)).map((n) => n.type)).not.toContain(
        'booking_confirmed',
      );
    }
  });

  it('never confirms a late payment once its refund was decided, even when the hour frees up and the payment is reported again', async () => {
    const { mentor, mentee, booking, payment } = await startedPayment();
    nowMs += 16 * MINUTE_MS;
    const other = await newUser();
    const othersHold = await held(other, mentor, new Date(booking.startTime));
    const othersPayment = await paymentFor(other, othersHold);
    // The late payment is refunded: the hour is someone else's.
    expect((await webhook({ kind: 'payment_succeeded', paymentId: payment.paymentId })).statusCode).toBe(200);
    expect(await statusOf(booking.id)).toMatchObject({
      status: 'expired',
      refundReason: 'paid_after_slot_taken',
    });
    // The other payment fails, so the hour is free again; then the first payment is reported a second time
    // (Razorpay's order.paid after payment.captured, or Stripe's redelivery under a new event id).
    expect((await webhook({ kind: 'payment_failed', paymentId: othersPayment.paymentId })).statusCode).toBe(
      200,
    );
    const again = await webhook({
      kind: 'payment_succeeded',
      paymentId: payment.paymentId,
      id: `evt-${randomUUID()}`,
    });
    expect(again.statusCode).toBe(200);
    expect(await statusOf(booking.id)).toMatchObject({
      status: 'expired',
      refundAmount: PRICE_PAISE,
      refundReason: 'paid_after_slot_taken',
    });
    const outcomes = await t.app.db
      .select({ outcome: paymentEvents.outcome })
      .from(paymentEvents)
      .where(eq(paymentEvents.bookingId, booking.id));
    expect(outcomes.map((row) => row.outcome).sort()).toEqual(['refund_decided', 'refunded_late']);
    expect((await notificationsOf(mentee.id)).map((n) => n.type)).not.toContain('booking_confirmed');
  });
});

describe('the sandbox checkout page', () => {
  const page = (who: SignedInPerson | undefined, url: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: who === undefined ? {} : { cookie: who.cookie },
    });
  const pay = (who: SignedInPerson | undefined, url: string, cardNumber: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        ...(who === undefined ? {} : { cookie: who.cookie }),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ cardNumber }).toString(),
    });

  it('is plainly a test, takes 4242… and sends the browser to /payment-success with the booking confirmed', async () => {
    const { mentee, booking, payment } = await startedPayment();
    const shown = await page(mentee, payment.checkoutUrl ?? '');
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toMatch(/text\/html/);
    expect(shown.body).toContain('Test mode');
    expect(shown.body).toContain('<label for="card-number">Card number</label>');
    expect(shown.body).toContain('₹1,500');
    // Its form posts with the page's origin: under no-referrer Chromium sends `Origin: null`, which the origin check refuses.
    expect(shown.headers['referrer-policy']).toBe('same-origin');

    const paid = await pay(mentee, payment.checkoutUrl ?? '', '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/payment-success?bookingId=${booking.id}`);
    expect((await detail(mentee, booking.id)).status).toBe('confirmed');
    // Paid: the page now says so instead of taking a card again.
    expect((await page(mentee, payment.checkoutUrl ?? '')).statusCode).toBe(409);
  });

  it('writes the session time on the payer’s clock, with their zone named', async () => {
    const { mentee, payment } = await startedPayment(at(2, 10));
    // Nobody's zone known yet: India's, as IST (10:00 UTC is 3:30 PM there).
    expect((await page(mentee, payment.checkoutUrl ?? '')).body).toMatch(
      /Wed \d+ \w+, 3:30 PM IST · one hour/,
    );

    await t.app.db.update(users).set({ timezone: 'America/New_York' }).where(eq(users.id, mentee.id));
    const inNewYork = /Wed \d+ \w+, [56]:00 AM Eastern Time \(New York\) · one hour/;
    const shown = await page(mentee, payment.checkoutUrl ?? '');
    expect(shown.body).toMatch(inNewYork);
    expect(shown.body).not.toContain('IST');
    // And again when the card number is asked for again (the error page the mistyped card's 303 leads to).
    const again = await pay(mentee, payment.checkoutUrl ?? '', '1234');
    expect((await page(mentee, String(again.headers.location))).body).toMatch(inNewYork);
  });

  it('answers a mistyped card with a 303 to the checkout showing the error (post/redirect/get), never echoing what was typed', async () => {
    const { mentee, booking, payment } = await startedPayment();
    const checkout = payment.checkoutUrl ?? '';
    const typed = '1234 <b>5678</b>';
    const unknown = await pay(mentee, checkout, typed);
    expect(unknown.statusCode).toBe(303);
    expect(unknown.headers.location).toBe(`${checkout}?error=card_unknown`);
    expect((await statusOf(booking.id))?.status).toBe('pending_payment');

    const shown = await page(mentee, String(unknown.headers.location));
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain(paymentMessages.cardUnknown);
    expect(shown.body).toContain('aria-invalid="true"');
    expect(shown.body).not.toContain('5678');
    // The form posts to the page without its error, so a good card after a bad one pays.
    expect(shown.body).toContain(`action="${checkout}"`);

    // A code it does not know, or markup in its place, shows no error at all rather than the text.
    for (const error of ['nope', '<script>alert(1)</script>', 'constructor']) {
      const odd = await page(mentee, `${checkout}?error=${encodeURIComponent(error)}`);
      expect(odd.statusCode).toBe(200);
      expect(odd.body).not.toContain('role="alert"');
      expect(odd.body).not.toContain('alert(1)');
    }
  });

  it('declines 4000 0000 0000 0002 with a 303 (the slot is freed)', async () => {
    const { mentee, booking, payment } = await startedPayment();
    const declined = await pay(mentee, payment.checkoutUrl ?? '', '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe(`/payment-success?bookingId=${booking.id}`);
    expect((await detail(mentee, booking.id)).status).toBe('payment_failed');
  });

  it('answers every other post with a 303 back to the checkout, which says why: signed out, a stranger, paid already', async () => {
    const { mentee, payment } = await startedPayment();
    const checkout = payment.checkoutUrl ?? '';
    for (const who of [undefined, await newUser()]) {
      const posted = await pay(who, checkout, '4242 4242 4242 4242');
      expect(posted.statusCode).toBe(303);
      expect(posted.headers.location).toBe(checkout);
    }
    expect((await pay(mentee, checkout, '4242 4242 4242 4242')).statusCode).toBe(303);
    // A second post of the paid form (a resubmission) pays nothing more and lands on the page that says so.
    const again = await pay(mentee, checkout, '4242 4242 4242 4242');
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(checkout);
    expect((await page(mentee, checkout)).statusCode).toBe(409);
  });

  it('shows nothing of the booking to the signed out or to someone else', async () => {
    const { payment } = await startedPayment();
    const signedOut = await page(undefined, payment.checkoutUrl ?? '');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.body).not.toContain('₹');
    // Its Sign in link comes back here, on this same origin.
    expect(signedOut.body).toContain(
      `href="/login?returnTo=${encodeURIComponent(payment.checkoutUrl ?? '')}"`,
    );
    const stranger = await page(await newUser(), payment.checkoutUrl ?? '');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('₹');
    expect((await page(await newUser(), '/api/payments/sandbox/checkout/sbx_nothing')).statusCode).toBe(404);
  });

  it('is written in the visitor’s language: the form, its error and every notice in Hindi, English untouched', async () => {
    const { mentee, booking, payment } = await startedPayment(at(2, 10));
    const checkout = payment.checkoutUrl ?? '';
    const inHindi = (who: SignedInPerson | undefined, url: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: [who?.cookie, 'locale=hi'].filter(Boolean).join('; ') },
      });
    /** The Latin words a reader sees, but the mentor's name (data, as written). */
    const latinWords = (html: string) =>
      html
        .replace(/<(style|head)[\s\S]*?<\/\1>/g, '')
        .replace(/<[^>]+>/g, ' ')
        .replaceAll(booking.mentor.name, ' ')
        .match(/[A-Za-z]{2,}/g);

    const form = await inHindi(mentee, checkout);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<html lang="hi">');
    expect(form.body).toContain('<label for="card-number">कार्ड नंबर</label>');
    expect(form.body).toContain('₹1,500');
    // The time on the payer's clock with Hindi day and month names (Wednesday is बुध), then "one hour".
    expect(form.body).toMatch(/बुध \d+ [^\s,]+, 3:30 PM IST · एक घंटा/);
    // Nothing English is left but the brand and the zone's abbreviation.
    expect(new Set(latinWords(form.body))).toEqual(new Set(['Skillroute', 'PM', 'IST']));

    const mistyped = await inHindi(mentee, `${checkout}?error=card_unknown`);
    expect(mistyped.body).toContain('यह नीचे दिए गए टेस्ट कार्ड में से नहीं है।');

    const signedOut = await inHindi(undefined, checkout);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.body).toContain('इस सेशन का भुगतान करने के लिए साइन इन करें।');
    expect(signedOut.body).toContain('>साइन इन</a>');
    const stranger = await inHindi(await newUser(), checkout);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).toContain('>अपना मेंटर खोजें</a>');

    // The browser's language, with no choice made in the app, is enough; and English stays English.
    const byHeader = await t.app.inject({
      method: 'GET',
      url: checkout,
      headers: { cookie: mentee.cookie, 'accept-language': 'hi-IN,hi;q=0.9' },
    });
    expect(byHeader.body).toContain('<html lang="hi">');
    const english = await page(mentee, checkout);
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toMatch(/Wed \d+ \w+, 3:30 PM IST · one hour/);
  });
});

describe('POST /api/bookings/:id/cancel', () => {
  const cancel = (
    who: SignedInPerson | undefined,
    id: string,
    body: object = { reason: 'Something came up' },
  ) => post(who, `/api/bookings/${id}/cancel`, body);

  /** A confirmed session at 12:00 on day 4 (a Friday), cancelled by `who` at `start - msBefore`. */
  async function cancelledBefore(msBefore: number, who: 'mentor' | 'mentee') {
    const start = at(4, 12);
    const confirmed = await confirmedBooking(start);
    nowMs = start.getTime() - msBefore;
    const response = await cancel(
      await resign(who === 'mentor' ? confirmed.mentor : confirmed.mentee),
      confirmed.booking.id,
    );
    expect(response.statusCode, response.body).toBe(200);
    return { ...confirmed, answer: cancelBookingResponseSchema.parse(response.json()) };
  }

  it.each([
    ['a second more than 24 h before: all of it', 24 * HOUR_MS + 1000, PRICE_PAISE],
    ['exactly 24 h before: half', 24 * HOUR_MS, PRICE_PAISE / 2],
    ['a second under 24 h before: half', 24 * HOUR_MS - 1000, PRICE_PAISE / 2],
    ['a second more than 2 h before: half', 2 * HOUR_MS + 1000, PRICE_PAISE / 2],
    ['exactly 2 h before: half', 2 * HOUR_MS, PRICE_PAISE / 2],
    ['a second under 2 h before: nothing', 2 * HOUR_MS - 1000, 0],
  ])('gives the mentee who cancels %s', async (_label, msBefore, refund) => {
    const { answer, mentee, mentor } = await cancelledBefore(msBefore, 'mentee');
    expect(answer.refund).toEqual({ amount: refund, currency: 'INR', status: 'succeeded' });
    expect(answer.booking).toMatchObject({
      status: 'cancelled',
      cancellation: { cancelledBy: 'mentee', reason: 'Something came up' },
    });
    expect(answer.booking.refund).toEqual({
      amount: refund,
      status: 'succeeded',
      reason: 'cancelled_by_mentee',
    });
    for (const person of [mentee, mentor])
      expect((await notificationsOf(person.id)).map((n) => n.type)).toContain('booking_cancelled');
  });

  it('returns everything when the mentor cancels, even an hour before, and frees the slot', async () => {
    const { answer, booking } = await cancelledBefore(HOUR_MS, 'mentor');
    expect(answer.refund).toEqual({ amount: PRICE_PAISE, currency: 'INR', status: 'succeeded' });
    expect(answer.booking.cancellation?.cancelledBy).toBe('mentor');
    nowMs = at(0, 6).getTime();
    await held(await newUser(), { id: booking.mentorId }, new Date(booking.startTime));
  });

  it('refuses someone else (403), an unknown booking (404), the signed out (401), a missing or long reason (400), after the start and twice (409)', async () => {
    const { mentee, booking } = await confirmedBooking(at(4, 14));
    const stranger = await cancel(await newUser(), booking.id);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json<ErrorEnvelope>().message).toBe(cancelMessages.notYours);
    expect((await cancel(mentee, randomUUID())).statusCode).toBe(404);
    expect((await cancel(undefined, booking.id)).statusCode).toBe(401);
    expect((await cancel(mentee, 'not-an-id')).statusCode).toBe(400);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 7 }]) {
      const refused = await cancel(mentee, booking.id, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    nowMs = at(4, 14).getTime();
    const started = await cancel(await resign(mentee), booking.id);
    expect(started.statusCode).toBe(409);
    expect(started.json<ErrorEnvelope>().message).toBe(cancelMessages.notCancellable);
    nowMs = at(4, 10).getTime();
    const later = await resign(mentee);
    expect((await cancel(later, booking.id)).statusCode).toBe(200);
    expect((await cancel(later, booking.id)).statusCode).toBe(409);
    // A held (unpaid) booking is not cancellable either: it lapses by itself.
    nowMs = at(0, 6).getTime();
    const unpaid = await startedPayment(at(3, 15));
    expect((await cancel(unpaid.mentee, unpaid.booking.id)).statusCode).toBe(409);
  });
});
