import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bookingMessages,
  bookingResponseSchema,
  RESCHEDULE_MAX,
  rescheduleMessages,
  type Booking,
  type BookingStatus,
} from '@skillroute/shared/bookings';
import type { ErrorEnvelope } from '@skillroute/shared/errors';
import { createUser, signedInAs, type SignedInPerson } from '../../../test/accounts';
import {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  overlappingLiveBookings,
  WEEKDAYS_10_TO_17,
  weekAhead,
} from '../../../test/bookings';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createRecordingMailer, type RecordingMailer } from '../../../test/mail';
import { createMentor } from '../../../test/mentors';
import { bookAndPay } from '../../../test/payments';
import { bookings, mentorBookingSettings, notifications, type UserRow } from '../../db/schema';
import { reminderKey } from './announcements';
import { completeBookingJob, remindJob } from './job-types';
import { inviteUid } from './session-invite';

const SECOND_MS = 1000;
const PRICE_PAISE = 150_000;

const { at } = weekAhead();

// The services' clock, pinned: Monday 06:00 UTC unless a test moves it.
let nowMs = at(0, 6).getTime();
const clock = { now: () => new Date(nowMs) };

let t: TestApp;
let mailer: RecordingMailer;
beforeAll(async () => {
  mailer = createRecordingMailer();
  t = await buildTestApp({
    clock,
    mailer,
    env: { RATE_LIMIT_MAX: '1000000', PUBLIC_URL: 'https://skillroute.example' },
  });
});
afterAll(() => t?.close());

const HOURS = WEEKDAYS_10_TO_17.monday!;

const signedIn = (user: Pick<UserRow, 'id' | 'email' | 'role'>) =>
  signedInAs(t.app.db, t.config.jwtSecret, user, clock.now());

let tag: string;
let mentor: SignedInPerson;
let mentee: SignedInPerson;
beforeEach(async () => {
  nowMs = at(0, 6).getTime();
  tag = randomUUID().slice(0, 8);
  const mentorEmail = `mentor-${tag}@example.org`;
  const mentorId = await createMentor(t.app.db, {
    name: `Ada ${tag}`,
    email: mentorEmail,
    availability: { timezone: 'UTC', pricePaise: PRICE_PAISE, weeklyHours: WEEKDAYS_10_TO_17 },
  });
  mentor = await signedIn({ id: mentorId, email: mentorEmail, role: 'mentor' });
  mentee = await newMentee('Ravi');
});

const newMentee = async (name: string) =>
  signedIn(
    await createUser(t.app.db, {
      email: `${name.toLowerCase()}-${tag}-${randomUUID().slice(0, 4)}@example.org`,
      name: `${name} ${tag}`,
    }),
  );

const paidSession = (start: Date, who: SignedInPerson = mentee, mentorId = mentor.id): Promise<Booking> =>
  bookAndPay(t, { menteeCookie: who.cookie, mentorId, start, amount: PRICE_PAISE });

