import { HOLD_MINUTES } from '@skillroute/shared/bookings';
import type { FreeSlot } from '@skillroute/shared/availability';
import type { MentorProfile } from '@skillroute/shared/mentors';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from '@/features/auth/api';
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
const ada = { id: MENTOR_ID, name: 'Ada', email: 'ada@example.com', role: 'mentor', avatar: null } as const;

const mentor: MentorProfile = {
  id: MENTOR_ID,
  name: 'Ada Lovelace',
  avatar: null,
  role: 'mentor',
  headline: 'Senior frontend engineer who enjoys teaching',
  bio: 'I have built design systems for ten years and like helping people find their way around React.',
  expirience: 10,
  languages: ['english'],
  assessedSkills: ['React'],
  linkedinUrl: 'https://www.linkedin.com/in/ada',
  githubUrl: 'https://github.com/ada',
  companies: [],
  pricePerSession: 1500,
  timezone: 'Asia/Kolkata',
  rating: null,
  reviewCount: 0,
  sessionsHeld: 0,
};

const hour = (startTime: string): FreeSlot => ({
  startTime,
  endTime: new Date(Date.parse(startTime) + 3_600_000).toISOString(),
});
// 10:00 and 11:00 in Kolkata on Dec 1.
const TEN = '2026-12-01T04:30:00.000Z';
const ELEVEN = '2026-12-01T05:30:00.000Z';
const held = () =>
  aBooking({
    status: 'pending_payment',
    startTime: TEN,
    endTime: ELEVEN,
    holdExpiresAt: new Date(NOW + HOLD_MINUTES * 60_000).toISOString(),
  });

function open(
  routesExtra: Routes = {},
  user: typeof grace | typeof ada | null = grace,
  path = `/mentor-profile/${MENTOR_ID}`,
) {
  const server = serve({
    // Answered: RTK Query holds back invalidations while any query is pending.
    'GET /api/auth/session': () => (user ? json(200, { user }) : envelope(401, 'Please sign in.')),
    [`GET /api/mentor/details/${MENTOR_ID}`]: () => json(200, { mentor }),
    [`GET /api/mentors/availability/${MENTOR_ID}/slots`]: () =>
      json(200, { timezone: 'Asia/Kolkata', slots: [hour(TEN), hour(ELEVEN)] }),
    // One's own holds: none unless a test says so.
    ...(user ? { [`GET /api/bookings/profile/${user.id}`]: () => json(200, { bookings: [] }) } : {}),
    ...routesExtra,
  });
  const store = makeTestStore();
  if (user) store.dispatch(login(user));
  return { ...server, ...renderRoutes(routes, path, store) };
}

const panel = () => screen.getByRole('region', { name: 'Book a session' });

