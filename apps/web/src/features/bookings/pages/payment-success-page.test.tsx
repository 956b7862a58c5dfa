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
const slotsPath = `/api/mentors/availability/${MENTOR_ID}/slots`;
const NEW_ID = '7e6d5c4b-3a29-4817-a6f5-e4d3c2b1a098';
const theHour = { startTime: aBooking().startTime, endTime: aBooking().endTime };
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
  vi.restoreAllMocks();
});

/** This browser reads times in Kolkata. */
function inKolkata() {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone: 'Asia/Kolkata' };
  });
}

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
    inKolkata();
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
    // In the viewer's zone (this browser's: Kolkata here).
    expect(screen.getByText(/^Tue, Dec 1, 2026, 10:00 AM GMT\+5:30/)).toHaveTextContent(/· 1 hour$/);
    expect(screen.getByText('We’ve e-mailed you the details.')).toBeInTheDocument();
    // The confirmation mail's own event, from the api.
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      `/api/bookings/${BOOKING_ID}/calendar.ics`,
    );

    // Polling stopped with the answer.
    const settled = callsTo('GET', detailPath).length;
    await pollIntervalsPass(2);
    expect(callsTo('GET', detailPath)).toHaveLength(settled);

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/bookings'));
  }, 15_000);

  it('tells a declined payer no money was taken and, while the hour is free, holds it again to try another card', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { callsTo } = open(() => json(200, { booking: aBooking({ status: 'payment_failed' }) }), {
      extra: {
        [`GET ${slotsPath}`]: () => json(200, { timezone: 'Asia/Kolkata', slots: [theHour] }),
        'POST /api/bookings': () => json(201, { booking: pending({ id: NEW_ID }) }),
        'POST /api/payments/create': () =>
          json(200, {
            provider: 'sandbox',
            paymentId: 'pay_2',
            amount: 150_000,
            currency: 'INR',
            checkoutUrl: '/api/payments/sandbox/checkout/pay_2',
          }),
      },
    });
    expect(await screen.findByText('Your payment was declined. No money was taken.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Back to Ada Lovelace' })).toHaveAttribute(
      'href',
      `/mentor-profile/${MENTOR_ID}`,
    );
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    // Asked about this hour only.
    const asked = callsTo('GET', slotsPath)[0]!.query;
    expect([asked.get('from'), asked.get('to')]).toEqual([theHour.startTime, theHour.endTime]);

    await user.click(screen.getByRole('button', { name: 'Try another card' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/checkout/pay_2'));
    expect(callsTo('POST', '/api/bookings')[0]?.body).toEqual({
      mentorId: MENTOR_ID,
      startTime: theHour.startTime,
    });
    expect(callsTo('POST', '/api/payments/create')[0]?.body).toEqual({ bookingId: NEW_ID });
    vi.unstubAllGlobals();
  });

  it('says plainly when the declined hour is no longer free, and offers another time', async () => {
    const { callsTo } = open(() => json(200, { booking: aBooking({ status: 'payment_failed' }) }), {
      extra: { [`GET ${slotsPath}`]: () => json(200, { timezone: 'Asia/Kolkata', slots: [] }) },
    });
    expect(
      await screen.findByText('This hour is no longer free. Please choose another time.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose another time' })).toHaveAttribute(
      'href',
      `/mentor-profile/${MENTOR_ID}`,
    );
    expect(screen.queryByRole('button', { name: 'Try another card' })).not.toBeInTheDocument();
    expect(callsTo('POST', '/api/bookings')).toHaveLength(0);
  });

  it('says so when the hour is taken between the check and the new hold', async () => {
    const user = userEvent.setup();
    open(() => json(200, { booking: aBooking({ status: 'payment_failed' }) }), {
      extra: {
        [`GET ${slotsPath}`]: () => json(200, { timezone: 'Asia/Kolkata', slots: [theHour] }),
        'POST /api/bookings': () => envelope(409, 'This slot was just taken. Please choose another time.'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Try another card' }));
    expect(
      await screen.findByText('This slot was just taken. Please choose another time.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose another time' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try another card' })).not.toBeInTheDocument();
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
