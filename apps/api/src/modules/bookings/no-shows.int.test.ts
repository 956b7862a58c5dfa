import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditListResponseSchema } from '@skillroute/shared/admin-audit';
import { adminUserDetailsResponseSchema } from '@skillroute/shared/admin-console';
import { bookingListResponseSchema, bookingResponseSchema, type Booking } from '@skillroute/shared/bookings';
import { earningsResponseSchema } from '@skillroute/shared/earnings';
import { mentorListResponseSchema } from '@skillroute/shared/mentors';
import { meetMessages } from '@skillroute/shared/meet';
import { noShowAdminMessages, restoreListingResponseSchema } from '@skillroute/shared/no-shows';
import type { ErrorEnvelope } from '@skillroute/shared/errors';
import { createUser, signedInAs } from '../../../test/accounts';
import { adminCookieFor } from '../../../test/assessments';
import { HOUR_MS, MINUTE_MS, WEEKDAYS_10_TO_17, weekAhead } from '../../../test/bookings';
import { buildTestApp, testConfig, type TestApp } from '../../../test/helpers';
import { createRecordingMailer, type RecordingMailer } from '../../../test/mail';
import { join, meetUrl } from '../../../test/meet';
import { createMentor } from '../../../test/mentors';
import { bookAndPay } from '../../../test/payments';
import { closeAllSockets, connectedSocket, listen } from '../../../test/sockets';
import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import { createSandboxPaymentProvider, deriveSandboxWebhookSecret } from '../../adapters/payments/sandbox';
import { bookings, ledgerTransactions, mentorProfiles, notifications, type UserRow } from '../../db/schema';
import { completeBooking } from './jobs';
import { completeBookingJob, sweepLapsedHoldsJob, sweepNoShowsJob } from './job-types';
import { EVERY_MINUTE } from '../../jobs/queue';
import { sweepNoShows } from './no-shows';
import { refundKeyOf } from './refunds';

/**
 * The no-show sweeper (DESIGN.md §4b "Session lifecycle", decision 062) on a real app and database, with the
 * services' clock pinned and moved by each test. The test app does not schedule the sweeper (test/helpers.ts):
 * every run here is one the test made, so what each settled is known. The sandbox provider stands in for the
 * payment provider, and counts the refunds asked of it.
 */
const { at } = weekAhead();
let nowMs = at(0, 6).getTime();
const clock = { now: () => new Date(nowMs) };
const PRICE_PAISE = 150_000;

const sandbox = createSandboxPaymentProvider({
  webhookSecret: deriveSandboxWebhookSecret(testConfig().jwtSecret),
});
/** The idempotency key of every refund asked of the provider, in order. */
const refundAsks: string[] = [];
const provider: PaymentProvider = {
  ...sandbox,
  async refund(input) {
    refundAsks.push(input.idempotencyKey);
    return sandbox.refund(input);
  },
};

let t: TestApp;
let mailer: RecordingMailer;
beforeAll(async () => {
  mailer = createRecordingMailer();
  t = await buildTestApp({
    clock,
    mailer,
    paymentProvider: provider,
    env: { RATE_LIMIT_MAX: '1000000', PUBLIC_URL: 'https://skillroute.example' },
  });
});
afterAll(() => t?.close());
afterEach(async () => {
  closeAllSockets();
  // Each test counts what one sweep settles: what an earlier test left due is settled here, far ahead.
  nowMs = at(30, 0).getTime();
  await sweepNoShows(t.app.services);
});

/** An admin signed in at the clock's now. */
const adminCookie = () => adminCookieFor(t);

/** A cookie signed in at the clock's now (an access token lasts minutes, and the tests move the clock). */
const cookieOf = async (user: Pick<UserRow, 'id' | 'email' | 'role'>) =>
  (await signedInAs(t.app.db, t.config.jwtSecret, user, clock.now())).cookie;

