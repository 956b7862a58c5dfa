import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingMessages, bookingResponseSchema, type Booking } from '@skillroute/shared/bookings';
import type { ErrorEnvelope } from '@skillroute/shared/errors';
import { IDEMPOTENCY_KEY_MAX_LENGTH, idempotencyMessages } from '@skillroute/shared/marketplace-limits';
import { createPaymentResponseSchema } from '@skillroute/shared/payments';
import { createUser, signedInAs, type SignedInPerson } from '../../../test/accounts';
import { HOUR_MS, MINUTE_MS, WEEKDAYS_10_TO_17, weekAhead } from '../../../test/bookings';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createMentor } from '../../../test/mentors';
import { deriveSandboxWebhookSecret, signSandboxEvent } from '../../adapters/payments/sandbox';
import { bookings, idempotencyKeys } from '../../db/schema';
import { forgetOldKeys } from './jobs';

const { at } = weekAhead();
let nowMs = at(0, 6).getTime();
const clock = { now: () => new Date(nowMs) };
const PRICE_PAISE = 150_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock, env: { RATE_LIMIT_MAX: '1000000' } });
});
afterAll(() => t.close());
beforeEach(() => {
  nowMs = at(0, 6).getTime();
});

const signedIn = (user: Parameters<typeof signedInAs>[2]) =>
  signedInAs(t.app.db, t.config.jwtSecret, user, clock.now());
/** Signed in again at the clock's time: access tokens last 15 minutes, and some tests move the clock past that. */
const resign = (person: SignedInPerson) => signedIn({ id: person.id, email: person.email, role: 'user' });
const newUser = async () =>
  signedIn(await createUser(t.app.db, { email: `mentee-${randomUUID()}@example.org` }));
async function newMentor(): Promise<SignedInPerson> {
  const id = await createMentor(t.app.db, {
    availability: { timezone: 'UTC', weeklyHours: WEEKDAYS_10_TO_17, pricePaise: PRICE_PAISE },
  });
  return signedIn({ id, email: `${id}@example.org`, role: 'mentor' });
}

const post = (who: SignedInPerson, url: string, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: who.cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload,
  });
const bookingsOf = (menteeId: string) =>
  t.app.db.select().from(bookings).where(eq(bookings.menteeId, menteeId));

async function confirmed(mentee: SignedInPerson, mentor: SignedInPerson, start: Date): Promise<Booking> {
  const held = await post(mentee, '/api/bookings', { mentorId: mentor.id, startTime: start.toISOString() });
  const booking = bookingResponseSchema.parse(held.json()).booking;
  const payment = createPaymentResponseSchema.parse(
    (await post(mentee, '/api/payments/create', { bookingId: booking.id })).json(),
  );
  const event = signSandboxEvent(deriveSandboxWebhookSecret(t.config.jwtSecret), {
    kind: 'payment_succeeded',
    paymentId: payment.paymentId,
    amount: PRICE_PAISE,
    currency: 'INR',
  });
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/sandbox',
    headers: event.headers,
    payload: event.body,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return booking;
}

