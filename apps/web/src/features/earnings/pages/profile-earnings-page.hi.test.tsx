import type { EarningsResponse } from '@skillroute/shared/earnings';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { login } from '@/features/auth/api';
import { MENTOR_ID } from '@/features/bookings/test-bookings';
import { setLanguage } from '@/lib/i18n';
import { json, serve } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';

const ada = { id: MENTOR_ID, name: 'Ada', email: 'ada@example.com', role: 'mentor', avatar: null } as const;

const earnings: EarningsResponse = {
  currency: 'INR',
  pending: 12_345_600,
  available: 132_300,
  paidOut: 50_050,
  lifetime: 12_527_950,
  payoutMinimum: 50_000,
  sessions: [],
  payouts: [],
};

describe('/profile/earnings in Hindi', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T01:00:00.000Z'));
    await setLanguage('hi');
  });
  // The other test files of this worker share the module graph: they read English.
  afterEach(async () => {
    vi.useRealTimers();
    await setLanguage('en');
  });

  it('writes its heading, figures and parts in Hindi, in rupees grouped the Indian way', async () => {
    serve({
      'GET /api/auth/session': () => json(200, { user: ada }),
      'GET /api/earnings': () => json(200, earnings),
      'GET /api/earnings/payout-method': () => json(200, { method: { type: 'upi', vpa: 'ra•••@okicici' } }),
    });
    const store = makeTestStore();
    store.dispatch(login(ada));
    renderRoutes(routes, '/profile/earnings', store);
    expect(await screen.findByRole('heading', { level: 1, name: 'कमाई' })).toBeInTheDocument();
    expect(screen.getByText('आपके सेशन से कितनी कमाई हुई, और कितना भुगतान हो चुका है।')).toBeInTheDocument();
    const menu = screen.getAllByRole('navigation', { name: 'प्रोफ़ाइल' })[0]!;
    expect(within(menu).getByRole('link', { name: 'कमाई' })).toHaveAttribute('href', '/profile/earnings');
    const pending = screen.getByText('पेंडिंग', { selector: 'dt' }).parentElement!;
    expect(pending).toHaveTextContent('₹1,23,456');
    expect(pending).toHaveTextContent('जो सेशन अभी होने हैं');
    expect(screen.getByRole('heading', { level: 2, name: 'सेशन' })).toBeInTheDocument();
    expect(screen.getByText('अभी कोई पेड सेशन नहीं।')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'पेआउट' })).toBeInTheDocument();
    expect(await screen.findByText('UPI ra•••@okicici')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'पेआउट माँगें' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CSV डाउनलोड करें' })).toBeInTheDocument();
  });
});
