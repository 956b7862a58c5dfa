import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bookingListResponseSchema,
  bookingMessages,
  bookingResponseSchema,
  type Booking,
} from '@skillroute/shared/bookings';
import { bookingSettingsMessages } from '@skillroute/shared/booking-settings';
import type { ErrorEnvelope } from '@skillroute/shared/errors';
import { createUser, signedInAs, type SignedInPerson } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createMentor } from '../../../test/mentors';
import { bookings, mentorProfiles, users, type UserRow } from '../../db/schema';
import { within } from '../../context/service-context';
import { completeBooking, sweepLapsedHolds } from './jobs';
import { confirmBooking } from './transitions';
import { mondayAhead } from '../../../test/clock';
import {
  BOOKING_REQUESTS_MAX,
  BOOKING_REQUESTS_WINDOW_MINUTES,
  limitMessages,
} from '@skillroute/shared/marketplace-limits';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const MONDAY = mondayAhead();
const at = (days: number, hour: number, minute = 0) =>
  new Date(MONDAY + days * DAY_MS + hour * HOUR_MS + minute * MINUTE_MS);

// The services' clock, pinned: Monday 06:00 UTC unless a test moves it.
let nowMs = at(0, 6).getTime();
const clock = { now: () => new Date(nowMs) };

/** Every weekday 10:00–17:00 in UTC. */
const WEEK = {
  monday: [10, 11, 12, 13, 14, 15, 16],
  tuesday: [10, 11, 12, 13, 14, 15, 16],
  wednesday: [10, 11, 12, 13, 14, 15, 16],
  thursday: [10, 11, 12, 13, 14, 15, 16],
  friday: [10, 11, 12, 13, 14, 15, 16],
};
const PRICE_PAISE = 150_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock, env: { RATE_LIMIT_MAX: '1000000' } });
});
afterAll(() => t.close());
beforeEach(() => {
  nowMs = at(0, 6).getTime();
});

/** Expires, far ahead, the holds earlier tests left, so that a sweep's count is the test's own. */
async function sweepEarlierHolds(): Promise<void> {
  const now = nowMs;
  nowMs = at(60, 0).getTime();
  await sweepLapsedHolds(t.app.services);
  nowMs = now;
}

const signedIn = (user: Pick<UserRow, 'id' | 'email' | 'role'>) =>
  signedInAs(t.app.db, t.config.jwtSecret, user, clock.now());

async function newUser(): Promise<SignedInPerson> {
  return signedIn(await createUser(t.app.db, { email: `mentee-${randomUUID()}@example.org` }));
}

async function newMentor(): Promise<SignedInPerson> {
  const id = await createMentor(t.app.db, {
    availability: { timezone: 'UTC', weeklyHours: WEEK, pricePaise: PRICE_PAISE },
  });
  return signedIn({ id, email: `${id}@example.org`, role: 'mentor' });
}

/** Many users at once, in one insert, each with a session. */
async function newUsers(count: number): Promise<SignedInPerson[]> {
  const rows = await t.app.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        name: `Racer ${index}`,
        email: `racer-${randomUUID()}@example.org`,
        verifiedAt: new Date(),
      })),
    )
    .returning();
  // One after another: 200 at once wait on the pool's ten connections, past its 2 s limit on a busy machine,
  // and the race is the bookings, not the sign-ins.
  const people: SignedInPerson[] = [];
  for (const row of rows) people.push(await signedIn(row));
  return people;
}

const book = (who: SignedInPerson | undefined, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: who === undefined ? {} : { cookie: who.cookie },
    payload: payload as object,
  });
const get = (who: SignedInPerson | undefined, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who === undefined ? {} : { cookie: who.cookie } });

async function booked(who: SignedInPerson, mentor: SignedInPerson, start: Date): Promise<Booking> {
  const response = await book(who, { mentorId: mentor.id, startTime: start.toISOString() });
  expect(response.statusCode, response.body).toBe(201);
  return bookingResponseSchema.parse(response.json()).booking;
}

function expectRefusal(response: Awaited<ReturnType<typeof book>>, status: number, message?: string): void {
  expect(response.statusCode, response.body).toBe(status);
  const envelope = response.json<ErrorEnvelope>();
  expect(envelope.errors.length).toBeGreaterThan(0);
  if (message !== undefined) expect(envelope.message).toBe(message);
}

