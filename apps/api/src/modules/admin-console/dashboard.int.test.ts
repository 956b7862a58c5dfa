import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DASHBOARD_DAYS,
  dashboardResponseSchema,
  type DashboardResponse,
} from '@skillroute/shared/admin-console';
import { adminCookieFor, stackWithQuestions } from '../../../test/assessments';
import { createUser } from '../../../test/accounts';
import { DAY_MS, HOUR_MS } from '../../../test/bookings';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { assessmentTests, bookings, roadmaps, users, type BookingRow } from '../../db/schema';

/**
 * The dashboard's figures against rows this file made on a database of its own, so every total is known. The
 * rows are placed on days relative to the real now; the expected days are worked out from the same instants,
 * so the test holds at any hour (a run across midnight UTC aside).
 */

let t: TestApp;
let adminCookie: string;
const utcDate = (instant: Date) => instant.toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  adminCookie = await adminCookieFor(t);
});
afterAll(() => t.close());

async function getDashboard(): Promise<DashboardResponse> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/admin/dashboard',
    headers: { cookie: adminCookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return dashboardResponseSchema.parse(response.json());
}

const ago = (days: number) => new Date(Date.now() - days * DAY_MS);

describe('GET /api/admin/dashboard', () => {
  it('answers zeros and all 30 days on an empty database', async () => {
    const { totals, daily } = await getDashboard();
    expect(totals).toEqual({
      users: 0,
      mentors: 0,
      blockedUsers: 0,
      bookings: {
        pending_payment: 0,
        confirmed: 0,
        completed: 0,
        expired: 0,
        payment_failed: 0,
        cancelled: 0,
        no_show: 0,
      },
      revenue: 0,
      refunds: 0,
      platformFees: 0,
      gstOnFees: 0,
      mentorPending: 0,
      mentorAvailable: 0,
      paidOut: 0,
      roadmaps: { drafted: 0, published: 0, rejected: 0 },
      tests: { taken: 0, passed: 0 },
    });
    expect(daily).toHaveLength(DASHBOARD_DAYS);
    expect(daily.at(-1)?.date).toBe(utcDate(new Date()));
    expect(daily.every((day) => day.signUps === 0 && day.bookings === 0 && day.revenue === 0)).toBe(true);
  });

  it('counts the rows it was given, day by day, with a day of nothing in between and nothing from before the window', async () => {
    const mentee = await createUser(t.app.db, { email: 'mentee@example.org' });
    const mentor = await createUser(t.app.db, { email: 'mentor@example.org', role: 'mentor' });
    await createUser(t.app.db, { email: 'blocked@example.org', blocked: true });
    // Sign-ups: two more 3 days ago, one 40 days ago (outside the window, but in the totals).
    await t.app.db.insert(users).values([
      { name: 'Early', email: 'early-1@example.org', createdAt: ago(3) },
      { name: 'Early', email: 'early-2@example.org', createdAt: ago(3) },
      { name: 'Old', email: 'old@example.org', createdAt: ago(40) },
    ]);

    const booking = (
      values: Partial<BookingRow> & { status: BookingRow['status']; amount: number; createdAt: Date },
    ) => {
      const start = new Date(values.createdAt.getTime() + 3 * DAY_MS);
      return {
        mentorId: mentor.id,
        menteeId: mentee.id,
        startTime: start,
        endTime: new Date(start.getTime() + HOUR_MS),
        holdExpiresAt: values.createdAt,
        ...values,
      };
    };
    // Sessions far apart, so the live ones never overlap.
    await t.app.db.insert(bookings).values([
      booking({ status: 'confirmed', amount: 100_000, createdAt: ago(0) }),
      booking({
        status: 'completed',
        amount: 200_000,
        createdAt: ago(5),
        startTime: ago(-1),
        endTime: new Date(ago(-1).getTime() + HOUR_MS),
      }),
      booking({
        status: 'cancelled',
        amount: 50_000,
        createdAt: ago(5),
        refundAmount: 25_000,
        refundStatus: 'succeeded',
        refundReason: 'cancelled_by_mentee',
      }),
      // Never paid: in the counts by status, not in revenue nor the daily bookings.
      booking({ status: 'expired', amount: 70_000, createdAt: ago(5) }),
      booking({
        status: 'pending_payment',
        amount: 30_000,
        createdAt: ago(0),
        startTime: ago(-2),
        endTime: new Date(ago(-2).getTime() + HOUR_MS),
      }),
      // Paid too late and refunded in full: revenue and refunds both.
      booking({
        status: 'expired',
        amount: 40_000,
        createdAt: ago(7),
        refundAmount: 40_000,
        refundStatus: 'pending',
        refundReason: 'paid_after_slot_taken',
      }),
      // A refund the provider refused is owed, not paid back: not in refunds.
      booking({
        status: 'completed',
        amount: 10_000,
        createdAt: ago(45),
        startTime: ago(44),
        endTime: new Date(ago(44).getTime() + HOUR_MS),
        refundAmount: 10_000,
        refundStatus: 'failed',
        refundReason: 'refunded_by_admin',
      }),
    ]);

    await t.app.db.insert(roadmaps).values([
      { authorId: mentee.id, title: 'A', description: 'drafted one', status: 'drafted' },
      { authorId: mentee.id, title: 'B', description: 'published one', status: 'published', isActive: true },
      { authorId: mentee.id, title: 'C', description: 'published two', status: 'published' },
      { authorId: mentee.id, title: 'D', description: 'rejected one', status: 'rejected' },
    ]);

    const stackId = await stackWithQuestions(t, adminCookie, 'Dashboards', 10);
    const test = (status: 'in_progress' | 'passed' | 'failed') => ({
      userId: mentee.id,
      stackId,
      status,
      total: 10,
      questions: [],
      application: {
        expirience: 1,
        languages: ['english'],
        headline: 'A headline here',
        bio: 'b'.repeat(50),
        linkedinUrl: 'https://linkedin.com/in/x',
        githubUrl: 'https://github.com/x',
      },
    });
    // One in progress (not taken yet), then two taken of which one passed; the partial index allows one in progress per user.
    await t.app.db.insert(assessmentTests).values([test('in_progress'), test('passed'), test('failed')]);

    const { totals, daily } = await getDashboard();
    expect(totals).toEqual({
      users: 6,
      mentors: 1,
      blockedUsers: 1,
      bookings: {
        pending_payment: 1,
        confirmed: 1,
        completed: 2,
        expired: 2,
        payment_failed: 0,
        cancelled: 1,
        no_show: 0,
      },
      revenue: 100_000 + 200_000 + 50_000 + 40_000 + 10_000,
      refunds: 25_000 + 40_000,
      // Rows written straight to the table, without the ledger's transactions: the ledger's sums stay zero.
      platformFees: 0,
      gstOnFees: 0,
      mentorPending: 0,
      mentorAvailable: 0,
      paidOut: 0,
      roadmaps: { drafted: 1, published: 2, rejected: 1 },
      tests: { taken: 2, passed: 1 },
    });

    expect(daily).toHaveLength(DASHBOARD_DAYS);
    const dates = daily.map((day) => day.date);
    expect(new Set(dates).size).toBe(DASHBOARD_DAYS);
    expect([...dates].sort()).toEqual(dates);
    const byDate = new Map(daily.map((day) => [day.date, day]));
    const today = utcDate(new Date());
    expect(byDate.get(today)).toEqual({ date: today, signUps: 3, bookings: 1, revenue: 100_000 });
    expect(byDate.get(utcDate(ago(3)))).toEqual({
      date: utcDate(ago(3)),
      signUps: 2,
      bookings: 0,
      revenue: 0,
    });
    expect(byDate.get(utcDate(ago(5)))).toEqual({
      date: utcDate(ago(5)),
      signUps: 0,
      bookings: 2,
      revenue: 250_000,
    });
    expect(byDate.get(utcDate(ago(7)))).toEqual({
      date: utcDate(ago(7)),
      signUps: 0,
      bookings: 1,
      revenue: 40_000,
    });
    // A day with nothing is there, with zeros.
    expect(byDate.get(utcDate(ago(4)))).toEqual({
      date: utcDate(ago(4)),
      signUps: 0,
      bookings: 0,
      revenue: 0,
    });
    // Nothing from before the window reaches the days.
    expect(byDate.has(utcDate(ago(40)))).toBe(false);
    expect(daily.reduce((sum, day) => sum + day.signUps, 0)).toBe(5);
    expect(daily.reduce((sum, day) => sum + day.revenue, 0)).toBe(390_000);
  });
});
