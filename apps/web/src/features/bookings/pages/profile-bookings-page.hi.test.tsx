import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { login } from '@/features/auth/api';
import { MENTEE_ID } from '@/features/bookings/test-bookings';
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

function openBookings(unread: number) {
  serve({
    'GET /api/auth/session': () => json(200, { user: grace }),
    [`GET /api/bookings/profile/${MENTEE_ID}`]: () => json(200, { bookings: [] }),
    [`GET ${countPath}`]: () => json(200, { notificationCount: unread }),
  });
  const store = makeTestStore();
  store.dispatch(login(grace));
  return renderRoutes(routes, '/profile/bookings', store);
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
    openBookings(0);
    expect(await screen.findByRole('heading', { level: 1, name: 'बुकिंग' })).toBeInTheDocument();
    expect(screen.getByText('मेंटी और मेंटर के रूप में आपके सेशन।')).toBeInTheDocument();
    expect(await screen.findByText('अभी आपकी कोई बुकिंग नहीं है।')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'बुकिंग दिखाएँ' })).toHaveTextContent('सभी');
  });

  it('names the header’s bell in Hindi, with the unread count', async () => {
    openBookings(3);
    const banner = await screen.findByRole('banner');
    const bell = await within(banner).findByRole('link', { name: 'सूचनाएँ, 3 बिना पढ़ी' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(bell).toHaveAttribute('title', 'सूचनाएँ');
  });
});
