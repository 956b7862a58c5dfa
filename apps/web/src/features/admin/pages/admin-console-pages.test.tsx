import type { AdminAuditEntry } from '@skillroute/shared/admin-audit';
import type {
  AdminUser,
  AdminUserDetailsResponse,
  DashboardResponse,
} from '@skillroute/shared/admin-console';
import type { Booking } from '@skillroute/shared/bookings';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { resetToasts } from '@/lib/use-toast';
import { envelope, json, serve, type Routes } from '@/test/fake-server';
import { renderRoutes } from '@/test/render';
import { AdminAuditPage } from './admin-audit-page';
import { AdminBookingsPage } from './admin-bookings-page';
import { AdminDashboardPage } from './admin-dashboard-page';
import { AdminUsersPage } from './admin-users-page';

afterEach(() => {
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

function openPage(path: string, at: string, page: React.ReactElement, routes: Routes) {
  const server = serve(routes);
  const view = renderRoutes(
    [
      {
        path,
        element: (
          <>
            {page}
            <Toaster />
          </>
        ),
      },
    ],
    at,
  );
  return { ...server, ...view };
}

const zeroDays = (): DashboardResponse['daily'] =>
  Array.from({ length: 30 }, (_, index) => ({
    date: new Date(Date.UTC(2026, 10, 1 + index)).toISOString().slice(0, 10),
    signUps: 0,
    bookings: 0,
    revenue: 0,
  }));

const dashboard = (daily = zeroDays()): DashboardResponse => ({
  totals: {
    users: 42,
    mentors: 7,
    blockedUsers: 2,
    bookings: {
      pending_payment: 1,
      confirmed: 3,
      completed: 9,
      expired: 4,
      payment_failed: 0,
      cancelled: 2,
      no_show: 1,
    },
    revenue: 1_250_050,
    refunds: 75_000,
    platformFees: 1_234_500,
    gstOnFees: 222_210,
    mentorPending: 10_000_000,
    mentorAvailable: 9_702_000,
    paidOut: 50_050,
    roadmaps: { drafted: 5, published: 11, rejected: 1 },
    tests: { taken: 3, passed: 2 },
  },
  daily,
});

describe('/admin/ (dashboard)', () => {
  const me = {
    admin: { id: '00000000-0000-4000-8000-0000000000ad', name: 'Root', email: 'root@skillroute.dev' },
  };
  const open = (routes: Routes) =>
    openPage('/admin', '/admin', <AdminDashboardPage />, {
      'GET /api/admin/me': () => json(200, me),
      ...routes,
    });

  it('shows every count as a link to the list behind it, money in rupees and the pass rate', async () => {
    open({ 'GET /api/admin/dashboard': () => json(200, dashboard()) });
    expect(screen.getByText('Loading the dashboard...')).toBeInTheDocument();
    const link = async (name: RegExp) => screen.findByRole('link', { name });
    expect(await link(/^Users: 42$/)).toHaveAttribute('href', '/admin/user-management');
    expect(await link(/^Mentors: 7$/)).toHaveAttribute('href', '/admin/user-management?role=mentor');
    expect(await link(/^Blocked users: 2$/)).toHaveAttribute('href', '/admin/user-management?blocked=true');
    expect(await link(/^Revenue: ₹12,500.50$/)).toHaveAttribute('href', '/admin/bookings');
    expect(await link(/^Refunds: ₹750$/)).toHaveAttribute('href', '/admin/bookings?status=cancelled');
    // The ledger's sums, in rupees with Indian grouping.
    expect(await link(/^Platform fees: ₹12,345$/)).toHaveAttribute('href', '/admin/bookings');
    expect(await link(/^GST on fees: ₹2,222.10$/)).toHaveAttribute('href', '/admin/bookings');
    expect(await link(/^Pending: ₹1,00,000$/)).toHaveAttribute('href', '/admin/bookings?status=confirmed');
    expect(await link(/^Available: ₹97,020$/)).toHaveAttribute('href', '/admin/payouts');
    expect(await link(/^Paid out: ₹500.50$/)).toHaveAttribute('href', '/admin/payouts?status=paid');
    expect(await link(/^Completed: 9$/)).toHaveAttribute('href', '/admin/bookings?status=completed');
    expect(await link(/^Published: 11$/)).toHaveAttribute('href', '/admin/roadmap-management');
    expect(await link(/^Pass rate: 67%$/)).toHaveAttribute('href', '/admin/assessment-managment');
    expect(screen.getByText('root@skillroute.dev')).toBeInTheDocument();
  });

  it('says so when the 30 days hold nothing, instead of empty charts', async () => {
    open({ 'GET /api/admin/dashboard': () => json(200, dashboard()) });
    expect(
      await screen.findByText('No sign-ups, bookings or revenue in the last 30 days.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('draws the charts, loaded on their own, with each day in a table for screen readers', async () => {
    const daily = zeroDays();
    daily[29] = { ...daily[29]!, signUps: 4, bookings: 2, revenue: 300_000 };
    open({ 'GET /api/admin/dashboard': () => json(200, dashboard(daily)) });
    const revenue = await screen.findByRole('figure', { name: 'Revenue' });
    expect(within(revenue).getByRole('row', { name: '30 Nov ₹3,000' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('figure', { name: 'Sign-ups' })).getByRole('row', { name: '30 Nov 4' }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('figure', { name: 'Paid bookings' })).getAllByRole('row')).toHaveLength(
      31,
    );
  });

  it('says when the figures cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    open({
      'GET /api/admin/dashboard': () =>
        fail ? envelope(500, 'Something went wrong on our side.') : json(200, dashboard()),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading the dashboard.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /^Users: 42$/ })).toBeInTheDocument();
  });
});

const person = (overrides: Partial<AdminUser>): AdminUser => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Priya',
  email: 'priya@example.org',
  role: 'mentor',
  blocked: false,
  createdAt: '2026-11-02T08:00:00.000Z',
  ...overrides,
});

