import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAuditListResponseSchema } from '@skillroute/shared/admin-audit';
import {
  adminBookingsResponseSchema,
  adminConsoleMessages,
  adminRefundResponseSchema,
  adminUserDetailsResponseSchema,
  adminUserResponseSchema,
  adminUsersResponseSchema,
} from '@skillroute/shared/admin-console';
import { accountBlockedMessage } from '@skillroute/shared/auth-constants';
import { meetMessages } from '@skillroute/shared/meet';
import { adminCookieFor } from '../../../test/assessments';
import { createUser } from '../../../test/accounts';
import { DAY_MS, HOUR_MS, MINUTE_MS, weekAhead } from '../../../test/bookings';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { insertBooking, join, meetUrl, next } from '../../../test/meet';
import { createMentor, createStack } from '../../../test/mentors';
import {
  closeAllSockets,
  connectedSocket,
  createSignedInUser,
  disconnectionOf,
  listen,
  signIn,
  TEST_PASSWORD,
} from '../../../test/sockets';
import { adminAudit, bookings, notifications, roadmaps, sessions, users } from '../../db/schema';
import { BLOCKED_CANCEL_REASON } from './service';

let t: TestApp;
let baseUrl: string;
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await listen(t.app);
  adminCookie = await adminCookieFor(t);
});
afterAll(() => t.close());
afterEach(() => closeAllSockets());
beforeEach(async () => {
  await t.app.db.delete(adminAudit);
});

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, cookie: string | undefined, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: cookie === undefined ? {} : { cookie },
    ...(payload === undefined ? {} : { payload }),
  });
const admin = (method: Method, url: string, payload?: object) => call(method, url, adminCookie, payload);
const auditEntries = () =>
  t.app.db.select().from(adminAudit).orderBy(asc(adminAudit.createdAt), asc(adminAudit.id));

/** A confirmed booking as a sandbox payment leaves it, starting `startsInMs` from now. */
async function paidBooking(
  people: { mentorId: string; menteeId: string },
  startsInMs: number,
  status: 'confirmed' | 'completed' = 'confirmed',
) {
  const row = await insertBooking(t.app.db, people, startsInMs, status);
  await t.app.db
    .update(bookings)
    .set({ provider: 'sandbox', providerPaymentId: `sbx_${randomUUID()}` })
    .where(eq(bookings.id, row.id));
  return row;
}