const send = async (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

interface Pair {
  mentor: Pick<UserRow, 'id' | 'email' | 'role' | 'name'>;
  mentee: Pick<UserRow, 'id' | 'email' | 'role' | 'name'>;
}

async function pair(): Promise<Pair> {
  const tag = randomUUID().slice(0, 8);
  const email = `mentor-${tag}@example.org`;
  const name = `Asha ${tag}`;
  const mentorId = await createMentor(t.app.db, {
    name,
    email,
    availability: { timezone: 'UTC', weeklyHours: WEEKDAYS_10_TO_17, pricePaise: PRICE_PAISE },
  });
  const mentee = await createUser(t.app.db, { email: `ravi-${tag}@example.org`, name: `Ravi ${tag}` });
  return { mentor: { id: mentorId, email, role: 'mentor', name }, mentee };
}

/** A session of the pair on day `day` at `hour` (UTC), held and paid with the clock on Monday 06:00. */
async function paidSession(people: Pair, day = 1, hour = 10): Promise<Booking> {
  nowMs = at(0, 6).getTime();
  return bookAndPay(t, {
    menteeCookie: await cookieOf(people.mentee),
    mentorId: people.mentor.id,
    start: at(day, hour),
    amount: PRICE_PAISE,
  });
}

/** Each person's first join, as the room records it (meet/repository.ts), at these instants. */
async function joined(bookingId: string, presence: { mentor?: Date; mentee?: Date }) {
  await t.app.db
    .update(bookings)
    .set({ mentorJoinedAt: presence.mentor ?? null, menteeJoinedAt: presence.mentee ?? null })
    .where(eq(bookings.id, bookingId));
}

const detail = async (user: Pick<UserRow, 'id' | 'email' | 'role'>, id: string): Promise<Booking> => {
  const response = await send(await cookieOf(user), 'GET', `/api/bookings/detail/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return bookingResponseSchema.parse(response.json()).booking;
};

const noShowNotices = (userId: string) =>
  t.app.db
    .select({ message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'booking_no_show')));

const ledgerOf = async (bookingId: string) =>
  (
    await t.app.db
      .select({ kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.bookingId, bookingId))
  ).map((row) => row.kind);

const earnings = async (mentor: Pair['mentor']) => {
  const response = await send(await cookieOf(mentor), 'GET', '/api/earnings');
  expect(response.statusCode, response.body).toBe(200);
  return earningsResponseSchema.parse(response.json());
};

const jobState = async (name: string, key: string) => {
  const result = await t.app.db.execute<{ state: string }>(
    sql`select state from pgboss.job where name = ${name} and singleton_key = ${key} order by created_on desc limit 1`,
  );
  return result.rows[0]?.state;
};

const atDecision = (booking: Booking) => {
  nowMs = Date.parse(booking.startTime) + 10 * MINUTE_MS;
};

describe('the no-show sweeper', () => {
  it('leaves a session alone until 10 minutes after its start', async () => {
    const people = await pair();
    const booking = await paidSession(people);
    nowMs = Date.parse(booking.startTime) + 10 * MINUTE_MS - 1;
    expect(await sweepNoShows(t.app.services)).toEqual({ settled: 0 });
    expect((await detail(people.mentee, booking.id)).status).toBe('confirmed');
  });

  it('refunds the mentee in full when the mentor never joined, and tells both', async () => {
    const people = await pair();
    const booking = await paidSession(people);
    const menteeJoined = new Date(Date.parse(booking.startTime) - 2 * MINUTE_MS);
    await joined(booking.id, { mentee: menteeJoined });
    atDecision(booking);
    expect(await sweepNoShows(t.app.services)).toEqual({ settled: 1 });

    const seen = await detail(people.mentee, booking.id);
    expect(seen.status).toBe('no_show');
    expect(seen.noShow).toBe('mentor');
    expect(seen.presence).toEqual({ mentorJoinedAt: null, menteeJoinedAt: menteeJoined.toISOString() });
    expect(seen.refund).toMatchObject({ amount: PRICE_PAISE, reason: 'mentor_no_show' });
    const listed = await send(
      await cookieOf(people.mentee),
      'GET',
      `/api/bookings/profile/${people.mentee.id}`,
    );
    const inList = bookingListResponseSchema
      .parse(listed.json())
      .bookings.find((row) => row.id === booking.id);
    expect(inList?.creditNoteNumber).toBeDefined();
    expect(refundAsks.filter((key) => key === refundKeyOf(booking.id))).toHaveLength(1);
    // The payment and its refund; no completion released the mentor's share, nothing is owed to them.
    expect((await ledgerOf(booking.id)).sort()).toEqual(['payment', 'refund']);
    expect(await jobState(completeBookingJob.name, booking.id)).toBe('cancelled');
    const money = await earnings(people.mentor);
    expect([money.pending, money.available]).toEqual([0, 0]);

    const [menteeNotice] = await noShowNotices(people.mentee.id);
    expect(menteeNotice?.message).toMatch(/did not join your session .* you get a full refund of ₹1,500/);
    const [mentorNotice] = await noShowNotices(people.mentor.id);
    expect(mentorNotice?.message).toMatch(/^You did not join your session .* 1 of 3 missed sessions/);
    const mail = await mailer.waitFor(people.mentee.email, /^Refunded: your session with/);
    expect(mail.text).toContain('full refund');
    await mailer.waitFor(people.mentor.email, /^Missed session with/);
  });

  it('pays the mentor as for a completed session when the mentee never joined, with no refund', async () => {
    const people = await pair();
    const booking = await paidSession(people);
    await joined(booking.id, { mentor: new Date(Date.parse(booking.startTime) - MINUTE_MS) });
    atDecision(booking);
    expect(await sweepNoShows(t.app.services)).toEqual({ settled: 1 });

    const seen = await detail(people.mentor, booking.id);
    expect(seen.status).toBe('no_show');
    expect(seen.noShow).toBe('mentee');
    expect(seen.refund).toBeUndefined();
    expect(refundAsks.filter((key) => key === refundKeyOf(booking.id))).toHaveLength(0);
    expect((await ledgerOf(booking.id)).sort()).toEqual(['completion', 'payment']);
    const money = await earnings(people.mentor);
    expect(money.pending).toBe(0);
    expect(money.available).toBeGreaterThan(0);
    expect(money.available).toBeLessThan(PRICE_PAISE);
    expect((await noShowNotices(people.mentee.id))[0]?.message).toMatch(/there is no refund/);
    expect((await noShowNotices(people.mentor.id))[0]?.message).toMatch(/paid for it as for a completed/);
    // Only a mentor's no-shows count against their listing.
    const admin = adminUserDetailsResponseSchema.parse(
      (await send(await adminCookie(), 'GET', `/api/admin/users/${people.mentor.id}`)).json(),
    );
    expect(admin.noShows?.count).toBe(0);
  });

  it('refunds in full when neither joined, and counts it against the mentor', async () => {
    const people = await pair();
    const booking = await paidSession(people);
    atDecision(booking);
    expect(await sweepNoShows(t.app.services)).toEqual({ settled: 1 });
    const seen = await detail(people.mentee, booking.id);
    expect(seen).toMatchObject({ status: 'no_show', noShow: 'both' });
    expect(seen.presence).toEqual({ mentorJoinedAt: null, menteeJoinedAt: null });
    expect(seen.refund).toMatchObject({ amount: PRICE_PAISE, reason: 'mentor_no_show' });
    const admin = adminUserDetailsResponseSchema.parse(
      (await send(await adminCookie(), 'GET', `/api/admin/users/${people.mentor.id}`)).json(),
    );
    expect(admin.noShows).toMatchObject({ count: 1, hiddenAt: null });
    // The admin reads what was decided, not when each person came.
    expect(admin.bookings.find((row) => row.id === booking.id)).toMatchObject({ noShow: 'both' });
    expect(admin.bookings.find((row) => row.id === booking.id)?.presence).toBeUndefined();
  });

  it('leaves a session both joined to the completion job', async () => {
    const people = await pair();
    const booking = await paidSession(people);
    const start = Date.parse(booking.startTime);
    await joined(booking.id, {
      mentor: new Date(start - MINUTE_MS),
      mentee: new Date(start + 3 * MINUTE_MS),
    });
    atDecision(booking);
    expect(await sweepNoShows(t.app.services)).toEqual({ settled: 0 });
    expect((await detail(people.mentee, booking.id)).status).toBe('confirmed');
    nowMs = start + HOUR_MS;
    await completeBooking(t.app.services, { bookingId: booking.id });
    const seen = await detail(people.mentee, booking.id);
    expect(seen.status).toBe('completed');
    expect(seen.noShow).toBeUndefined();
    expect(await noShowNotices(people.mentee.id)).toEqual([]);
  });

  it('settles each session once, run twice and by two processes at once, and asks for each refund once', async () => {
    const sessions = await Promise.all(
      [0, 1, 2].map(async () => {
        const people = await pair();
        return { people, booking: await paidSession(people, 2, 10) };
      }),
    );
    const other = await buildTestApp({ clock, paymentProvider: provider, databaseUrl: t.databaseUrl });
    try {
      atDecision(sessions[0]!.booking);
      const runs = await Promise.all([sweepNoShows(t.app.services), sweepNoShows(other.app.services)]);
      const again = await Promise.all([sweepNoShows(t.app.services), sweepNoShows(other.app.services)]);
      expect([...runs, ...again].reduce((sum, run) => sum + run.settled, 0)).toBe(3);
      expect(again).toEqual([{ settled: 0 }, { settled: 0 }]);
    } finally {
      await other.close();
    }
    for (const { people, booking } of sessions) {
      expect((await detail(people.mentee, booking.id)).noShow).toBe('both');
      expect(refundAsks.filter((key) => key === refundKeyOf(booking.id))).toHaveLength(1);
      expect((await ledgerOf(booking.id)).sort()).toEqual(['payment', 'refund']);
      expect(await noShowNotices(people.mentee.id)).toHaveLength(1);
      expect(await noShowNotices(people.mentor.id)).toHaveLength(1);
    }
  });

  it('decides a moved session by the joins of its new time, not of the old one', async () => {
    const people = await pair();
    const booking = await paidSession(people);
    // The room opens 10 minutes early: the mentee waits in it, then the mentor moves the session.
    nowMs = Date.parse(booking.startTime) - 5 * MINUTE_MS;
    await joined(booking.id, { mentee: clock.now() });
    const moved = await send(
      await cookieOf(people.mentor),
      'POST',
      `/api/bookings/${booking.id}/reschedule`,
      {
        startTime: at(2, 11).toISOString(),
      },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const now = bookingResponseSchema.parse(moved.json()).booking;
    expect(now.presence).toEqual({ mentorJoinedAt: null, menteeJoinedAt: null });
    atDecision(booking);
    expect(await sweepNoShows(t.app.services)).toEqual({ settled: 0 });
    atDecision(now);
    expect(await sweepNoShows(t.app.services)).toEqual({ settled: 1 });
    expect((await detail(people.mentee, booking.id)).noShow).toBe('both');
  });

  it('is a job the app schedules every minute when asked to, beside the sweep of lapsed holds', async () => {
    const scheduled = await buildTestApp({ clock, databaseUrl: t.databaseUrl, jobs: { sweeps: true } });
    try {
      const result = await t.app.db.execute<{ name: string; cron: string }>(
        sql`select name, cron from pgboss.schedule where name in (${sweepNoShowsJob.name}, ${sweepLapsedHoldsJob.name}) order by name`,
      );
      expect(result.rows).toEqual([
        { name: sweepLapsedHoldsJob.name, cron: EVERY_MINUTE },
        { name: sweepNoShowsJob.name, cron: EVERY_MINUTE },
      ]);
    } finally {
      await scheduled.close();
    }
  });
});

describe('presence', () => {
  it('is recorded by the server when a socket joins the room, the first join only', async () => {
    const people = await pair();
    const booking = await paidSession(people);
    const start = Date.parse(booking.startTime);
    const baseUrl = await listen(t.app);
    nowMs = start - 5 * MINUTE_MS;
    const menteeSocket = await connectedSocket(meetUrl(baseUrl), await cookieOf(people.mentee));
    expect(await join(menteeSocket, booking.roomId)).toMatchObject({ ok: true });
    const first = clock.now().toISOString();
    nowMs = start + 2 * MINUTE_MS;
    // A reconnect or a second join later moves nothing.
    expect(await join(menteeSocket, booking.roomId)).toMatchObject({ ok: true });
    expect((await detail(people.mentee, booking.id)).presence).toEqual({
      mentorJoinedAt: null,
      menteeJoinedAt: first,
    });

    // Decided 10 minutes in: the mentor never came; the room closes under the mentee with the reason.
    const closed = new Promise<{ message: string }>((resolve) => menteeSocket.once('room-closed', resolve));
    atDecision(booking);
    expect(await sweepNoShows(t.app.services)).toEqual({ settled: 1 });
    expect(await closed).toEqual({ message: meetMessages.noShow });
    expect((await detail(people.mentor, booking.id)).noShow).toBe('mentor');
    // A mentor who comes late finds the room closed, and their late join is not recorded.
    const mentorSocket = await connectedSocket(meetUrl(baseUrl), await cookieOf(people.mentor));
    expect(await join(mentorSocket, booking.roomId)).toEqual({ ok: false, message: meetMessages.noShow });
    expect((await detail(people.mentor, booking.id)).presence?.mentorJoinedAt).toBeNull();
  });
});

describe('a mentor who misses three sessions in 90 days', () => {
  it('is taken off the listing and cannot be booked, until an admin restores them', async () => {
    const people = await pair();
    const missed = [];
    for (const hour of [10, 12, 14]) missed.push(await paidSession(people, 3, hour));
    const listed = async () => {
      const response = await send(
        await cookieOf(people.mentee),
        'GET',
        `/api/mentor/all?search=${encodeURIComponent(people.mentor.name)}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return mentorListResponseSchema.parse(response.json()).total;
    };
    expect(await listed()).toBe(1);

    atDecision(missed[2]!);
    expect(await sweepNoShows(t.app.services)).toEqual({ settled: 3 });
    const [profile] = await t.app.db
      .select({ hidden: mentorProfiles.hiddenForNoShowsAt })
      .from(mentorProfiles)
      .where(eq(mentorProfiles.userId, people.mentor.id));
    expect(profile?.hidden).toEqual(clock.now());
    expect(await listed()).toBe(0);
    const notices = (await noShowNotices(people.mentor.id)).map((row) => row.message);
    expect(notices.filter((message) => message.includes('off the mentor listing'))).toHaveLength(1);
    const bookAgain = () =>
      cookieOf(people.mentee).then((cookie) =>
        send(cookie, 'POST', '/api/bookings', {
          mentorId: people.mentor.id,
          startTime: at(4, 12).toISOString(),
        }),
      );
    expect((await bookAgain()).statusCode).toBe(404);
    const slots = await send(
      await cookieOf(people.mentee),
      'GET',
      `/api/mentors/availability/${people.mentor.id}/slots?from=${at(4, 0).toISOString()}&to=${at(5, 0).toISOString()}`,
    );
    expect(slots.json()).toMatchObject({ slots: [] });

    const details = adminUserDetailsResponseSchema.parse(
      (await send(await adminCookie(), 'GET', `/api/admin/users/${people.mentor.id}`)).json(),
    );
    expect(details.noShows).toMatchObject({
      count: 3,
      limit: 3,
      windowDays: 90,
      hiddenAt: clock.now().toISOString(),
    });

    // Only an admin restores, only a mentor, only one who is off the listing.
    const restoreUrl = `/api/admin/mentors/${people.mentor.id}/restore-listing`;
    expect((await send(await cookieOf(people.mentor), 'POST', restoreUrl)).statusCode).toBe(401);
    const notAMentor = await send(
      await adminCookie(),
      'POST',
      `/api/admin/mentors/${people.mentee.id}/restore-listing`,
    );
    expect(notAMentor.statusCode).toBe(404);
    expect(notAMentor.json<ErrorEnvelope>().message).toBe(noShowAdminMessages.notAMentor);
    expect(
      (await send(await adminCookie(), 'POST', '/api/admin/mentors/not-an-id/restore-listing')).statusCode,
    ).toBe(400);

    const restored = await send(await adminCookie(), 'POST', restoreUrl);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restoreListingResponseSchema.parse(restored.json()).noShows).toMatchObject({
      count: 0,
      hiddenAt: null,
      clearedAt: clock.now().toISOString(),
    });
    const again = await send(await adminCookie(), 'POST', restoreUrl);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorEnvelope>().message).toBe(noShowAdminMessages.notHidden);
    const audit = adminAuditListResponseSchema.parse(
      (await send(await adminCookie(), 'GET', '/api/admin/audit')).json(),
    );
    expect(audit.entries.filter((entry) => entry.targetId === people.mentor.id)).toMatchObject([
      { action: 'user.restore_listing', targetType: 'user', details: { email: people.mentor.email } },
    ]);
    expect(await listed()).toBe(1);
    expect((await bookAgain()).statusCode).toBe(201);
  });
});