describe('/admin/user-management', () => {
  const open = (at: string, routes: Routes) =>
    openPage('/admin/user-management', at, <AdminUsersPage />, routes);

  it('has the breadcrumb link labelled roadmap-management, and reads its filters from the address', async () => {
    const { callsTo } = open('/admin/user-management?role=mentor&blocked=true', {
      'GET /api/admin/users': () => json(200, { users: [person({ blocked: true })], total: 1 }),
    });
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'roadmap-management' })).toHaveAttribute(
      'href',
      '/admin/roadmap-management',
    );
    const row = (await screen.findByRole('heading', { name: 'Priya' })).closest('li') as HTMLElement;
    expect(within(row).getByText('Blocked')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Unblock Priya' })).toBeInTheDocument();
    const [call] = callsTo('GET', '/api/admin/users');
    expect(Object.fromEntries(call!.query)).toEqual({ role: 'mentor', blocked: 'true', page: '1' });
  });

  it('searches by name or e-mail, pages, and says when nobody matches', async () => {
    const user = userEvent.setup();
    const { callsTo } = open('/admin/user-management', {
      'GET /api/admin/users': (call) =>
        call.query.get('search') === 'nobody'
          ? json(200, { users: [], total: 0 })
          : json(200, {
              users: [person({ name: call.query.get('page') === '2' ? 'Second page' : 'Priya' })],
              total: 25,
            }),
    });
    expect(await screen.findByRole('heading', { name: 'Priya' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Second page' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search by name or e-mail'), '  nobody ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No users match.')).toBeInTheDocument();
    // A new search starts again on page 1.
    expect(Object.fromEntries(callsTo('GET', '/api/admin/users').at(-1)!.query)).toEqual({
      search: 'nobody',
      page: '1',
    });
  });

  it('blocks after a confirmation that says what a block does, and the list reads again', async () => {
    const user = userEvent.setup();
    let blocked = false;
    const { callsTo } = open('/admin/user-management', {
      'GET /api/admin/users': () => json(200, { users: [person({ blocked })], total: 1 }),
      [`PATCH /api/admin/users/${person({}).id}`]: (call) => {
        blocked = (call.body as { blocked: boolean }).blocked;
        return json(200, { user: person({ blocked }) });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Block Priya' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Block Priya?' });
    expect(dialog).toHaveTextContent('signed out everywhere at once');
    expect(dialog).toHaveTextContent('refunded in full');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('button', { name: 'Unblock Priya' })).toBeInTheDocument();
    expect(callsTo('PATCH', `/api/admin/users/${person({}).id}`).map((call) => call.body)).toEqual([
      { blocked: true },
    ]);
    expect(await screen.findByText('Priya is blocked')).toBeInTheDocument();
  });

  it('cancelling the confirmation blocks nobody', async () => {
    const user = userEvent.setup();
    const { callsTo } = open('/admin/user-management', {
      'GET /api/admin/users': () => json(200, { users: [person({})], total: 1 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Block Priya' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo('PATCH', `/api/admin/users/${person({}).id}`)).toEqual([]);
  });

  it("opens a user's details: their roadmaps, bookings and tests", async () => {
    const user = userEvent.setup();
    const details: AdminUserDetailsResponse = {
      user: { ...person({}), avatar: null, verified: true, blockedAt: null },
      roadmaps: [
        {
          id: '00000000-0000-4000-8000-0000000000aa',
          title: 'Rust from zero',
          status: 'published',
          isActive: false,
          createdAt: '2026-11-03T00:00:00.000Z',
        },
      ],
      bookings: [],
      tests: [
        {
          id: '00000000-0000-4000-8000-0000000000bb',
          stack: 'React',
          status: 'passed',
          score: 9,
          createdAt: '2026-11-04T00:00:00.000Z',
          submittedAt: '2026-11-04T00:10:00.000Z',
        },
      ],
    };
    open('/admin/user-management', {
      'GET /api/admin/users': () => json(200, { users: [person({})], total: 1 }),
      [`GET /api/admin/users/${person({}).id}`]: () => json(200, details),
    });
    await user.click(await screen.findByRole('button', { name: 'Details of Priya' }));
    const sheet = await screen.findByRole('dialog', { name: 'Priya' });
    expect(await within(sheet).findByRole('link', { name: 'Rust from zero' })).toHaveAttribute(
      'href',
      '/roadmap/00000000-0000-4000-8000-0000000000aa',
    );
    expect(within(sheet).getByText('Published, unlisted')).toBeInTheDocument();
    expect(within(sheet).getByText('No bookings.')).toBeInTheDocument();
    expect(within(sheet).getByText(/Passed · 9 correct/)).toBeInTheDocument();
  });
});

const booking = (overrides: Partial<Booking>): Booking => ({
  id: '00000000-0000-4000-8000-0000000000c1',
  mentorId: '00000000-0000-4000-8000-000000000001',
  menteeId: '00000000-0000-4000-8000-000000000002',
  mentor: { id: '00000000-0000-4000-8000-000000000001', name: 'Ada', avatar: null },
  mentee: { id: '00000000-0000-4000-8000-000000000002', name: 'Ravi', avatar: null },
  startTime: '2026-11-20T10:00:00.000Z',
  endTime: '2026-11-20T11:00:00.000Z',
  status: 'completed',
  amount: 150_000,
  currency: 'INR',
  holdExpiresAt: '2026-11-10T10:15:00.000Z',
  roomId: '00000000-0000-4000-8000-0000000000d1',
  rescheduleCount: 0,
  previousStartTimes: [],
  ...overrides,
});

describe('/admin/bookings', () => {
  const open = (at: string, routes: Routes) => openPage('/admin/bookings', at, <AdminBookingsPage />, routes);

  it('lists bookings with their amounts in rupees, filtered by the status in the address; only a paid, unrefunded one offers a refund', async () => {
    const { callsTo } = open('/admin/bookings?status=completed', {
      'GET /api/admin/bookings': () =>
        json(200, {
          bookings: [
            booking({}),
            booking({
              id: '00000000-0000-4000-8000-0000000000c2',
              mentee: { ...booking({}).mentee, name: 'Meera' },
              refund: { amount: 150_000, status: 'succeeded', reason: 'refunded_by_admin' },
            }),
          ],
          total: 2,
          page: 1,
          limit: 20,
        }),
    });
    const first = (await screen.findByRole('heading', { name: 'Ravi with Ada' })).closest(
      'li',
    ) as HTMLElement;
    expect(first).toHaveTextContent('₹1,500');
    expect(
      within(first).getByRole('button', { name: 'Refund the session of Ravi with Ada' }),
    ).toBeInTheDocument();
    const second = screen.getByRole('heading', { name: 'Meera with Ada' }).closest('li') as HTMLElement;
    expect(second).toHaveTextContent('₹1,500 refunded');
    // Why the money went back, so staff need not open the booking to know.
    expect(second).toHaveTextContent('Refund: refunded by an admin');
    expect(within(second).queryByRole('button', { name: /Refund/ })).toBeNull();
    expect(callsTo('GET', '/api/admin/bookings')[0]!.query.get('status')).toBe('completed');
  });

  it('refunds with a reason checked by the shared rule, and shows the refusal of the api', async () => {
    const user = userEvent.setup();
    let refused = true;
    const { callsTo } = open('/admin/bookings', {
      'GET /api/admin/bookings': () => json(200, { bookings: [booking({})], total: 1, page: 1, limit: 20 }),
      [`POST /api/admin/bookings/${booking({}).id}/refund`]: () =>
        refused
          ? envelope(409, 'This booking has already been refunded.')
          : json(200, {
              booking: booking({
                refund: { amount: 150_000, status: 'succeeded', reason: 'refunded_by_admin' },
              }),
              refund: { amount: 150_000, currency: 'INR', status: 'succeeded' },
            }),
    });
    await user.click(await screen.findByRole('button', { name: 'Refund the session of Ravi with Ada' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund ₹1,500 in full?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Refund in full' }));
    expect(await within(dialog).findByText('The reason must be at least 5 characters.')).toBeInTheDocument();
    expect(callsTo('POST', `/api/admin/bookings/${booking({}).id}/refund`)).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Reason'));
    await user.type(within(dialog).getByLabelText('Reason'), 'The mentor never joined.');
    await user.click(within(dialog).getByRole('button', { name: 'Refund in full' }));
    expect(await screen.findByText('This booking has already been refunded.')).toBeInTheDocument();

    refused = false;
    await user.click(within(dialog).getByRole('button', { name: 'Refund in full' }));
    expect(await screen.findByText('₹1,500 to Ravi: done.')).toBeInTheDocument();
    expect(callsTo('POST', `/api/admin/bookings/${booking({}).id}/refund`).map((call) => call.body)).toEqual([
      { reason: 'The mentor never joined.' },
      { reason: 'The mentor never joined.' },
    ]);
  });

  it('marks a failed refund and retries it; only a failed refund offers a retry, and a refusal is shown', async () => {
    const user = userEvent.setup();
    const failed = booking({
      status: 'cancelled',
      refund: { amount: 150_000, status: 'failed', reason: 'cancelled_by_mentor' },
    });
    const pending = booking({
      id: '00000000-0000-4000-8000-0000000000c3',
      mentee: { ...booking({}).mentee, name: 'Meera' },
      status: 'cancelled',
      refund: { amount: 150_000, status: 'pending', reason: 'cancelled_by_mentor' },
    });
    let refused = true;
    let retried = false;
    const { callsTo } = open('/admin/bookings', {
      'GET /api/admin/bookings': () =>
        json(200, {
          bookings: [
            retried ? { ...failed, refund: { ...failed.refund!, status: 'pending' } } : failed,
            pending,
          ],
          total: 2,
          page: 1,
          limit: 20,
        }),
      [`POST /api/admin/bookings/${failed.id}/refund/retry`]: () => {
        if (refused) return envelope(409, 'Only a failed refund can be retried.');
        retried = true;
        return json(200, {
          booking: { ...failed, refund: { ...failed.refund!, status: 'pending' } },
          refund: { amount: 150_000, currency: 'INR', status: 'pending' },
        });
      },
    });
    const first = (await screen.findByRole('heading', { name: 'Ravi with Ada' })).closest(
      'li',
    ) as HTMLElement;
    expect(first).toHaveTextContent('₹1,500 refund failed');
    const second = screen.getByRole('heading', { name: 'Meera with Ada' }).closest('li') as HTMLElement;
    expect(second).toHaveTextContent('₹1,500 pending');
    expect(within(second).queryByRole('button', { name: /Retry/ })).toBeNull();

    const retry = within(first).getByRole('button', { name: 'Retry the failed refund of Ravi with Ada' });
    await user.click(retry);
    expect(await screen.findByText('Only a failed refund can be retried.')).toBeInTheDocument();

    refused = false;
    await user.click(retry);
    expect(await screen.findByText('₹1,500 to Ravi: pending with the provider.')).toBeInTheDocument();
    await waitFor(() => expect(first).toHaveTextContent('₹1,500 pending'));
    expect(within(first).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(callsTo('POST', `/api/admin/bookings/${failed.id}/refund/retry`)).toHaveLength(2);
  });

  it('says when there is no booking of that status', async () => {
    open('/admin/bookings?status=expired', {
      'GET /api/admin/bookings': () => json(200, { bookings: [], total: 0, page: 1, limit: 20 }),
    });
    expect(await screen.findByText('No bookings with the status expired.')).toBeInTheDocument();
  });
});

describe('/admin/audit', () => {
  const entry = (overrides: Partial<AdminAuditEntry>): AdminAuditEntry => ({
    id: '1',
    admin: { id: 'a1', name: 'Root', email: 'root@skillroute.dev' },
    action: 'user.block',
    targetType: 'user',
    targetId: '00000000-0000-4000-8000-000000000001',
    details: { email: 'priya@example.org', name: 'Priya' },
    createdAt: '2026-11-24T10:00:00.000Z',
    ...overrides,
  });

  it('lists who did what to which record and when, in the order the api gives (newest first)', async () => {
    openPage('/admin/audit', '/admin/audit', <AdminAuditPage />, {
      'GET /api/admin/audit': () =>
        json(200, {
          entries: [
            entry({
              id: '2',
              action: 'booking.refund',
              targetType: 'booking',
              targetId: 'b1',
              details: {
                amount: 150_000,
                reason: 'Never held',
                mentee: 'Ravi',
                mentor: 'Maya',
                startTime: '2026-11-27T18:00:00.000Z',
              },
              createdAt: '2026-11-24T11:00:00.000Z',
            }),
            entry({}),
            // An entry written before bookings were kept in words still reads, by its id.
            entry({
              id: '3',
              action: 'booking.refund_retry',
              targetType: 'booking',
              targetId: 'b0',
              details: { amount: 150_000 },
            }),
          ],
          total: 3,
          page: 1,
          limit: 50,
        }),
    });
    const items = within(await screen.findByRole('list', { name: 'Admin actions' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('24 Nov 2026, 11:00 UTC');
    expect(items[0]).toHaveTextContent(
      'Root (root@skillroute.dev) · Refunded a booking: Ravi with Maya, 27 Nov 2026, 18:00 UTC',
    );
    expect(items[0]).toHaveTextContent('Reason: Never held');
    expect(items[1]).toHaveTextContent('Blocked a user: Priya');
    expect(items[2]).toHaveTextContent('Retried a failed refund: booking b0');
  });

  it('says when nothing was done yet', async () => {
    openPage('/admin/audit', '/admin/audit', <AdminAuditPage />, {
      'GET /api/admin/audit': () => json(200, { entries: [], total: 0, page: 1, limit: 50 }),
    });
    expect(await screen.findByText('No admin actions yet.')).toBeInTheDocument();
  });

  it('shows an error when the trail cannot be loaded', async () => {
    openPage('/admin/audit', '/admin/audit', <AdminAuditPage />, {
      'GET /api/admin/audit': () => envelope(500, 'Something went wrong on our side.'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading the audit trail.');
  });
});