const bookingRow = async (id: string) =>
  (await t.app.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const noticesOf = (userId: string) =>
  t.app.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('who may call the admin console', () => {
  const someId = randomUUID();
  const routes: Array<[Method, string, object?]> = [
    ['GET', '/api/admin/dashboard'],
    ['GET', '/api/admin/users'],
    ['GET', `/api/admin/users/${someId}`],
    ['PATCH', `/api/admin/users/${someId}`, { blocked: true }],
    ['GET', '/api/admin/bookings'],
    ['POST', `/api/admin/bookings/${someId}/refund`, { reason: 'Session never happened' }],
    ['POST', `/api/admin/bookings/${someId}/refund/retry`],
    ['GET', '/api/admin/audit'],
  ];

  it("refuses every route without cookies, with a user's cookies, and with a user's token in the admin cookie", async () => {
    const user = await createSignedInUser(t, 'curious-user@example.org');
    for (const [method, url, payload] of routes) {
      for (const cookie of [undefined, user.cookie, `adminAccessToken=${user.cookies.accessToken}`]) {
        const response = await call(method, url, cookie, payload);
        expect(response.statusCode, `${method} ${url} with ${cookie ?? 'no cookie'}`).toBe(401);
        expect(response.json()).toMatchObject({
          message: expect.any(String),
          errors: [{ message: expect.any(String) }],
        });
      }
    }
    expect(await auditEntries()).toEqual([]);
  });

  it('answers bad input with a 400 in the envelope, naming the field, and writes nothing', async () => {
    const bad: Array<[Method, string, object | undefined, string]> = [
      ['GET', '/api/admin/users?page=0', undefined, adminConsoleMessages.pageRange],
      ['GET', '/api/admin/users?limit=500', undefined, adminConsoleMessages.limitRange],
      ['GET', '/api/admin/users?role=admin', undefined, adminConsoleMessages.roleUnknown],
      ['GET', '/api/admin/users?blocked=yes', undefined, adminConsoleMessages.blockedFilter],
      ['GET', `/api/admin/users?search=${'x'.repeat(101)}`, undefined, adminConsoleMessages.searchTooLong],
      ['GET', '/api/admin/users/not-a-uuid', undefined, 'Not a valid id'],
      ['PATCH', `/api/admin/users/${someId}`, { blocked: 'yes' }, adminConsoleMessages.blockedRequired],
      ['PATCH', `/api/admin/users/${someId}`, {}, adminConsoleMessages.blockedRequired],
      ['GET', '/api/admin/bookings?status=paid', undefined, adminConsoleMessages.statusUnknown],
      ['GET', '/api/admin/bookings?page=abc', undefined, adminConsoleMessages.pageRange],
      ['POST', `/api/admin/bookings/${someId}/refund`, {}, adminConsoleMessages.reasonRequired],
      [
        'POST',
        `/api/admin/bookings/${someId}/refund`,
        { reason: '   ' },
        adminConsoleMessages.reasonRequired,
      ],
      ['POST', `/api/admin/bookings/${someId}/refund`, { reason: 'no' }, adminConsoleMessages.reasonTooShort],
      [
        'POST',
        `/api/admin/bookings/${someId}/refund`,
        { reason: 'x'.repeat(501) },
        adminConsoleMessages.reasonTooLong,
      ],
      ['POST', '/api/admin/bookings/nope/refund', { reason: 'A fine reason' }, 'Not a valid id'],
      ['GET', '/api/admin/audit?page=-1', undefined, 'page must be at least 1'],
    ];
    for (const [method, url, payload, message] of bad) {
      const response = await admin(method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(
        response.json<{ errors: Array<{ message: string }> }>().errors.map((error) => error.message),
      ).toContain(message);
    }
    expect(await auditEntries()).toEqual([]);
  });

  it('answers 404 for a user or a booking that does not exist', async () => {
    for (const [method, url, payload, message] of [
      ['GET', `/api/admin/users/${someId}`, undefined, adminConsoleMessages.userNotFound],
      ['PATCH', `/api/admin/users/${someId}`, { blocked: true }, adminConsoleMessages.userNotFound],
      [
        'POST',
        `/api/admin/bookings/${someId}/refund`,
        { reason: 'A fine reason' },
        adminConsoleMessages.bookingNotFound,
      ],
    ] as const) {
      const response = await admin(method, url, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message });
    }
    expect(await auditEntries()).toEqual([]);
  });
});

describe('GET /api/admin/users', () => {
  it('searches name and e-mail in any case, filters by role and block, and pages newest first', async () => {
    const base = Date.now() - 10 * DAY_MS;
    const people = [
      { name: 'Priya Sharma', email: 'priya@findme.test', role: 'mentor' as const },
      { name: 'Arjun Findme', email: 'arjun@example.org', role: 'user' as const },
      { name: 'Meera', email: 'meera@findme.test', role: 'user' as const, blockedAt: new Date() },
      { name: 'Per_cent%', email: 'odd@example.org', role: 'user' as const },
    ];
    await t.app.db
      .insert(users)
      .values(people.map((person, index) => ({ ...person, createdAt: new Date(base + index * 1000) })));

    const list = async (query: string) => {
      const response = await admin('GET', `/api/admin/users?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return adminUsersResponseSchema.parse(response.json());
    };
    const names = (answer: { users: Array<{ name: string }> }) => answer.users.map((user) => user.name);

    expect(names(await list('search=FINDME'))).toEqual(['Meera', 'Arjun Findme', 'Priya Sharma']);
    expect(names(await list('search=findme&role=mentor'))).toEqual(['Priya Sharma']);
    expect(names(await list('search=findme&blocked=true'))).toEqual(['Meera']);
    expect(names(await list('search=findme&blocked=false'))).toEqual(['Arjun Findme', 'Priya Sharma']);
    // % and _ are literal characters, not wildcards.
    expect(names(await list('search=%25'))).toEqual(['Per_cent%']);
    expect((await list('search=%25')).total).toBe(1);

    const first = await list('search=findme&limit=2&page=1');
    const second = await list('search=findme&limit=2&page=2');
    expect(first.total).toBe(3);
    expect(names(first)).toEqual(['Meera', 'Arjun Findme']);
    expect(names(second)).toEqual(['Priya Sharma']);
    expect(second.users[0]).toEqual({
      id: expect.any(String),
      name: 'Priya Sharma',
      email: 'priya@findme.test',
      role: 'mentor',
      blocked: false,
      createdAt: new Date(base).toISOString(),
    });
    expect((await list('search=findme&page=9')).users).toEqual([]);
  });
});

describe('GET /api/admin/users/:id', () => {
  it('shows the user with their roadmaps, bookings in either role and tests, and never the password hash', async () => {
    const person = await createUser(t.app.db, {
      email: 'details@example.org',
      name: 'Details',
      password: TEST_PASSWORD,
    });
    const other = await createUser(t.app.db, { email: 'details-peer@example.org', name: 'Peer' });
    await t.app.db.insert(roadmaps).values({
      authorId: person.id,
      title: 'Go basics',
      description: 'Goroutines and friends.',
      status: 'published',
      isActive: true,
    });
    const asMentee = await insertBooking(t.app.db, { mentorId: other.id, menteeId: person.id }, 5 * DAY_MS);
    const asMentor = await insertBooking(
      t.app.db,
      { mentorId: person.id, menteeId: other.id },
      -5 * DAY_MS,
      'completed',
    );

    const response = await admin('GET', `/api/admin/users/${person.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain('passwordHash');
    const details = adminUserDetailsResponseSchema.parse(response.json());
    expect(details.user).toMatchObject({
      id: person.id,
      name: 'Details',
      email: 'details@example.org',
      role: 'user',
      blocked: false,
      blockedAt: null,
      verified: true,
    });
    expect(details.roadmaps).toEqual([
      {
        id: expect.any(String),
        title: 'Go basics',
        status: 'published',
        isActive: true,
        createdAt: expect.any(String),
      },
    ]);
    expect(details.bookings.map((booking) => booking.id)).toEqual([asMentee.id, asMentor.id]);
    expect(details.tests).toEqual([]);
  });
});

describe('PATCH /api/admin/users/:id (block and unblock)', () => {
  it('ends the live session and socket, refuses sign-in, hides and unbooks the mentor, refunds upcoming sessions, and tells both people', async () => {
    const stackId = await createStack(t.app.db, 'Blockology');
    const mentorId = await createMentor(t.app.db, {
      name: 'Blocked Mentor',
      email: 'to-block@example.org',
      password: TEST_PASSWORD,
      skills: [stackId],
    });
    const mentee = await createSignedInUser(t, 'mentee-of-blocked@example.org');
    const listing = async () =>
      (await call('GET', '/api/mentor/blockology', mentee.cookie))
        .json<{ mentors: Array<{ id: string }> }>()
        .mentors.map((mentor) => mentor.id);
    expect(await listing()).toEqual([mentorId]);

    const mentor = await signIn(t.app, 'to-block@example.org');
    const socket = await connectedSocket(baseUrl, mentor.cookie);
    const dropped = disconnectionOf(socket, 15_000);
    const upcoming = await paidBooking({ mentorId, menteeId: mentee.id }, 3 * DAY_MS);
    const soon = await paidBooking({ mentorId, menteeId: mentee.id }, 5 * HOUR_MS);
    const past = await paidBooking({ mentorId, menteeId: mentee.id }, -3 * DAY_MS, 'completed');

    const response = await admin('PATCH', `/api/admin/users/${mentorId}`, { blocked: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(adminUserResponseSchema.parse(response.json()).user).toMatchObject({
      id: mentorId,
      blocked: true,
      role: 'mentor',
    });

    // The socket is dropped by the server, and the session no longer opens any door.
    expect(await dropped).toBe('io server disconnect');
    expect((await call('GET', '/api/user/notifications', mentor.cookie)).statusCode).toBe(401);
    const live = await t.app.db.select().from(sessions).where(eq(sessions.userId, mentorId));
    expect(live.every((session) => session.revokedAt !== null)).toBe(true);

    // Sign-in is refused with a clear message.
    const signInAgain = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'to-block@example.org', password: TEST_PASSWORD },
      remoteAddress: '10.77.0.1',
    });
    expect(signInAgain.statusCode).toBe(403);
    expect(signInAgain.json()).toMatchObject({ message: accountBlockedMessage });

    // Gone from the listing at once, and cannot be booked.
    expect(await listing()).toEqual([]);
    const { at } = weekAhead();
    const book = await call('POST', '/api/bookings', mentee.cookie, {
      mentorId,
      startTime: at(0, 4, 30).toISOString(),
    });
    expect(book.statusCode).toBe(404);

    // Upcoming sessions cancelled with a full refund (settled by the sandbox), the past one left alone.
    for (const id of [upcoming.id, soon.id]) {
      expect(await bookingRow(id)).toMatchObject({
        status: 'cancelled',
        cancelledBy: null,
        cancelReason: BLOCKED_CANCEL_REASON,
        refundAmount: 150_000,
        refundReason: 'user_blocked',
        refundStatus: 'succeeded',
      });
    }
    expect(await bookingRow(past.id)).toMatchObject({ status: 'completed', refundAmount: null });
    for (const userId of [mentorId, mentee.id]) {
      const cancelled = (await noticesOf(userId)).filter((notice) => notice.type === 'booking_cancelled');
      expect(cancelled).toHaveLength(2);
      expect(cancelled[0]?.message).toContain('Skillroute cancelled your session');
    }

    const [entry, ...rest] = await auditEntries();
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      action: 'user.block',
      targetType: 'user',
      targetId: mentorId,
      adminEmail: 'root@skillroute.dev',
    });
    expect((entry?.details as { cancelledBookings: string[] }).cancelledBookings.sort()).toEqual(
      [upcoming.id, soon.id].sort(),
    );

    // Blocking again changes nothing and records nothing.
    expect((await admin('PATCH', `/api/admin/users/${mentorId}`, { blocked: true })).statusCode).toBe(200);
    expect(await auditEntries()).toHaveLength(1);

    // Unblocking lets them sign in again and puts them back in the listing.
    const unblocked = await admin('PATCH', `/api/admin/users/${mentorId}`, { blocked: false });
    expect(adminUserResponseSchema.parse(unblocked.json()).user.blocked).toBe(false);
    expect((await signIn(t.app, 'to-block@example.org')).id).toBe(mentorId);
    expect(await listing()).toEqual([mentorId]);
    expect((await auditEntries()).map((row) => row.action)).toEqual(['user.block', 'user.unblock']);
  });

  it('blocking a mentee cancels their upcoming sessions and refunds them in full, too', async () => {
    const mentorId = await createMentor(t.app.db, { email: 'kept-mentor@example.org' });
    const mentee = await createUser(t.app.db, { email: 'blocked-mentee@example.org' });
    // Less than 2 hours before the start: a mentee cancelling would get nothing; a block returns all.
    const close = await paidBooking({ mentorId, menteeId: mentee.id }, HOUR_MS);
    expect((await admin('PATCH', `/api/admin/users/${mentee.id}`, { blocked: true })).statusCode).toBe(200);
    expect(await bookingRow(close.id)).toMatchObject({
      status: 'cancelled',
      refundAmount: 150_000,
      refundReason: 'user_blocked',
    });
    expect((await noticesOf(mentorId)).map((notice) => notice.type)).toContain('booking_cancelled');
  });

  it('closes the meeting room of a session about to start when one of its two is blocked: the other hears why', async () => {
    const mentorId = await createMentor(t.app.db, { email: 'blocked-in-call-mentor@example.org' });
    const mentee = await createSignedInUser(t, 'left-in-call-mentee@example.org');
    const soon = await paidBooking({ mentorId, menteeId: mentee.id }, 5 * MINUTE_MS);
    const menteeSocket = await connectedSocket(meetUrl(baseUrl), mentee.cookie);
    expect(await join(menteeSocket, soon.roomId)).toMatchObject({ ok: true });
    const heard = next<{ message: string }>(menteeSocket, 'room-closed');
    expect((await admin('PATCH', `/api/admin/users/${mentorId}`, { blocked: true })).statusCode).toBe(200);
    expect(await heard).toEqual({ message: meetMessages.cancelled });
    expect(await join(menteeSocket, soon.roomId)).toEqual({ ok: false, message: meetMessages.cancelled });
  });
});

describe('bookings', () => {
  it('lists every booking with a status filter and pages', async () => {
    const mentorId = await createMentor(t.app.db, { email: 'list-mentor@example.org' });
    const mentee = await createUser(t.app.db, { email: 'list-mentee@example.org' });
    const completed = await insertBooking(
      t.app.db,
      { mentorId, menteeId: mentee.id },
      -2 * DAY_MS,
      'completed',
    );
    const response = await admin('GET', '/api/admin/bookings?status=completed');
    expect(response.statusCode, response.body).toBe(200);
    const answer = adminBookingsResponseSchema.parse(response.json());
    expect(answer.bookings.every((booking) => booking.status === 'completed')).toBe(true);
    expect(answer.bookings.map((booking) => booking.id)).toContain(completed.id);
    expect(answer).toMatchObject({ page: 1, limit: 20 });
    const all = adminBookingsResponseSchema.parse((await admin('GET', '/api/admin/bookings')).json());
    expect(all.total).toBeGreaterThanOrEqual(answer.total);
    expect(all.bookings.map((booking) => booking.startTime)).toEqual(
      [...all.bookings.map((booking) => booking.startTime)].sort().reverse(),
    );
  });

  it('refunds a completed booking in full through the provider, once, and tells both people', async () => {
    const mentorId = await createMentor(t.app.db, { email: 'refund-mentor@example.org' });
    const mentee = await createUser(t.app.db, { email: 'refund-mentee@example.org' });
    const held = await paidBooking({ mentorId, menteeId: mentee.id }, -2 * DAY_MS, 'completed');

    const response = await admin('POST', `/api/admin/bookings/${held.id}/refund`, {
      reason: '  The mentor never joined the call.  ',
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = adminRefundResponseSchema.parse(response.json());
    expect(answer.refund).toEqual({ amount: 150_000, currency: 'INR', status: 'succeeded' });
    expect(answer.booking).toMatchObject({
      id: held.id,
      status: 'completed',
      refund: { amount: 150_000, status: 'succeeded', reason: 'refunded_by_admin' },
    });
    expect(await bookingRow(held.id)).toMatchObject({ refundId: expect.stringMatching(/^sbx_rfnd_/) });
    for (const userId of [mentorId, mentee.id]) {
      expect(
        (await noticesOf(userId)).find((notice) => notice.type === 'payment_refunded')?.message,
      ).toContain('The reason given: "The mentor never joined the call."');
    }
    const [entry, ...rest] = await auditEntries();
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      action: 'booking.refund',
      targetType: 'booking',
      targetId: held.id,
      // The booking in words as it was, so the trail names it without the row.
      details: {
        amount: 150_000,
        reason: 'The mentor never joined the call.',
        mentee: mentee.name,
        mentor: expect.any(String),
        startTime: held.startTime.toISOString(),
      },
    });

    const again = await admin('POST', `/api/admin/bookings/${held.id}/refund`, {
      reason: 'Second time lucky',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: adminConsoleMessages.alreadyRefunded });
    expect(await auditEntries()).toHaveLength(1);
  });

  it('cancels a confirmed session yet to come with its refund, and refuses bookings that are not confirmed or completed, or never paid', async () => {
    const mentorId = await createMentor(t.app.db, { email: 'refund-mentor-2@example.org' });
    const mentee = await createUser(t.app.db, { email: 'refund-mentee-2@example.org' });
    const upcoming = await paidBooking({ mentorId, menteeId: mentee.id }, 4 * DAY_MS);
    const response = await admin('POST', `/api/admin/bookings/${upcoming.id}/refund`, {
      reason: 'Mentor asked us to.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(adminRefundResponseSchema.parse(response.json()).booking).toMatchObject({
      status: 'cancelled',
      cancellation: { cancelledBy: 'staff', reason: 'Mentor asked us to.' },
    });
    expect((await noticesOf(mentee.id)).map((notice) => notice.type)).toContain('booking_cancelled');

    const pending = await insertBooking(
      t.app.db,
      { mentorId, menteeId: mentee.id },
      8 * DAY_MS,
      'pending_payment',
    );
    const unpaid = await insertBooking(t.app.db, { mentorId, menteeId: mentee.id }, -8 * DAY_MS, 'completed');
    await t.app.db.delete(adminAudit);
    for (const [id, message] of [
      [pending.id, adminConsoleMessages.notRefundable],
      [upcoming.id, adminConsoleMessages.notRefundable],
      [unpaid.id, adminConsoleMessages.notPaid],
    ] as const) {
      const refused = await admin('POST', `/api/admin/bookings/${id}/refund`, { reason: 'Trying anyway' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message });
    }
    expect(await auditEntries()).toEqual([]);
  });
});

describe('GET /api/admin/audit', () => {
  it('lists the actions newest first, with who, what, which record and when', async () => {
    const first = await createUser(t.app.db, { email: 'audit-1@example.org' });
    const second = await createUser(t.app.db, { email: 'audit-2@example.org' });
    await admin('PATCH', `/api/admin/users/${first.id}`, { blocked: true });
    await admin('PATCH', `/api/admin/users/${second.id}`, { blocked: true });
    await admin('PATCH', `/api/admin/users/${first.id}`, { blocked: false });
    const response = await admin('GET', '/api/admin/audit');
    expect(response.statusCode, response.body).toBe(200);
    const { entries, total } = adminAuditListResponseSchema.parse(response.json());
    expect(total).toBe(3);
    expect(entries.map((entry) => [entry.action, entry.targetId])).toEqual([
      ['user.unblock', first.id],
      ['user.block', second.id],
      ['user.block', first.id],
    ]);
    expect(entries[0]).toMatchObject({
      admin: { name: 'Root', email: 'root@skillroute.dev' },
      targetType: 'user',
      details: { email: 'audit-1@example.org' },
    });
  });
});
