import type { Booking } from '@skillroute/shared/bookings';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login, type SessionUser } from '@/features/auth/api';
import { aBooking, MENTEE_ID, MENTOR_ID } from '@/features/bookings/test-bookings';
import { json, serve } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';
import { routes } from '@/app/routes';

const grace = {
  id: MENTEE_ID,
  name: 'Grace',
  email: 'grace@example.com',
  role: 'user',
  avatar: null,
} as const;
const ada = { id: MENTOR_ID, name: 'Ada', email: 'ada@example.com', role: 'mentor', avatar: null } as const;

function open(user: SessionUser, bookings: Booking[]) {
  serve({
    'GET /api/auth/session': () => json(200, { user }),
    [`GET /api/bookings/profile/${user.id}`]: () => json(200, { bookings }),
  });
  const store = makeTestStore();
  store.dispatch(login(user));
  renderRoutes(routes, '/profile/bookings', store);
}

const decided = async () =>
  within(await screen.findByRole('article')).findByRole('region', { name: 'What was decided' });

beforeEach(() => {
  // The viewer reads times in India's zone, as the page formats every time.
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone: 'Asia/Kolkata' };
  });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-02T00:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a session settled as a no-show, on /profile/bookings', () => {
  it('tells the mentee the mentor did not come and they are refunded, with when each joined in their zone', async () => {
    open(grace as SessionUser, [
      aBooking({
        status: 'no_show',
        noShow: 'mentor',
        presence: { mentorJoinedAt: null, menteeJoinedAt: '2026-12-01T04:28:00.000Z' },
        refund: { amount: 150_000, status: 'succeeded', reason: 'mentor_no_show' },
      }),
    ]);
    const section = await decided();
    expect(section).toHaveTextContent('The mentor did not join; you are refunded in full.');
    expect(within(section).getByText('Mentor joined').nextElementSibling).toHaveTextContent('Did not join');
    // 04:28 UTC is 9:58 AM in India.
    expect(within(section).getByText('You joined').nextElementSibling).toHaveTextContent(/9:58\sAM/);
  });

  it('tells the mentor the mentee did not come and they are paid', async () => {
    open(ada as SessionUser, [
      aBooking({
        status: 'no_show',
        noShow: 'mentee',
        presence: { mentorJoinedAt: '2026-12-01T04:25:00.000Z', menteeJoinedAt: null },
      }),
    ]);
    const section = await decided();
    expect(section).toHaveTextContent('The mentee did not join; you are paid as for a completed session.');
    expect(within(section).getByText('You joined').nextElementSibling).toHaveTextContent(/9:55\sAM/);
    expect(within(section).getByText('Mentee joined').nextElementSibling).toHaveTextContent('Did not join');
  });

  it('says nothing of it on a session that took place', async () => {
    open(grace as SessionUser, [aBooking({ status: 'completed' })]);
    expect(await screen.findByRole('article')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'What was decided' })).toBeNull();
  });
});