describe('Idempotency-Key on POST /api/bookings', () => {
  it('answers a repeated key with the first answer, and holds one slot', async () => {
    const [mentor, mentee] = [await newMentor(), await newUser()];
    const body = { mentorId: mentor.id, startTime: at(1, 10).toISOString() };
    const key = randomUUID();
    const first = await post(mentee, '/api/bookings', body, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await post(mentee, '/api/bookings', body, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await bookingsOf(mentee.id)).toHaveLength(1);
    // Without the key the same request is a new one, refused: the slot is taken by the first.
    const fresh = await post(mentee, '/api/bookings', body);
    expect(fresh.statusCode).toBe(409);
  });

  it('keeps a refusal as the first answer too', async () => {
    const [mentor, mentee] = [await newMentor(), await newUser()];
    const body = { mentorId: mentor.id, startTime: at(1, 10).toISOString() };
    await post(await newUser(), '/api/bookings', body);
    const key = randomUUID();
    const first = await post(mentee, '/api/bookings', body, key);
    expect(first.statusCode).toBe(409);
    expect(first.json<ErrorEnvelope>().message).toBe(bookingMessages.slotTaken);
    // The blocking hold lapses: the slot is free now, yet the key's repeat does nothing and answers as before.
    nowMs += 16 * MINUTE_MS;
    const again = await post(await resign(mentee), '/api/bookings', body, key);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(first.json());
    expect(await bookingsOf(mentee.id)).toHaveLength(0);
  });

  it('refuses the same key with another body (422) and a key over 255 characters (400), in the envelope', async () => {
    const [mentor, mentee] = [await newMentor(), await newUser()];
    const key = randomUUID();
    const first = await post(
      mentee,
      '/api/bookings',
      { mentorId: mentor.id, startTime: at(1, 10).toISOString() },
      key,
    );
    expect(first.statusCode, first.body).toBe(201);
    const other = await post(
      mentee,
      '/api/bookings',
      { mentorId: mentor.id, startTime: at(1, 11).toISOString() },
      key,
    );
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json<ErrorEnvelope>()).toEqual({
      message: idempotencyMessages.keyReused,
      errors: [{ message: idempotencyMessages.keyReused }],
    });

    const long = await post(
      mentee,
      '/api/bookings',
      { mentorId: mentor.id, startTime: at(1, 12).toISOString() },
      'k'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH + 1),
    );
    expect(long.statusCode, long.body).toBe(400);
    expect(long.json<ErrorEnvelope>().message).toBe(idempotencyMessages.keyInvalid);
    const longest = await post(
      mentee,
      '/api/bookings',
      // Another mentor: one unpaid hold per mentor (marketplace limits).
      { mentorId: (await newMentor()).id, startTime: at(1, 12).toISOString() },
      'k'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH),
    );
    expect(longest.statusCode, longest.body).toBe(201);
    expect(await bookingsOf(mentee.id)).toHaveLength(2);
  });

  it('runs the action once when the same key arrives many times at once', async () => {
    const [mentor, mentee] = [await newMentor(), await newUser()];
    const body = { mentorId: mentor.id, startTime: at(2, 10).toISOString() };
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post(mentee, '/api/bookings', body, key)),
    );
    const rows = await bookingsOf(mentee.id);
    expect(rows).toHaveLength(1);
    for (const answer of answers) {
      if (answer.statusCode === 201) expect(answer.json<{ booking: Booking }>().booking.id).toBe(rows[0]?.id);
      else {
        expect(answer.statusCode, answer.body).toBe(409);
        expect(answer.json<ErrorEnvelope>().message).toBe(idempotencyMessages.inProgress);
      }
    }
    expect(answers.filter((answer) => answer.statusCode === 201).length).toBeGreaterThan(0);
  });

  it('answers a repeat of a change whose answer was never recorded (its process died): in progress, then lost', async () => {
    const [mentor, mentee] = [await newMentor(), await newUser()];
    const body = { mentorId: mentor.id, startTime: at(3, 14).toISOString() };
    const key = randomUUID();
    const first = await post(mentee, '/api/bookings', body, key);
    expect(first.statusCode, first.body).toBe(201);
    // What a kill -9 between the booking's commit and the recorded answer leaves behind.
    await t.app.db
      .update(idempotencyKeys)
      .set({ status: null, response: null })
      .where(and(eq(idempotencyKeys.userId, mentee.id), eq(idempotencyKeys.key, key)));
    const soon = await post(mentee, '/api/bookings', body, key);
    expect([soon.statusCode, soon.json<ErrorEnvelope>().message]).toEqual([
      409,
      idempotencyMessages.inProgress,
    ]);
    nowMs += 3 * MINUTE_MS;
    const later = await post(await resign(mentee), '/api/bookings', body, key);
    expect([later.statusCode, later.json<ErrorEnvelope>().message]).toEqual([
      409,
      idempotencyMessages.answerLost,
    ]);
    expect(await bookingsOf(mentee.id)).toHaveLength(1);
  });

  it('forgets a key after 24 hours', async () => {
    const [mentor, mentee] = [await newMentor(), await newUser()];
    const key = randomUUID();
    const first = await post(
      mentee,
      '/api/bookings',
      { mentorId: mentor.id, startTime: at(3, 10).toISOString() },
      key,
    );
    expect(first.statusCode, first.body).toBe(201);
    const stored = and(eq(idempotencyKeys.userId, mentee.id), eq(idempotencyKeys.key, key));
    expect(await t.app.db.select().from(idempotencyKeys).where(stored)).toHaveLength(1);
    nowMs += 24 * HOUR_MS + 1000;
    await forgetOldKeys(t.app.services);
    expect(await t.app.db.select().from(idempotencyKeys).where(stored)).toHaveLength(0);
    // And a repeat after that is a new request (here: another body, which is no longer refused).
    const later = await post(
      await resign(mentee),
      '/api/bookings',
      { mentorId: mentor.id, startTime: at(3, 12).toISOString() },
      key,
    );
    expect(later.statusCode, later.body).toBe(201);
  });
});

describe('Idempotency-Key on payments and cancellations', () => {
  it('answers a repeated payment start with its first answer', async () => {
    const [mentor, mentee] = [await newMentor(), await newUser()];
    const held = await post(mentee, '/api/bookings', {
      mentorId: mentor.id,
      startTime: at(1, 14).toISOString(),
    });
    const { booking } = bookingResponseSchema.parse(held.json());
    const key = randomUUID();
    const first = await post(mentee, '/api/payments/create', { bookingId: booking.id }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(mentee, '/api/payments/create', { bookingId: booking.id }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const another = await post(mentee, '/api/bookings', {
      mentorId: (await newMentor()).id,
      startTime: at(1, 16).toISOString(),
    });
    const reused = await post(
      mentee,
      '/api/payments/create',
      { bookingId: bookingResponseSchema.parse(another.json()).booking.id },
      key,
    );
    expect(reused.statusCode, reused.body).toBe(422);
  });

  it('cancels once and answers a repeated cancel with the first answer, not a refusal', async () => {
    const [mentor, mentee] = [await newMentor(), await newUser()];
    const booking = await confirmed(mentee, mentor, at(4, 12));
    const key = randomUUID();
    const url = `/api/bookings/${booking.id}/cancel`;
    const first = await post(mentee, url, { reason: 'Something came up at work.' }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(mentee, url, { reason: 'Something came up at work.' }, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    // The same key on another booking's cancel is another request.
    const other = await confirmed(mentee, mentor, at(4, 14));
    const reused = await post(
      mentee,
      `/api/bookings/${other.id}/cancel`,
      { reason: 'Something came up at work.' },
      key,
    );
    expect(reused.statusCode).toBe(422);
  });

  it('cancels once when the same key arrives many times at once (no queue in front: the key row decides)', async () => {
    const [mentor, mentee] = [await newMentor(), await newUser()];
    const booking = await confirmed(mentee, mentor, at(4, 10));
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        post(mentee, `/api/bookings/${booking.id}/cancel`, { reason: 'Something came up at work.' }, key),
      ),
    );
    const done = answers.filter((answer) => answer.statusCode === 200);
    expect(done.length).toBeGreaterThan(0);
    for (const answer of done) expect(answer.json()).toEqual(done[0]?.json());
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json<ErrorEnvelope>().message).toBe(idempotencyMessages.inProgress);
    }
  });
});