beforeEach(() => {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone: 'Asia/Kolkata' };
  });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('booking on /mentor-profile/{id}', () => {
  it('shows the chosen slot in the visitor’s zone, the price and the policy, then holds the slot and offers to pay', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { callsTo } = open({
      'POST /api/bookings': () => json(201, { booking: held() }),
      'POST /api/payments/create': () =>
        json(200, {
          provider: 'sandbox',
          paymentId: 'pay_1',
          amount: 150_000,
          currency: 'INR',
          checkoutUrl: '/api/payments/sandbox/checkout/pay_1',
        }),
    });
    await screen.findByRole('grid', { name: 'December 2026' });
    expect(panel()).toHaveTextContent('Choose a free hour above');
    await user.click(screen.getByRole('button', { name: '10:00 AM' }));
    expect(panel()).toHaveTextContent('Tue, Dec 1, 2026, 10:00 AM GMT+5:30');
    expect(panel()).toHaveTextContent('₹1,500');
    expect(panel()).toHaveTextContent('Cancel more than 24 hours before the start for a full refund');
    // What a no-show means is said before paying (DESIGN.md §4b).
    expect(panel()).toHaveTextContent(
      "If your mentor has not joined the session's room 10 minutes after the start, you get everything back.",
    );

    const slotReads = callsTo('GET', `/api/mentors/availability/${MENTOR_ID}/slots`).length;
    await user.click(within(panel()).getByRole('button', { name: 'Book' }));
    expect(await within(panel()).findByRole('button', { name: 'Pay ₹1,500' })).toBeInTheDocument();
    expect(callsTo('POST', '/api/bookings')[0]?.body).toEqual({ mentorId: MENTOR_ID, startTime: TEN });
    expect(panel()).toHaveTextContent('You’re holding this hour — 15:00 left');
    expect(screen.getByTestId('hold-announcement')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByTestId('hold-announcement')).toHaveTextContent(
      'The slot is held for you for 15 minutes while you pay.',
    );
    // The held hour is no longer free: the free hours are read again.
    await waitFor(() =>
      expect(callsTo('GET', `/api/mentors/availability/${MENTOR_ID}/slots`).length).toBeGreaterThan(
        slotReads,
      ),
    );

    await user.click(within(panel()).getByRole('button', { name: 'Pay ₹1,500' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/checkout/pay_1'));
    expect(callsTo('POST', '/api/payments/create')[0]?.body).toEqual({ bookingId: BOOKING_ID });
  });

  it('asks what the mentee would like to talk about (optional, counted, at most 1000 characters) and books with it', async () => {
    const user = userEvent.setup();
    const { callsTo } = open({ 'POST /api/bookings': () => json(201, { booking: held() }) });
    await screen.findByRole('grid', { name: 'December 2026' });
    await user.click(screen.getByRole('button', { name: '10:00 AM' }));
    const agenda = within(panel()).getByRole('textbox', { name: 'What would you like to talk about?' });
    expect(agenda).toHaveAccessibleDescription('Optional. 0/1000');

    fireEvent.change(agenda, { target: { value: 'x'.repeat(1001) } });
    expect(panel()).toHaveTextContent('Optional. 1001/1000');
    await user.click(within(panel()).getByRole('button', { name: 'Book' }));
    expect(within(panel()).getByRole('alert')).toHaveTextContent(
      'Keep the agenda to 1000 characters or fewer.',
    );
    expect(agenda).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('POST', '/api/bookings')).toHaveLength(0);

    await user.clear(agenda);
    await user.type(agenda, '  System design, and how to prepare  ');
    await user.click(within(panel()).getByRole('button', { name: 'Book' }));
    expect(await within(panel()).findByRole('button', { name: 'Pay ₹1,500' })).toBeInTheDocument();
    expect(callsTo('POST', '/api/bookings')[0]?.body).toEqual({
      mentorId: MENTOR_ID,
      startTime: TEN,
      agenda: 'System design, and how to prepare',
    });
  });

  it('asks for no agenda before signing in: Book signs in first', async () => {
    const user = userEvent.setup();
    open({}, null);
    await screen.findByRole('grid', { name: 'December 2026' });
    await user.click(screen.getByRole('button', { name: '10:00 AM' }));
    expect(within(panel()).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows one’s own running hold on coming back (a reload, Back from the checkout): the hour marked as theirs, and Pay continuing that hold', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const mine = aBooking({
      status: 'pending_payment',
      startTime: TEN,
      endTime: ELEVEN,
      holdExpiresAt: new Date(NOW + 9 * 60_000).toISOString(),
    });
    const { callsTo } = open({
      // The free hours leave held time out, for everyone: the held hour is not among them.
      [`GET /api/mentors/availability/${MENTOR_ID}/slots`]: () =>
        json(200, { timezone: 'Asia/Kolkata', slots: [hour(ELEVEN)] }),
      [`GET /api/bookings/profile/${MENTEE_ID}`]: () => json(200, { bookings: [mine] }),
      'POST /api/payments/create': () =>
        json(200, {
          provider: 'sandbox',
          paymentId: 'pay_1',
          amount: 150_000,
          currency: 'INR',
          checkoutUrl: '/api/payments/sandbox/checkout/pay_1',
        }),
    });
    const held = await screen.findByRole('button', { name: '10:00 AM, held by you' });
    expect(held).toHaveAttribute('aria-pressed', 'true');
    expect(callsTo('GET', `/api/bookings/profile/${MENTEE_ID}`)[0]?.query.get('status')).toBe(
      'pending_payment',
    );
    expect(panel()).toHaveTextContent('Tue, Dec 1, 2026, 10:00 AM GMT+5:30');
    expect(panel()).toHaveTextContent('You’re holding this hour — 09:00 left');
    expect(within(panel()).queryByRole('button', { name: 'Book' })).not.toBeInTheDocument();

    // Another hour cannot be held beside it: the panel keeps the hold and says why.
    await user.click(screen.getByRole('button', { name: '11:00 AM' }));
    expect(panel()).toHaveTextContent('You can hold one hour with a mentor at a time');
    expect(panel()).toHaveTextContent('Tue, Dec 1, 2026, 10:00 AM GMT+5:30');
    await user.click(held);
    expect(panel()).not.toHaveTextContent('You can hold one hour with a mentor at a time');

    await user.click(within(panel()).getByRole('button', { name: 'Pay ₹1,500' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/checkout/pay_1'));
    expect(callsTo('POST', '/api/payments/create')[0]?.body).toEqual({ bookingId: BOOKING_ID });
    expect(callsTo('POST', '/api/bookings')).toHaveLength(0);
  });

  it('does not take another mentor’s hold, nor a lapsed one, for one with this mentor', async () => {
    const elsewhere = aBooking({
      status: 'pending_payment',
      mentorId: '7e6d5c4b-3a29-4817-a6f5-e4d3c2b1a098',
      startTime: TEN,
      endTime: ELEVEN,
      holdExpiresAt: new Date(NOW + 9 * 60_000).toISOString(),
    });
    const lapsed = aBooking({
      id: '7e6d5c4b-3a29-4817-a6f5-e4d3c2b1a099',
      status: 'pending_payment',
      startTime: ELEVEN,
      endTime: new Date(Date.parse(ELEVEN) + 3_600_000).toISOString(),
      holdExpiresAt: new Date(NOW - 1000).toISOString(),
    });
    open({ [`GET /api/bookings/profile/${MENTEE_ID}`]: () => json(200, { bookings: [elsewhere, lapsed] }) });
    expect(await screen.findByRole('button', { name: '10:00 AM' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: /held by you/ })).not.toBeInTheDocument();
    expect(panel()).toHaveTextContent('Choose a free hour above');
  });

  it('shows the server’s message on a 409 and reads the free hours again', async () => {
    const user = userEvent.setup();
    const { callsTo } = open({
      'POST /api/bookings': () => envelope(409, 'This slot was just taken. Please choose another time.'),
    });
    await screen.findByRole('grid', { name: 'December 2026' });
    await user.click(screen.getByRole('button', { name: '11:00 AM' }));
    const slotReads = callsTo('GET', `/api/mentors/availability/${MENTOR_ID}/slots`).length;
    await user.click(within(panel()).getByRole('button', { name: 'Book' }));
    expect(await within(panel()).findByRole('alert')).toHaveTextContent(
      'This slot was just taken. Please choose another time.',
    );
    await waitFor(() =>
      expect(callsTo('GET', `/api/mentors/availability/${MENTOR_ID}/slots`).length).toBeGreaterThan(
        slotReads,
      ),
    );
    expect(within(panel()).queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('shows why paying could not start', async () => {
    const user = userEvent.setup();
    open({
      'POST /api/bookings': () => json(201, { booking: held() }),
      'POST /api/payments/create': () => envelope(409, 'This booking is no longer waiting for payment.'),
    });
    await screen.findByRole('grid', { name: 'December 2026' });
    await user.click(screen.getByRole('button', { name: '10:00 AM' }));
    await user.click(within(panel()).getByRole('button', { name: 'Book' }));
    await user.click(await within(panel()).findByRole('button', { name: 'Pay ₹1,500' }));
    expect(await within(panel()).findByRole('alert')).toHaveTextContent(
      'This booking is no longer waiting for payment.',
    );
  });

  it('opens Razorpay Checkout for a Razorpay order, and goes to /payment-success when it is paid', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const opened: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'Razorpay',
      class {
        constructor(readonly options: Record<string, unknown>) {}
        open() {
          opened.push(this.options);
        }
      },
    );
    open({
      'POST /api/bookings': () => json(201, { booking: held() }),
      'POST /api/payments/create': () =>
        json(200, {
          provider: 'razorpay',
          paymentId: 'pay_1',
          amount: 150_000,
          currency: 'INR',
          orderId: 'order_1',
          keyId: 'rzp_test_1',
        }),
    });
    await screen.findByRole('grid', { name: 'December 2026' });
    await user.click(screen.getByRole('button', { name: '10:00 AM' }));
    await user.click(within(panel()).getByRole('button', { name: 'Book' }));
    await user.click(await within(panel()).findByRole('button', { name: 'Pay ₹1,500' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]).toMatchObject({
      key: 'rzp_test_1',
      order_id: 'order_1',
      amount: 150_000,
      currency: 'INR',
    });
    (opened[0]!.handler as () => void)();
    expect(assign).toHaveBeenCalledWith(`/payment-success?bookingId=${BOOKING_ID}`);
    // Closing Checkout without paying gives the Pay button back.
    expect(within(panel()).getByRole('button', { name: 'Pay ₹1,500' })).toBeDisabled();
    act(() => (opened[0]!.modal as { ondismiss: () => void }).ondismiss());
    expect(within(panel()).getByRole('button', { name: 'Pay ₹1,500' })).toBeEnabled();
  });

  it('shows Stripe’s Payment Element for a Stripe payment, returning to /payment-success, and shows a refusal', async () => {
    const user = userEvent.setup();
    const mounted: HTMLElement[] = [];
    const confirmPayment = vi.fn(async () => ({ error: { message: 'Your card was declined.' } }));
    const elements = {
      create: () => ({ mount: (element: HTMLElement) => mounted.push(element), destroy: () => {} }),
    };
    const Stripe = vi.fn(() => ({ elements: vi.fn(() => elements), confirmPayment }));
    vi.stubGlobal('Stripe', Stripe);
    open({
      'POST /api/bookings': () => json(201, { booking: held() }),
      'POST /api/payments/create': () =>
        json(200, {
          provider: 'stripe',
          paymentId: 'pi_1',
          amount: 150_000,
          currency: 'INR',
          clientSecret: 'pi_1_secret',
          publishableKey: 'pk_test_1',
        }),
    });
    await screen.findByRole('grid', { name: 'December 2026' });
    await user.click(screen.getByRole('button', { name: '10:00 AM' }));
    await user.click(within(panel()).getByRole('button', { name: 'Book' }));
    await user.click(await within(panel()).findByRole('button', { name: 'Pay ₹1,500' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay ₹1,500' });
    await waitFor(() => expect(mounted).toHaveLength(1));
    expect(Stripe).toHaveBeenCalledWith('pk_test_1');
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₹1,500' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({
        confirmParams: { return_url: `${window.location.origin}/payment-success?bookingId=${BOOKING_ID}` },
      }),
    );
  });

  it('says the hold lapsed when the countdown runs out, and asks for a slot again', async () => {
    const user = userEvent.setup();
    const { callsTo } = open({ 'POST /api/bookings': () => json(201, { booking: held() }) });
    await screen.findByRole('grid', { name: 'December 2026' });
    await user.click(screen.getByRole('button', { name: '10:00 AM' }));
    await user.click(within(panel()).getByRole('button', { name: 'Book' }));
    await within(panel()).findByRole('button', { name: 'Pay ₹1,500' });

    vi.setSystemTime(new Date(NOW + (HOLD_MINUTES - 4) * 60_000));
    await waitFor(() => expect(panel()).toHaveTextContent('You’re holding this hour — 04:00 left'), {
      timeout: 2500,
    });
    expect(screen.getByTestId('hold-announcement')).toHaveTextContent('5 minutes left to pay.');

    const slotReads = callsTo('GET', `/api/mentors/availability/${MENTOR_ID}/slots`).length;
    vi.setSystemTime(new Date(NOW + HOLD_MINUTES * 60_000 + 1000));
    expect(await within(panel()).findByRole('status', {}, { timeout: 2500 })).toHaveTextContent(
      'Your hold lapsed. Choose a time again to book it.',
    );
    expect(within(panel()).queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '10:00 AM' })).toHaveAttribute('aria-pressed', 'false');
    // The lapsed hold freed the hour: the free hours are read again.
    await waitFor(() =>
      expect(callsTo('GET', `/api/mentors/availability/${MENTOR_ID}/slots`).length).toBeGreaterThan(
        slotReads,
      ),
    );
  });

  it('sends a signed-out visitor to sign in, then back to the same mentor with the same hour chosen', async () => {
    const user = userEvent.setup();
    const { router, store } = open({}, null);
    await screen.findByRole('grid', { name: 'December 2026' });
    await user.click(screen.getByRole('button', { name: '11:00 AM' }));
    await user.click(within(panel()).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({
      from: `/mentor-profile/${MENTOR_ID}?slot=${encodeURIComponent(ELEVEN)}`,
    });

    // Signing in on the login page sends them back (the guest-only guard follows `from`).
    store.dispatch(login(grace));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/mentor-profile/${MENTOR_ID}`));
    expect(router.state.location.search).toBe(`?slot=${encodeURIComponent(ELEVEN)}`);
    expect(await screen.findByRole('button', { name: '11:00 AM' })).toHaveAttribute('aria-pressed', 'true');
    expect(panel()).toHaveTextContent('Tue, Dec 1, 2026, 11:00 AM GMT+5:30');
    expect(within(panel()).getByRole('button', { name: 'Book' })).toBeInTheDocument();
  });

  it('offers the mentor no Book button on their own profile', async () => {
    const user = userEvent.setup();
    const { callsTo } = open({}, ada);
    await screen.findByRole('grid', { name: 'December 2026' });
    await user.click(screen.getByRole('button', { name: '10:00 AM' }));
    expect(panel()).toHaveTextContent('This is your own profile: others book these hours with you.');
    expect(within(panel()).queryByRole('button', { name: 'Book' })).not.toBeInTheDocument();
    expect(callsTo('POST', '/api/bookings')).toHaveLength(0);
  });
});
