import type { Booking } from '@skillroute/shared/bookings';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from '@/features/auth/api';
import { PAYMENT_POLL_MS } from '@/features/bookings/pages/payment-success-page';
import { aBooking, BOOKING_ID, MENTEE_ID, MENTOR_ID } from '@/features/bookings/test-bookings';
import { envelope, json, serve, type Routes } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';
import { routes } from '@/app/routes';

const NOW = Date.parse('2026-11-23T09:00:00.000Z');
const grace = {
  id: MENTEE_ID,
  name: 'Grace',
  email: 'grace@example.com',
  role: 'user',
  avatar: null,
} as const;
const detailPath = `/api/bookings/detail/${BOOKING_ID}`;
const pending = (changes: Partial<Booking> = {}) =>
  aBooking({
    status: 'pending_payment',
    holdExpiresAt: new Date(NOW + 10 * 60_000).toISOString(),
    ...changes,
  });

function open(
  detail: Routes[string],
  { signedIn = true, path = `/payment-success?bookingId=${BOOKING_ID}`, extra = {} as Routes } = {},
) {
  const server = serve({
    'GET /api/auth/session': () => (signedIn ? json(200, { user: grace }) : envelope(401, 'Please sign in.')),
    [`GET ${detailPath}`]: detail,
    ...extra,
  });
  const store = makeTestStore();
  if (signedIn) store.dispatch(login(grace));
  return { ...server, ...renderRoutes(routes, path, store) };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * The page's timers as well as its date, still running with real time, so a test can then move the page's
 * clock on by whole polling intervals: a poll still scheduled is made by the time this resolves.
 */
function fakePageTimers() {
  vi.useFakeTimers({
    toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    shouldAdvanceTime: true,
  });
  vi.setSystemTime(new Date(NOW));
  return {
    pollIntervalsPass: (count: number) => act(() => vi.advanceTimersByTimeAsync(count * PAYMENT_POLL_MS)),
  };
}

describe('/payment-success', () => {
  it('waits with a spinner while the payment is pending, polls, and says "Booking completed" with Continue once confirmed', async () => {
    const { pollIntervalsPass } = fakePageTimers();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let reads = 0;
    const { router, callsTo } = open(() => {
      reads += 1;
      return json(200, { booking: reads < 3 ? pending() : aBooking({ status: 'confirmed' }) });
    });
    expect(
      await screen.findByRole('status', { name: 'Waiting for the payment to be confirmed' }),
    ).toHaveTextContent('Confirming your payment…');
    expect(
      await screen.findByRole('heading', { name: 'Booking completed' }, { timeout: 6000 }),
    ).toHaveFocus();
    expect(callsTo('GET', detailPath).length).toBeGreaterThanOrEqual(3);
    expect(
      screen.queryByRole('status', { name: 'Waiting for the payment to be confirmed' }),
    ).not.toBeInTheDocument();
    expect(screen.getByText(/Your session with/)).toHaveTextContent('Ada Lovelace');

    // Polling stopped with the answer.
    const settled = callsTo('GET', detailPath).length;
    await pollIntervalsPass(2);
    expect(callsTo('GET', detailPath)).toHaveLength(settled);

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/bookings'));
  }, 15_000);

  it('tells a declined payer no money was taken, with a link back to the mentor', async () => {
    open(() => json(200, { booking: aBooking({ status: 'payment_failed' }) }));
    expect(await screen.findByText('Your payment was declined. No money was taken.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Ada Lovelace' })).toHaveAttribute(
      'href',
      `/mentor-profile/${MENTOR_ID}`,
    );
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it('says the hold lapsed, with a link back to the mentor', async () => {
    open(() => json(200, { booking: aBooking({ status: 'expired' }) }));
    expect(await screen.findByRole('heading', { name: 'Your hold lapsed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Ada Lovelace' })).toHaveAttribute(
      'href',
      `/mentor-profile/${MENTOR_ID}`,
    );
  });

  it('stops waiting a minute after the hold ends and says the payment is still being processed', async () => {
    const { pollIntervalsPass } = fakePageTimers();
    const { callsTo } = open(() =>
      json(200, { booking: pending({ holdExpiresAt: new Date(NOW - 61_000).toISOString() }) }),
    );
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Your payment is still being processed' },
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    const reads = callsTo('GET', detailPath).length;
    await pollIntervalsPass(2);
    expect(callsTo('GET', detailPath)).toHaveLength(reads);
  });

  it('says so for a booking that is not found', async () => {
    open(() => envelope(404, 'Booking not found.'));
    expect(await screen.findByRole('heading', { name: 'Booking not found' })).toBeInTheDocument();
  });

  it('says so with no booking id, without asking the api', async () => {
    const { callsTo } = open(() => envelope(404, 'Booking not found.'), { path: '/payment-success' });
    expect(await screen.findByRole('heading', { name: 'Booking not found' })).toBeInTheDocument();
    expect(callsTo('GET', detailPath)).toHaveLength(0);
  });

  it('sends a signed-out visitor to sign in and back', async () => {
    const { router } = open(() => json(200, { booking: aBooking() }), { signedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: `/payment-success?bookingId=${BOOKING_ID}` });
  });
});
