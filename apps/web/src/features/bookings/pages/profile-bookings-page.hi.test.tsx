import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { login } from '@/features/auth/api';
import { aBooking, MENTEE_ID } from '@/features/bookings/test-bookings';
import { setLanguage } from '@/lib/i18n';
import { json, serve } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';

const grace = {
  id: MENTEE_ID,
  name: 'Grace',
  email: 'grace@example.com',
  role: 'user',
  avatar: null,
} as const;
const countPath = '/api/user/notifications/notification-count/grace%40example.com';

function openAs(path: string, { unread = 0, bookings = [] as ReturnType<typeof aBooking>[] } = {}) {
  serve({
    'GET /api/auth/session': () => json(200, { user: grace }),
    [`GET /api/bookings/profile/${MENTEE_ID}`]: () => json(200, { bookings }),
    [`GET ${countPath}`]: () => json(200, { notificationCount: unread }),
    'GET /api/user/notifications/grace%40example.com': () => json(200, { notifications: [], hasMore: false }),
  });
  const store = makeTestStore();
  store.dispatch(login(grace));
  return renderRoutes(routes, path, store);
}

describe('/profile/bookings in Hindi', () => {
  beforeEach(async () => {
    await setLanguage('hi');
  });
  // The other test files of this worker share the module graph: they read English.
  afterEach(async () => {
    await setLanguage('en');
  });

  it('writes the mentee’s heading and empty list in Hindi', async () => {
    openAs('/profile/bookings');
    expect(await screen.findByRole('heading', { level: 1, name: 'बुकिंग' })).toBeInTheDocument();
    expect(screen.getByText('मेंटी और मेंटर के रूप में आपके सेशन।')).toBeInTheDocument();
    expect(await screen.findByText('अभी आपकी कोई बुकिंग नहीं है।')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'बुकिंग दिखाएँ' })).toHaveTextContent('सभी');
  });

  it('names the header’s bell in Hindi, with the unread count', async () => {
    openAs('/profile/bookings', { unread: 3 });
    const banner = await screen.findByRole('banner');
    const bell = await within(banner).findByRole('link', { name: 'सूचनाएँ, 3 बिना पढ़ी' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(bell).toHaveAttribute('title', 'सूचनाएँ');
  });

  it('writes a booking’s status, people and actions in Hindi', async () => {
    // A confirmed session a year ahead: upcoming, and still cancellable.
    const start = new Date(Date.now() + 365 * 24 * 3_600_000);
    start.setUTCMinutes(0, 0, 0);
    const booking = aBooking({
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 3_600_000).toISOString(),
    });
    openAs('/profile/bookings', { bookings: [booking] });
    const list = await screen.findByRole('list', { name: 'आने वाली बुकिंग' });
    const item = within(list).getByRole('article');
    expect(item).toHaveTextContent('मेंटर: Ada Lovelace');
    expect(item).toHaveTextContent('पक्का');
    expect(item).toHaveTextContent('रकम₹1,500');
    expect(within(item).getByRole('button', { name: 'रद्द करें' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'आने वाले सेशन' })).toBeInTheDocument();
  });

  it('writes the notifications page in Hindi', async () => {
    openAs('/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'सूचनाएँ' })).toBeInTheDocument();
    expect(await screen.findByText('अभी आपके लिए कोई सूचना नहीं है।')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'सभी को पढ़ा हुआ मार्क करें' })).toBeInTheDocument();
  });
});