const reschedule = (who: SignedInPerson | undefined, bookingId: string, payload: unknown, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/bookings/${bookingId}/reschedule`,
    headers: {
      ...(who === undefined ? {} : { cookie: who.cookie }),
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload: payload as object,
  });
const moveTo = (who: SignedInPerson, bookingId: string, start: Date) =>
  reschedule(who, bookingId, { startTime: start.toISOString() });

function moved(response: Awaited<ReturnType<typeof reschedule>>): Booking {
  expect(response.statusCode, response.body).toBe(200);
  return bookingResponseSchema.parse(response.json()).booking;
}

function expectRefusal(response: Awaited<ReturnType<typeof reschedule>>, status: number, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const envelope = response.json<ErrorEnvelope>();
  expect(envelope.errors.length).toBeGreaterThan(0);
  if (message !== undefined) expect(envelope.message).toBe(message);
}

const freeStarts = async (day: Date): Promise<string[]> => {
  const from = new Date(day.getTime() - (day.getTime() % DAY_MS));
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/mentors/availability/${mentor.id}/slots?from=${from.toISOString()}&to=${new Date(from.getTime() + DAY_MS).toISOString()}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { slots: { startTime: string }[] }).slots.map((slot) => slot.startTime);
};

const jobsOf = async (name: string, bookingId: string) =>
  (
    await t.app.pool.query<{ key: string; state: string; startAfter: Date }>(
      `select singleton_key as key, state, start_after as "startAfter" from pgboss.job
        where name = $1 and data->>'bookingId' = $2 and state in ('created', 'retry') order by start_after`,
      [name, bookingId],
    )
  ).rows;

/** A booking of this status written straight (the api books only the future, and moves only confirmed ones). */
async function bookingRow(start: Date, who: SignedInPerson, status: BookingStatus): Promise<string> {
  const [row] = await t.app.db
    .insert(bookings)
    .values({
      mentorId: mentor.id,
      menteeId: who.id,
      startTime: start,
      endTime: new Date(start.getTime() + HOUR_MS),
      status,
      amount: PRICE_PAISE,
      holdExpiresAt: status === 'pending_payment' ? new Date(nowMs + 15 * MINUTE_MS) : start,
    })
    .returning({ id: bookings.id });
  return row!.id;
}

describe('moving a paid session', () => {
  it('moves it to another free hour: the old hour freed, the room kept, no charge, both told with the replacing invite', async () => {
    const booking = await paidSession(at(1, 10));
    const ledgerBefore = await ledgerTransactionsOf(booking.id);
    const sentBefore = mailer.sent.length;

    const after = moved(await moveTo(mentee, booking.id, at(2, 14)));
    expect(after).toMatchObject({
      id: booking.id,
      status: 'confirmed',
      startTime: at(2, 14).toISOString(),
      endTime: at(2, 15).toISOString(),
      roomId: booking.roomId,
      amount: PRICE_PAISE,
      rescheduleCount: 1,
      previousStartTimes: [at(1, 10).toISOString()],
    });
    expect(await freeStarts(at(1, 0))).toContain(at(1, 10).toISOString());
    expect(await freeStarts(at(2, 0))).not.toContain(at(2, 14).toISOString());
    // Nothing was charged or refunded: the ledger holds what the payment wrote, no more.
    expect(await ledgerTransactionsOf(booking.id)).toEqual(ledgerBefore);

    for (const person of [mentee, mentor]) {
      const mail = await mailer.waitFor(person.email, /^Moved: your session with /, sentBefore);
      const ics = mail.icalEvent!.content.replace(/\r\n[ \t]/g, '');
      expect(mail.icalEvent!.method).toBe('REQUEST');
      expect(ics).toContain(`UID:${inviteUid(booking.id)}`);
      expect(ics).toContain('SEQUENCE:1');
      expect(ics).toContain(`DTSTART:${compact(at(2, 14))}`);
      expect(mail.text).toContain(`https://skillroute.example/meet/${booking.roomId}`);
      const notices = await t.app.db.select().from(notifications).where(eq(notifications.userId, person.id));
      expect(notices.filter((row) => row.type === 'booking_rescheduled')).toHaveLength(1);
    }
    const [menteeNotice] = await t.app.db
      .select()
      .from(notifications)
      .where(sql`${notifications.userId} = ${mentee.id} and ${notifications.type} = 'booking_rescheduled'`);
    expect(menteeNotice!.message).toMatch(/^You moved your session with Ada .* from Tue .* to Wed .*\.$/);
  });

  it('moves the reminders and the completion to the new time', async () => {
    const booking = await paidSession(at(2, 10));
    moved(await moveTo(mentee, booking.id, at(4, 15)));
    expect(await jobsOf(remindJob.name, booking.id)).toEqual([
      {
        key: reminderKey(booking.id, '24h'),
        state: 'created',
        startAfter: new Date(at(4, 15).getTime() - DAY_MS),
      },
      {
        key: reminderKey(booking.id, '15m'),
        state: 'created',
        startAfter: new Date(at(4, 15).getTime() - 15 * MINUTE_MS),
      },
    ]);
    expect(await jobsOf(completeBookingJob.name, booking.id)).toEqual([
      { key: booking.id, state: 'created', startAfter: at(4, 16) },
    ]);
  });

  it('lets the mentee move it until a second more than 12 hours ahead, and the mentor until the start', async () => {
    const early = await paidSession(at(1, 10));
    const late = await paidSession(at(1, 11));
    const third = await bookingRow(at(2, 10), mentee, 'confirmed');
    // Signed in again at each new time: a session cookie made at 06:00 has lapsed by then.
    const asOf = async (instant: number) => {
      nowMs = instant;
      return { mentee: await signedIn(mentee), mentor: await signedIn(mentor) };
    };
    let people = await asOf(at(1, 10).getTime() - 12 * HOUR_MS - SECOND_MS);
    moved(await moveTo(people.mentee, early.id, at(3, 10)));
    // At exactly 12 hours before the start, no: the policy says "more than".
    people = await asOf(at(1, 11).getTime() - 12 * HOUR_MS);
    expectRefusal(await moveTo(people.mentee, late.id, at(3, 11)), 409, rescheduleMessages.menteeTooLate);
    // The mentor may, a second before the start; not at it.
    people = await asOf(at(1, 11).getTime() - SECOND_MS);
    moved(await moveTo(people.mentor, late.id, at(3, 12)));
    people = await asOf(at(2, 10).getTime());
    expectRefusal(await moveTo(people.mentor, third, at(3, 13)), 409, rescheduleMessages.started);
  });

  it(`refuses a move beyond the ${RESCHEDULE_MAX}nd, whoever asks, and leaves the booking as it was`, async () => {
    const booking = await paidSession(at(1, 10));
    moved(await moveTo(mentee, booking.id, at(2, 10)));
    moved(await moveTo(mentor, booking.id, at(3, 10)));
    expectRefusal(await moveTo(mentee, booking.id, at(4, 10)), 409, rescheduleMessages.limitReached);
    expectRefusal(await moveTo(mentor, booking.id, at(4, 10)), 409, rescheduleMessages.limitReached);
    const [row] = await t.app.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({
      startTime: at(3, 10),
      rescheduleCount: 2,
      previousStartTimes: [at(1, 10), at(2, 10)],
    });
  });

  it('refuses an hour held or taken by someone else (409) and one that is no free slot (400)', async () => {
    const booking = await paidSession(at(1, 10));
    await bookingRow(at(2, 11), await newMentee('Mira'), 'pending_payment');
    await paidSession(at(2, 12), await newMentee('Noor'));
    expectRefusal(await moveTo(mentee, booking.id, at(2, 11)), 409, bookingMessages.slotTaken);
    expectRefusal(await moveTo(mentee, booking.id, at(2, 12)), 409, bookingMessages.slotTaken);
    for (const start of [at(2, 9), at(2, 17), new Date(at(2, 10).getTime() + 30 * MINUTE_MS), at(5, 10)])
      expectRefusal(await moveTo(mentee, booking.id, start), 400, bookingMessages.notAFreeSlot);
    expectRefusal(await moveTo(mentee, booking.id, at(1, 10)), 400, rescheduleMessages.sameTime);
    const [row] = await t.app.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ startTime: at(1, 10), rescheduleCount: 0, status: 'confirmed' });
  });

  it("refuses an hour the mentee already spends with another mentor, and one the mentor's settings leave out", async () => {
    const booking = await paidSession(at(1, 10));
    const otherMentorId = await createMentor(t.app.db, {
      name: `Grace ${tag}`,
      email: `grace-${tag}@example.org`,
      availability: { timezone: 'UTC', pricePaise: PRICE_PAISE, weeklyHours: WEEKDAYS_10_TO_17 },
    });
    await paidSession(at(2, 13), mentee, otherMentorId);
    expectRefusal(await moveTo(mentee, booking.id, at(2, 13)), 409, bookingMessages.overlapOwn);
    await t.app.db
      .insert(mentorBookingSettings)
      .values({ userId: mentor.id, minimumNoticeHours: 48, bufferMinutes: 60, maxSessionsPerDay: 1 });
    // Inside the mentor's 48 hours of notice.
    expectRefusal(await moveTo(mentee, booking.id, at(1, 14)), 409);
    // Its own hour counts neither in the day's one session nor in the buffer: the next hour is fine.
    nowMs = at(0, 6).getTime() - 3 * DAY_MS;
    moved(await moveTo(mentee, booking.id, at(1, 11)));
  });

  it('answers a stranger and an unknown booking 404, bad input and a malformed id 400, anything but a confirmed session 409', async () => {
    const booking = await paidSession(at(1, 10));
    const stranger = await newMentee('Eve');
    expectRefusal(await moveTo(stranger, booking.id, at(2, 10)), 404, bookingMessages.notFound);
    expectRefusal(await moveTo(mentee, randomUUID(), at(2, 10)), 404, bookingMessages.notFound);
    expectRefusal(await reschedule(mentee, 'not-an-id', { startTime: at(2, 10).toISOString() }), 400);
    expect((await reschedule(undefined, booking.id, { startTime: at(2, 10).toISOString() })).statusCode).toBe(
      401,
    );
    for (const payload of [{}, { startTime: 'tomorrow' }, { startTime: '2026-12-01' }, { startTime: 7 }, []])
      expectRefusal(await reschedule(mentee, booking.id, payload), 400);
    const statuses = ['pending_payment', 'cancelled', 'completed', 'expired'] as const;
    for (const [index, status] of statuses.entries()) {
      const id = await bookingRow(at(3, 10 + index), mentee, status);
      expectRefusal(await moveTo(mentee, id, at(4, 10)), 409, rescheduleMessages.notConfirmed);
    }
  });

  it('does a move once for a repeated Idempotency-Key, and answers the first answer again', async () => {
    const booking = await paidSession(at(1, 10));
    const key = randomUUID();
    const first = moved(await reschedule(mentee, booking.id, { startTime: at(2, 10).toISOString() }, key));
    const again = moved(await reschedule(mentee, booking.id, { startTime: at(2, 10).toISOString() }, key));
    expect(again).toEqual(first);
    expect(first.rescheduleCount).toBe(1);
    expectRefusal(await reschedule(mentee, booking.id, { startTime: at(3, 10).toISOString() }, key), 422);
  });
});

