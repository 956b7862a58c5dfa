import type { AdminUser, DashboardResponse } from '@skillroute/shared/admin-console';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminLayout } from '@/app/admin-layout';
import { setLanguage } from '@/lib/i18n';
import { json, serve } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';
import { adminLogin } from '../admin-auth-slice';
import { AdminDashboardPage } from './admin-dashboard-page';
import { AdminUsersPage } from './admin-users-page';

const dashboard: DashboardResponse = {
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
  daily: Array.from({ length: 30 }, (_, index) => ({
    date: new Date(Date.UTC(2026, 10, 1 + index)).toISOString().slice(0, 10),
    signUps: 0,
    bookings: 0,
    revenue: 0,
  })),
};

const priya: AdminUser = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Priya',
  email: 'priya@example.org',
  role: 'mentor',
  blocked: true,
  createdAt: '2026-11-02T08:00:00.000Z',
};

/** The admin area as the app draws it: its frame (header, navigation) around the page, an admin signed in. */
function openAdmin(at: string, page: React.ReactElement) {
  const store = makeTestStore();
  store.dispatch(adminLogin());
  return renderRoutes(
    [
      {
        path: '/admin',
        element: <AdminLayout />,
        children: [
          { index: true, element: page },
          { path: '*', element: page },
        ],
      },
    ],
    at,
    store,
  );
}

describe('the admin console in Hindi', () => {
  beforeEach(async () => {
    await setLanguage('hi');
  });
  // The other test files of this worker share the module graph: they read English.
  afterEach(async () => {
    await setLanguage('en');
  });

  it('writes the dashboard’s heading, navigation and counts in Hindi', async () => {
    serve({
      'GET /api/admin/me': () =>
        json(200, {
          admin: { id: '00000000-0000-4000-8000-0000000000ad', name: 'Root', email: 'root@x.dev' },
        }),
      'GET /api/admin/dashboard': () => json(200, dashboard),
    });
    openAdmin('/admin/', <AdminDashboardPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'डैशबोर्ड' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'एडमिन' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['डैशबोर्ड', 'रोडमैप', 'टेस्ट', 'यूज़र', 'बुकिंग', 'पेआउट', 'ऑडिट']);
    expect(within(nav).getByRole('link', { name: 'डैशबोर्ड' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('अब तक की सारी गिनती, और पिछले 30 दिन (UTC)।')).toBeInTheDocument();
    expect(screen.getByText('डैशबोर्ड लोड हो रहा है…')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'यूज़र: 42' })).toHaveAttribute(
      'href',
      '/admin/user-management',
    );
    expect(screen.getByRole('link', { name: 'पूरा हुआ: 9' })).toBeInTheDocument();
    // Each group is a region named by its heading, two words or one.
    const earnings = screen.getByRole('region', { name: 'मेंटर की कमाई' });
    expect(within(earnings).getByRole('link', { name: 'उपलब्ध: ₹97,020' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'लोग' })).toBeInTheDocument();
    expect(screen.getByText('पिछले 30 दिनों में कोई साइन अप, बुकिंग या आमदनी नहीं।')).toBeInTheDocument();
    expect(await screen.findByText('इस नाम से साइन इन किया है')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'साइन आउट' })).toHaveLength(2);
  });

  it('writes the users list in Hindi, its dates the Indian way', async () => {
    serve({ 'GET /api/admin/users': () => json(200, { users: [priya], total: 1 }) });
    openAdmin('/admin/user-management', <AdminUsersPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'यूज़र मैनेजमेंट' })).toBeInTheDocument();
    expect(screen.getByText('यूज़र लोड हो रहे हैं…')).toBeInTheDocument();
    const row = (await screen.findByRole('heading', { name: 'Priya' })).closest('li') as HTMLElement;
    expect(screen.getByText('1 यूज़र')).toBeInTheDocument();
    expect(row).toHaveTextContent('मेंटर');
    expect(within(row).getByText('ब्लॉक')).toBeInTheDocument();
    expect(row).toHaveTextContent('2 नव॰ 2026 को जुड़े');
    expect(within(row).getByRole('button', { name: 'Priya को अनब्लॉक करें' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Priya की जानकारी' })).toBeInTheDocument();
  });
});