/** Pairs of live bookings that overlap for one mentor or one mentee: the audit that must always find none. */
async function overlappingLiveBookings(): Promise<number> {
  const result = await t.app.db.execute<{ count: string }>(sql`
    select count(*) as count from bookings a join bookings b
      on a.id < b.id and (a.mentor_id = b.mentor_id or a.mentee_id = b.mentee_id)
     and tstzrange(a.start_time, a.end_time) && tstzrange(b.start_time, b.end_time)
    where a.status in ('pending_payment', 'confirmed') and b.status in ('pending_payment', 'confirmed')`);
  return Number(result.rows[0]?.count);
}

async function slotStarts(mentorId: string, from: Date, to: Date): Promise<string[]> {
  const response = await get(
    undefined,
    `/api/mentors/availability/${mentorId}/slots?from=${from.toISOString()}&to=${to.toISOString()}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ slots: { startTime: string }[] }>().slots.map((slot) => slot.startTime);
}

describe('the slot race', () => {
  it('gives one slot to exactly one of 200 people asking at once; the rest get 409, nobody a 5xx', async () => {
    const mentor = await newMentor();
    const racers = await newUsers(200);
    const start = at(0, 10);
    const began = performance.now();
    const responses = await Promise.all(
      racers.map((racer) => book(racer, { mentorId: mentor.id, startTime: start.toISOString() })),
    );
    const elapsedMs = Math.round(performance.now() - began);
    const counts = new Map<number, number>();
    for (const response of responses)
      counts.set(response.statusCode, (counts.get(response.statusCode) ?? 0) + 1);
    console.info(
      `slot race: 200 requests in ${elapsedMs} ms → ${JSON.stringify(Object.fromEntries(counts))}`,
    );
    expect(Object.fromEntries(counts)).toEqual({ 201: 1, 409: 199 });
    for (const response of responses.filter((r) => r.statusCode === 409))
      expect(response.json<ErrorEnvelope>().message).toBe(bookingMessages.slotTaken);
    expect(await overlappingLiveBookings()).toBe(0);
    const live = await t.app.db.select().from(bookings).where(eq(bookings.mentorId, mentor.id));
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ status: 'pending_payment', amount: PRICE_PAISE, currency: 'INR' });
  });

  it('lets one mentee hold only one of ten mentors at the same hour when all ten are asked at once', async () => {
    const mentee = await newUser();
    const mentors = await Promise.all(Array.from({ length: 10 }, () => newMentor()));
    const start = at(1, 11);
    const responses = await Promise.all(
      mentors.map((mentor) => book(mentee, { mentorId: mentor.id, startTime: start.toISOString() })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
    for (const response of responses.filter((r) => r.statusCode === 409))
      expect(response.json<ErrorEnvelope>().message).toBe(bookingMessages.overlapOwn);
    expect(await overlappingLiveBookings()).toBe(0);
  });
});

describe('booking a slot', () => {
  it('holds the slot for 15 minutes at the price of the hour, in the shape of DESIGN.md §4, and takes it out of the slots', async () => {
    const mentor = await newMentor();
    const mentee = await newUser();
    const start = at(2, 14);
    expect(await slotStarts(mentor.id, at(2, 0), at(3, 0))).toContain(start.toISOString());
    const booking = await booked(mentee, mentor, start);
    expect(booking).toMatchObject({
      mentorId: mentor.id,
      menteeId: mentee.id,
      mentor: { id: mentor.id, name: 'Mentor Tester', avatar: null },
      mentee: { id: mentee.id, name: 'Tester', avatar: null },
      startTime: start.toISOString(),
      endTime: at(2, 15).toISOString(),
      status: 'pending_payment',
      amount: PRICE_PAISE,
      currency: 'INR',
      holdExpiresAt: new Date(nowMs + 15 * MINUTE_MS).toISOString(),
    });
    expect(booking.roomId).toMatch(/^[0-9a-f-]{36}$/);
    expect(booking.cancellation).toBeUndefined();
    // Answered from the insert's own statement: the same booking its two people read afterwards.
    const read = await get(mentee, `/api/bookings/detail/${booking.id}`);
    expect(bookingResponseSchema.parse(read.json()).booking).toEqual(booking);
    expect(await slotStarts(mentor.id, at(2, 0), at(3, 0))).not.toContain(start.toISOString());
    // No job of its own: the minute's sweep expires it once it lapses.
    const jobs = await t.app.db.execute(sql`select 1 from pgboss.job where singleton_key = ${booking.id}`);
    expect(jobs.rows).toEqual([]);
  });

  it('refuses time the mentee already holds with another mentor, and a slot someone holds', async () => {
    const [mentorA, mentorB] = [await newMentor(), await newMentor()];
    const [first, second] = [await newUser(), await newUser()];
    await booked(first, mentorA, at(0, 12));
    expectRefusal(
      await book(first, { mentorId: mentorB.id, startTime: at(0, 12).toISOString() }),
      409,
      bookingMessages.overlapOwn,
    );
    expectRefusal(
      await book(second, { mentorId: mentorA.id, startTime: at(0, 12).toISOString() }),
      409,
      bookingMessages.slotTaken,
    );
    // The next hour is another slot.
    await booked(first, mentorB, at(0, 13));
  });

  it('frees a lapsed hold: the slot shows again, the sweep marks it expired, and someone else can book it', async () => {
    await sweepEarlierHolds();
    const mentor = await newMentor();
    const [first, second] = [await newUser(), await newUser()];
    const start = at(3, 10);
    const held = await booked(first, mentor, start);
    expectRefusal(
      await book(second, { mentorId: mentor.id, startTime: start.toISOString() }),
      409,
      bookingMessages.slotTaken,
    );

    nowMs += 15 * MINUTE_MS + 1000;
    expect(await slotStarts(mentor.id, at(3, 0), at(4, 0))).toContain(start.toISOString());
    expect(await sweepLapsedHolds(t.app.services)).toEqual({ expired: 1 });
    const [row] = await t.app.db.select().from(bookings).where(eq(bookings.id, held.id));
    expect(row?.status).toBe('expired');
    // A second sweep (another process's, or the next minute's) finds nothing left to expire.
    expect(await sweepLapsedHolds(t.app.services)).toEqual({ expired: 0 });

    const again = await signedIn({ id: second.id, email: 'x@example.org', role: 'user' });
    const taken = await booked(again, mentor, start);
    expect(taken.menteeId).toBe(second.id);
    expect(await overlappingLiveBookings()).toBe(0);
  });

  it('expires a lapsed hold in the transaction of the next booking, before the sweep ran', async () => {
    const mentor = await newMentor();
    const [first, second] = [await newUser(), await newUser()];
    const held = await booked(first, mentor, at(4, 16));
    nowMs += 16 * MINUTE_MS;
    const later = await signedIn({ id: second.id, email: 'y@example.org', role: 'user' });
    const [before] = await t.app.db.select().from(bookings).where(eq(bookings.id, held.id));
    await booked(later, mentor, at(4, 16));
    const [row] = await t.app.db.select().from(bookings).where(eq(bookings.id, held.id));
    expect(row?.status).toBe('expired');
    expect(row!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());
  });

  it('sweeps only lapsed holds, however many, in batches, the unlapsed and the paid left alone', async () => {
    await sweepEarlierHolds();
    const mentor = await newMentor();
    const held = [];
    for (const hour of [10, 11, 12, 13, 14]) held.push(await booked(await newUser(), mentor, at(4, hour)));
    nowMs += 5 * MINUTE_MS;
    const fresh = await booked(await newUser(), mentor, at(4, 15));
    const paid = held.pop()!;
    await t.app.services.unitOfWork((uow) =>
      confirmBooking(within(t.app.services, uow), { bookingId: paid.id }),
    );

    // Before any lapse the sweep finds nothing; at the first four's lapse it takes them two at a time.
    expect(await sweepLapsedHolds(t.app.services, { batch: 2 })).toEqual({ expired: 0 });
    nowMs += 10 * MINUTE_MS;
    expect(await sweepLapsedHolds(t.app.services, { batch: 2 })).toEqual({ expired: 4 });
    const statusOf = async (id: string) =>
      (await t.app.db.select().from(bookings).where(eq(bookings.id, id)))[0]?.status;
    for (const hold of held) expect(await statusOf(hold.id)).toBe('expired');
    expect(await statusOf(paid.id)).toBe('confirmed');
    expect(await statusOf(fresh.id)).toBe('pending_payment');
    expect(await slotStarts(mentor.id, at(4, 0), at(5, 0))).toEqual(
      expect.arrayContaining(held.map((hold) => hold.startTime)),
    );
  });

  it('is 400 for a time that is not a slot: a wrong minute, outside the hours, a weekend, the past, beyond the horizon; 409 inside the 2-hour notice', async () => {
    nowMs = at(0, 8, 30).getTime();
    const mentor = await newMentor();
    const mentee = await newUser();
    for (const start of [at(1, 10, 30), at(1, 9), at(1, 17), at(5, 11), at(-7, 10), at(0, 8), at(200, 10)]) {
      expectRefusal(
        await book(mentee, { mentorId: mentor.id, startTime: start.toISOString() }),
        400,
        bookingMessages.notAFreeSlot,
      );
    }
    expectRefusal(
      await book(mentee, { mentorId: mentor.id, startTime: at(0, 10).toISOString() }),
      409,
      bookingSettingsMessages.tooSoon(2),
    );
    // The first slot past the notice is fine.
    await booked(mentee, mentor, at(0, 11));
    expect(await t.app.db.$count(bookings, eq(bookings.menteeId, mentee.id))).toBe(1);
  });

  it('is 400 for a mentor without hours and 404 for someone who is not a mentor or is blocked', async () => {
    const mentee = await newUser();
    const noHours = await createMentor(t.app.db, { availability: null });
    const blocked = await createMentor(t.app.db, {
      blocked: true,
      availability: { timezone: 'UTC', weeklyHours: WEEK },
    });
    const learner = await newUser();
    expectRefusal(
      await book(mentee, { mentorId: noHours, startTime: at(1, 10).toISOString() }),
      400,
      bookingMessages.notAFreeSlot,
    );
    for (const id of [blocked, learner.id, randomUUID()])
      expectRefusal(await book(mentee, { mentorId: id, startTime: at(1, 10).toISOString() }), 404);
  });

  it('is 403 for booking oneself, 401 signed out, and 400 in the envelope for a bad body', async () => {
    const mentor = await newMentor();
    expectRefusal(
      await book(mentor, { mentorId: mentor.id, startTime: at(1, 10).toISOString() }),
      403,
      bookingMessages.bookingYourself,
    );
    expectRefusal(await book(undefined, { mentorId: mentor.id, startTime: at(1, 10).toISOString() }), 401);
    const mentee = await newUser();
    for (const body of [
      {},
      { mentorId: 'nope', startTime: at(1, 10).toISOString() },
      { mentorId: mentor.id, startTime: 'tomorrow' },
      { mentorId: mentor.id, startTime: '2026-12-01' },
    ]) {
      const response = await book(mentee, body);
      expectRefusal(response, 400);
    }
    const response = await book(mentee, { mentorId: mentor.id, startTime: 'tomorrow' });
    expect(response.json<ErrorEnvelope>().errors).toContainEqual({
      message: bookingMessages.startTimeFormat,
      field: 'startTime',
    });
    // A date that does not exist is refused, not rolled over (2027-02-30 would be 2 March), and so are years
    // outside 2000-2100 (DESIGN.md §4b).
    for (const startTime of ['2027-02-30T10:00:00Z', '2027-02-29T10:00:00+05:30', '0000-01-01T10:00:00Z']) {
      const refused = await book(mentee, { mentorId: mentor.id, startTime });
      expectRefusal(refused, 400);
      expect(refused.json<ErrorEnvelope>().errors, startTime).toContainEqual({
        message: bookingMessages.startTimeFormat,
        field: 'startTime',
      });
    }
  });
});

describe('the hold limits (DESIGN.md §4b)', () => {
  it('lets a mentee hold one unpaid session with a mentor and three in all; a fourth, or a second with the same mentor, is a 409', async () => {
    const mentors = await Promise.all([newMentor(), newMentor(), newMentor(), newMentor()]);
    const mentee = await newUser();
    await booked(mentee, mentors[0]!, at(1, 10));
    expectRefusal(
      await book(mentee, { mentorId: mentors[0]!.id, startTime: at(1, 12).toISOString() }),
      409,
      limitMessages.holdWithMentor,
    );
    await booked(mentee, mentors[1]!, at(1, 13));
    await booked(mentee, mentors[2]!, at(1, 14));
    expectRefusal(
      await book(mentee, { mentorId: mentors[3]!.id, startTime: at(1, 15).toISOString() }),
      409,
      limitMessages.holdsAtOnce,
    );
    // Once the holds lapse they hold nothing: the mentor's hours are free for someone else.
    nowMs += 16 * MINUTE_MS;
    await booked(await newUser(), mentors[0]!, at(1, 10));
  });

  it('makes a mentee whose holds lapsed unpaid three times in a day wait until the oldest is a day old (429, Retry-After)', async () => {
    const mentors = await Promise.all([newMentor(), newMentor(), newMentor(), newMentor()]);
    const mentee = await newUser();
    const startedMs = nowMs;
    // Signed in afresh at each step: an access token lives 15 minutes of the moved clock.
    const now = () => signedIn({ ...mentee, role: 'user' });
    for (const [index, mentor] of mentors.slice(0, 3).entries()) {
      await booked(await now(), mentor, at(2, 10 + index));
      nowMs += 16 * MINUTE_MS;
    }
    const refused = await book(await now(), { mentorId: mentors[3]!.id, startTime: at(2, 14).toISOString() });
    // The first hold lapsed 15 minutes after it was made; the mentee may hold again a day after that.
    const firstLapsed = startedMs + 15 * MINUTE_MS;
    const waitSeconds = (firstLapsed + DAY_MS - nowMs) / 1000;
    expectRefusal(refused, 429, limitMessages.lapsedHolds(waitSeconds));
    expect(refused.json().message).toMatch(/again in about 24 hours\.$/);
    expect(Number(refused.headers['retry-after'])).toBe(waitSeconds);
    nowMs = firstLapsed + DAY_MS;
    await booked(await now(), mentors[3]!, at(2, 14));
  });

  it(`limits booking requests to ${BOOKING_REQUESTS_MAX} per user in ${BOOKING_REQUESTS_WINDOW_MINUTES} minutes, whoever else shares the address`, async () => {
    const mentor = await newMentor();
    const [flooder, neighbour] = await newUsers(2);
    // Requests the service refuses count too (a Saturday is no slot): the limit is on asking, not on holding.
    for (let request = 0; request < BOOKING_REQUESTS_MAX; request += 1)
      expect(
        (await book(flooder!, { mentorId: mentor.id, startTime: at(5, 10).toISOString() })).statusCode,
      ).toBe(400);
    const flooded = await book(flooder!, { mentorId: mentor.id, startTime: at(3, 10).toISOString() });
    expectRefusal(flooded, 429, limitMessages.bookingRequests(Number(flooded.headers['retry-after'])));
    // The wait is the window's rest, in words: at most the whole 10 minutes.
    expect(flooded.json().message).toMatch(/You can make the next in (10|[1-9]) minutes?\.$/);
    await booked(neighbour!, mentor, at(3, 10));
  });
});

describe('reading bookings', () => {
  it('shows a booking to its two people and is 404 to anyone else', async () => {
    const mentor = await newMentor();
    const mentee = await newUser();
    const stranger = await newUser();
    const booking = await booked(mentee, mentor, at(2, 10));
    for (const who of [mentee, mentor]) {
      const response = await get(who, `/api/bookings/detail/${booking.id}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(bookingResponseSchema.parse(response.json()).booking).toEqual(booking);
    }
    expectRefusal(await get(stranger, `/api/bookings/detail/${booking.id}`), 404, bookingMessages.notFound);
    expectRefusal(await get(mentee, `/api/bookings/detail/${randomUUID()}`), 404, bookingMessages.notFound);
    expectRefusal(await get(mentee, '/api/bookings/detail/not-an-id'), 400);
    expectRefusal(await get(undefined, `/api/bookings/detail/${booking.id}`), 401);
  });

  it('gives a confirmed booking’s calendar event, the confirmation mail’s, to its two people only; 404 to anyone else or before it is confirmed', async () => {
    const mentor = await newMentor();
    const mentee = await newUser();
    const stranger = await newUser();
    const booking = await booked(mentee, mentor, at(2, 11));
    const calendar = `/api/bookings/${booking.id}/calendar.ics`;
    // Held, not yet paid: there is no session to put in a calendar.
    expectRefusal(await get(mentee, calendar), 404, bookingMessages.notFound);
    await t.app.services.unitOfWork((uow) =>
      confirmBooking(within(t.app.services, uow), { bookingId: booking.id }),
    );

    const [mentorRow] = await t.app.db.select().from(users).where(eq(users.id, mentor.id));
    const [menteeRow] = await t.app.db.select().from(users).where(eq(users.id, mentee.id));
    for (const [who, row] of [
      [mentee, menteeRow!],
      [mentor, mentorRow!],
    ] as const) {
      const response = await get(who, calendar);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="session.ics"');
      expect(response.body.startsWith('BEGIN:VCALENDAR')).toBe(true);
      const ics = response.body.replace(/\r\n[ \t]/g, '');
      expect(ics).toContain(`UID:booking-${booking.id}@skillroute`);
      expect(ics).toContain('METHOD:REQUEST');
      expect(ics).toContain(`DTSTART:${booking.startTime.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
      // Each person's event names just themselves, as their mail's does.
      expect(ics).toContain(`mailto:${row.email}`);
      expect(ics).not.toContain(`mailto:${(row === menteeRow ? mentorRow : menteeRow)!.email}`);
    }
    expectRefusal(await get(stranger, calendar), 404, bookingMessages.notFound);
    expectRefusal(
      await get(mentee, `/api/bookings/${randomUUID()}/calendar.ics`),
      404,
      bookingMessages.notFound,
    );
    expectRefusal(await get(mentee, '/api/bookings/not-an-id/calendar.ics'), 400);
    expectRefusal(await get(undefined, calendar), 401);
  });

  it('lists future bookings by start time, then past ones newest first, filtered by status; as mentor only or in both roles; only one’s own', async () => {
    const mentor = await newMentor();
    const otherMentor = await newMentor();
    const [menteeA, menteeB] = [await newUser(), await newUser()];
    // Past sessions, written straight (the api books only the future).
    const insertPast = async (menteeId: string, daysAgo: number, status: 'completed' | 'expired') => {
      const [row] = await t.app.db
        .insert(bookings)
        .values({
          mentorId: mentor.id,
          menteeId,
          startTime: at(-daysAgo, 10),
          endTime: at(-daysAgo, 11),
          status,
          amount: PRICE_PAISE,
          holdExpiresAt: at(-daysAgo - 1, 10),
        })
        .returning();
      return row!.id;
    };
    const pastOld = await insertPast(menteeA.id, 14, 'completed');
    const pastRecent = await insertPast(menteeB.id, 7, 'expired');
    const later = await booked(menteeA, mentor, at(3, 10));
    const sooner = await booked(menteeB, mentor, at(1, 10));
    // The mentor books another mentor: theirs as mentee.
    const asMentee = await booked(mentor, otherMentor, at(2, 10));

    const asMentor = await get(mentor, `/api/bookings/${mentor.id}`);
    expect(asMentor.statusCode, asMentor.body).toBe(200);
    expect(bookingListResponseSchema.parse(asMentor.json()).bookings.map((b) => b.id)).toEqual([
      sooner.id,
      later.id,
      pastRecent,
      pastOld,
    ]);

    const all = await get(mentor, `/api/bookings/profile/${mentor.id}`);
    expect(all.statusCode, all.body).toBe(200);
    expect(bookingListResponseSchema.parse(all.json()).bookings.map((b) => b.id)).toEqual([
      sooner.id,
      asMentee.id,
      later.id,
      pastRecent,
      pastOld,
    ]);

    const held = await get(mentor, `/api/bookings/profile/${mentor.id}?status=pending_payment`);
    expect(held.json<{ bookings: Booking[] }>().bookings.map((b) => b.id)).toEqual([
      sooner.id,
      asMentee.id,
      later.id,
    ]);
    const completed = await get(mentor, `/api/bookings/${mentor.id}?status=completed`);
    expect(completed.json<{ bookings: Booking[] }>().bookings.map((b) => b.id)).toEqual([pastOld]);
    expectRefusal(await get(mentor, `/api/bookings/${mentor.id}?status=lost`), 400);
    const unfiltered = await get(mentor, `/api/bookings/${mentor.id}?status=`);
    expect(unfiltered.json<{ bookings: Booking[] }>().bookings).toHaveLength(4);

    const mine = await get(menteeA, `/api/bookings/profile/${menteeA.id}`);
    expect(mine.json<{ bookings: Booking[] }>().bookings.map((b) => b.id)).toEqual([later.id, pastOld]);

    expectRefusal(await get(menteeA, `/api/bookings/${mentor.id}`), 403, bookingMessages.notYourBookings);
    expectRefusal(
      await get(menteeA, `/api/bookings/profile/${mentor.id}`),
      403,
      bookingMessages.notYourBookings,
    );
    expectRefusal(await get(undefined, `/api/bookings/profile/${mentor.id}`), 401);
  });
});

describe('confirmation and completion', () => {
  it('confirms a held booking, drops its expiry, queues its completion at the end, and completes it after the end', async () => {
    const mentor = await newMentor();
    const mentee = await newUser();
    const booking = await booked(mentee, mentor, at(1, 12));
    const confirmed = await t.app.services.unitOfWork((uow) =>
      confirmBooking(within(t.app.services, uow), { bookingId: booking.id }),
    );
    expect(confirmed?.status).toBe('confirmed');
    expect(
      await t.app.services.unitOfWork((uow) =>
        confirmBooking(within(t.app.services, uow), { bookingId: booking.id }),
      ),
    ).toBeUndefined();

    const jobs = await t.app.db.execute<{ name: string; state: string; start_after: Date }>(
      sql`select name, state, start_after from pgboss.job where singleton_key = ${booking.id} and name like 'bookings.%' order by name`,
    );
    expect(jobs.rows.map((row) => [row.name, row.state])).toEqual([['bookings.complete', 'created']]);
    expect(new Date(jobs.rows[0]!.start_after).toISOString()).toBe(booking.endTime);

    // A confirmed booking keeps its time even after the hold would have lapsed.
    nowMs += HOUR_MS;
    expect(await slotStarts(mentor.id, at(1, 0), at(2, 0))).not.toContain(booking.startTime);

    // Before the end the completion leaves it; after the end it completes, and the mentor held one more session.
    await completeBooking(t.app.services, { bookingId: booking.id });
    expect((await t.app.db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]?.status).toBe(
      'confirmed',
    );
    nowMs = at(1, 13).getTime();
    await completeBooking(t.app.services, { bookingId: booking.id });
    expect((await t.app.db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]?.status).toBe(
      'completed',
    );
    const [profile] = await t.app.db
      .select({ sessionsHeld: mentorProfiles.sessionsHeld })
      .from(mentorProfiles)
      .where(eq(mentorProfiles.userId, mentor.id));
    expect(profile?.sessionsHeld).toBe(1);
    // Twice is once.
    await completeBooking(t.app.services, { bookingId: booking.id });
    expect(
      (
        await t.app.db
          .select({ sessionsHeld: mentorProfiles.sessionsHeld })
          .from(mentorProfiles)
          .where(eq(mentorProfiles.userId, mentor.id))
      )[0]?.sessionsHeld,
    ).toBe(1);
  });
});

describe('the mentor listing', () => {
  it("gives a card's next free slot past the mentor's held time", async () => {
    const mentor = await newMentor();
    const mentee = await newUser();
    const listed = async () => {
      const response = await get(undefined, '/api/mentor/all?limit=50');
      const cards = response.json<{ mentors: { id: string; nextFreeSlot: { startTime: string } | null }[] }>()
        .mentors;
      return cards.find((card) => card.id === mentor.id)?.nextFreeSlot?.startTime;
    };
    expect(await listed()).toBe(at(0, 10).toISOString());
    await booked(mentee, mentor, at(0, 10));
    // The listing cache forgets its pages when it hears the booking's notification, a moment after the commit.
    const until = Date.now() + 3000;
    while ((await listed()) !== at(0, 11).toISOString() && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await listed()).toBe(at(0, 11).toISOString());
  });
});