describe('the race for one hour', () => {
  it('gives it to exactly one of 50 moves and 50 new bookings asking at once; no overlap, nobody a 5xx', async () => {
    const target = at(4, 16);
    // 50 mentees with a confirmed session each, in the weeks after, and 50 who want the hour fresh.
    const movers: Array<{ who: SignedInPerson; bookingId: string }> = [];
    for (let i = 0; i < 50; i += 1) {
      const who = await newMentee(`Mover${i}`);
      const day = 7 + Math.floor(i / HOURS.length) + 2 * Math.floor(i / (HOURS.length * 5));
      movers.push({ who, bookingId: await bookingRow(at(day, HOURS[i % HOURS.length]!), who, 'confirmed') });
    }
    const bookers: SignedInPerson[] = [];
    for (let i = 0; i < 50; i += 1) bookers.push(await newMentee(`Booker${i}`));

    const responses = await Promise.all([
      ...movers.map(({ who, bookingId }) => moveTo(who, bookingId, target)),
      ...bookers.map((who) =>
        t.app.inject({
          method: 'POST',
          url: '/api/bookings',
          headers: { cookie: who.cookie },
          payload: { mentorId: mentor.id, startTime: target.toISOString() },
        }),
      ),
    ]);
    const counts = new Map<number, number>();
    for (const response of responses)
      counts.set(response.statusCode, (counts.get(response.statusCode) ?? 0) + 1);
    const wins = (counts.get(200) ?? 0) + (counts.get(201) ?? 0);
    expect(wins, JSON.stringify(Object.fromEntries(counts))).toBe(1);
    expect(counts.get(409)).toBe(99);
    const atTarget = await t.app.db
      .select()
      .from(bookings)
      .where(sql`${bookings.mentorId} = ${mentor.id} and ${bookings.startTime} = ${target}`);
    expect(atTarget).toHaveLength(1);
    expect(await overlappingLiveBookings(t.app.db)).toBe(0);
  });
});

/** "20261201T100000Z", an instant as an iCalendar UTC date-time. */
const compact = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

async function ledgerTransactionsOf(bookingId: string): Promise<string[]> {
  const { rows } = await t.app.pool.query<{ kind: string }>(
    `select kind from ledger_transactions where booking_id = $1 order by created_at, kind`,
    [bookingId],
  );
  return rows.map((row) => row.kind);
}
