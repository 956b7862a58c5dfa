import type { Booking } from '@skillroute/shared/bookings';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login, type SessionUser } from '@/features/auth/api';
import { aBooking, BOOKING_ID, MENTEE_ID, MENTOR_ID } from '@/features/bookings/test-bookings';
import { resetToasts } from '@/lib/use-toast';
import { envelope, json, serve, type RecordedCall, type Routes } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';
import { routes } from '@/app/routes';

const HOUR = 3_600_000;
const START = Date.parse('2026-12-01T04:30:00.000Z');
const grace = {
  id: MENTEE_ID,
  name: 'Grace',
  email: 'grace@example.com',
  role: 'user',
  avatar: null,
} as const;
const ada = { id: MENTOR_ID, name: 'Ada', email: 'ada@example.com', role: 'mentor', avatar: null } as const;
const OTHER_ID = '7e6d5c4b-3a29-4817-a6f5-e4d3c2b1a098';
const listPath = (userId: string) => `/api/bookings/profile/${userId}`;

function open(
  bookings: (call: RecordedCall) => Booking[],
  { user = grace as SessionUser, path = '/profile/bookings', extra = {} as Routes } = {},
) {
  const server = serve({
    'GET /api/auth/session': () => json(200, { user }),
    [`GET ${listPath(user.id)}`]: (call) => json(200, { bookings: bookings(call) }),
    ...extra,
  });
  const store = makeTestStore();
  store.dispatch(login(user));
  return { ...server, ...renderRoutes(routes, path, store) };
}

/** The bookings shown, Upcoming's then Past's. */
const items = () =>
  screen
    .getAllByRole('list', { name: /^(Upcoming|Past) bookings$/ })
    .flatMap((list) => within(list).getAllByRole('article'));
const at = (hoursBeforeStart: number) => vi.setSystemTime(new Date(START - hoursBeforeStart * HOUR));

beforeEach(() => {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone: 'Asia/Kolkata' };
  });
  vi.useFakeTimers({ toFake: ['Date'] });
  at(48);
});
afterEach(() => {
  act(() => resetToasts());
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('/profile/bookings', () => {
  it('is a section of the profile menu, and lists bookings as mentee and as mentor with the other person, amount, status, refund and reason', async () => {
    const asMentor = aBooking({
      id: OTHER_ID,
      mentorId: MENTEE_ID,
      menteeId: OTHER_ID,
      mentor: { id: MENTEE_ID, name: 'Grace', avatar: null },
      mentee: { id: OTHER_ID, name: 'Linus Torvalds', avatar: null },
      status: 'cancelled',
      startTime: '2026-11-20T04:30:00.000Z',
      cancellation: {
        cancelledBy: 'mentee',
        reason: 'Something came up at work',
        cancelledAt: '2026-11-19T04:30:00.000Z',
      },
      refund: { amount: 75_000, status: 'succeeded', reason: 'cancelled_by_mentee' },
    });
    open(() => [aBooking(), asMentor]);
    const menu = (await screen.findAllByRole('navigation', { name: 'Profile' }))[0]!;
    expect(within(menu).getByRole('link', { name: 'Bookings' })).toHaveAttribute('href', '/profile/bookings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bookings' })).toBeInTheDocument();

    const [first, second] = await waitFor(() => items());
    expect(within(first!).getByRole('heading')).toHaveTextContent('Tue, Dec 1, 2026, 10:00 AM GMT+5:30');
    expect(first).toHaveTextContent('Mentor: Ada Lovelace');
    expect(first).toHaveTextContent('Amount₹1,500');
    expect(first).toHaveTextContent('Confirmed');
    expect(within(first!).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(first!).queryByRole('button', { name: /join/i })).not.toBeInTheDocument();

    expect(second).toHaveTextContent('Mentee: Linus Torvalds');
    expect(second).toHaveTextContent('Cancelled');
    expect(second).toHaveTextContent('Refund₹750 · Refunded');
    expect(second).toHaveTextContent('Cancelled byYour mentee');
    expect(second).toHaveTextContent('ReasonSomething came up at work');
    expect(within(second!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows Upcoming (unpaid holds on top with their countdown, then soonest first) and Past (newest first) under their headings', async () => {
    const now = START - 48 * HOUR;
    const iso = (ms: number) => new Date(ms).toISOString();
    const session = (id: string, start: number, changes: Partial<Booking> = {}) =>
      aBooking({ id, startTime: iso(start), endTime: iso(start + HOUR), ...changes });
    const ids = {
      soon: '00000000-0000-4000-8000-000000000001',
      later: '00000000-0000-4000-8000-000000000002',
      hold: '00000000-0000-4000-8000-000000000003',
      done: '00000000-0000-4000-8000-000000000004',
      older: '00000000-0000-4000-8000-000000000005',
    };
    // In the api's order: soonest upcoming first, then past newest first (holds not on top).
    open(() => [
      session(ids.soon, START, { mentor: { id: MENTOR_ID, name: 'Soon Mentor', avatar: null } }),
      session(ids.later, START + 72 * HOUR, {
        mentor: { id: MENTOR_ID, name: 'Later Mentor', avatar: null },
      }),
      session(ids.hold, START + 96 * HOUR, {
        status: 'pending_payment',
        holdExpiresAt: iso(now + 10 * 60_000),
        mentor: { id: MENTOR_ID, name: 'Held Mentor', avatar: null },
      }),
      session(ids.done, START - 72 * HOUR, {
        status: 'completed',
        mentor: { id: MENTOR_ID, name: 'Done Mentor', avatar: null },
      }),
      session(ids.older, START - 96 * HOUR, {
        status: 'payment_failed',
        mentor: { id: MENTOR_ID, name: 'Older Mentor', avatar: null },
      }),
    ]);
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    const past = screen.getByRole('region', { name: 'Past' });
    const names = (section: HTMLElement) =>
      within(section)
        .getAllByRole('article')
        .map((item) => /Mentor: (\w+)/.exec(item.textContent ?? '')?.[1]);
    expect(names(upcoming)).toEqual(['Held', 'Soon', 'Later']);
    expect(names(past)).toEqual(['Done', 'Older']);
    const [held] = within(upcoming).getAllByRole('article');
    expect(held).toHaveTextContent('You’re holding this hour — 10:00 left');
    expect(within(held!).getByRole('button', { name: 'Pay ₹1,500' })).toBeInTheDocument();
    // The heading comes before its list.
    expect(within(upcoming).getByRole('heading', { level: 2 })).toHaveTextContent('Upcoming');
  });

  it('says when nothing is coming up', async () => {
    const done = aBooking({
      status: 'completed',
      startTime: '2026-11-20T04:30:00.000Z',
      endTime: '2026-11-20T05:30:00.000Z',
    });
    open(() => [done]);
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    expect(upcoming).toHaveTextContent('Nothing coming up.');
    expect(within(upcoming).getByRole('link', { name: 'Find a mentor' })).toHaveAttribute(
      'href',
      '/explore-mentors',
    );
    expect(within(screen.getByRole('region', { name: 'Past' })).getAllByRole('article')).toHaveLength(1);
  });

  it('shows only the sections that have bookings under a status filter', async () => {
    open(() => [aBooking({ status: 'expired' })], { path: '/profile/bookings?status=expired' });
    const past = await screen.findByRole('region', { name: 'Past' });
    expect(within(past).getAllByRole('article')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Upcoming' })).not.toBeInTheDocument();
  });

  it('writes times in the zone the account keeps, over the browser’s', async () => {
    open(() => [aBooking()], { user: { ...grace, timezone: 'America/New_York' } });
    const [first] = await waitFor(() => items());
    // The browser says India; the account says New York: 04:30 UTC is the evening before there.
    expect(within(first!).getByRole('heading')).toHaveTextContent('Mon, Nov 30, 2026, 11:30 PM EST');
  });

  it('shows a refund that failed for good as failed, and says what that means', async () => {
    open(() => [
      aBooking({
        status: 'cancelled',
        cancellation: {
          cancelledBy: 'mentor',
          reason: 'I am unwell',
          cancelledAt: '2026-11-29T04:30:00.000Z',
        },
        refund: { amount: 150_000, status: 'failed', reason: 'cancelled_by_mentor' },
      }),
    ]);
    const [item] = await waitFor(() => items());
    expect(item).toHaveTextContent('Refund₹1,500 · Refund failed');
    expect(item).toHaveTextContent(
      'The payment service did not take this refund. Skillroute’s team sees it and can send it again.',
    );
  });

  it('links the mentee to the receipt of a paid booking and the credit note of a refunded one, and not the mentor', async () => {
    const paid = aBooking({ receiptNumber: 'SR/2026-27/000007' });
    const refunded = aBooking({
      id: OTHER_ID,
      status: 'cancelled',
      receiptNumber: 'SR/2026-27/000003',
      creditNoteNumber: 'CN/2026-27/000001',
      refund: { amount: 75_000, status: 'succeeded', reason: 'cancelled_by_mentee' },
    });
    const unpaid = aBooking({ id: '00000000-0000-4000-8000-000000000009', status: 'expired' });
    open(() => [paid, refunded, unpaid]);
    const [first, second, third] = await waitFor(() => items());

    const receipt = within(first!).getByRole('link', { name: /^Download receipt/ });
    expect(receipt).toHaveAttribute('href', `/api/bookings/${BOOKING_ID}/receipt.pdf`);
    expect(receipt).toHaveAttribute('download');
    expect(receipt).toHaveAccessibleName('Download receipt SR/2026-27/000007');
    expect(within(first!).queryByRole('link', { name: /credit note/ })).not.toBeInTheDocument();

    expect(within(second!).getByRole('link', { name: /^Download receipt/ })).toHaveAttribute(
      'href',
      `/api/bookings/${OTHER_ID}/receipt.pdf`,
    );
    expect(within(second!).getByRole('link', { name: /^Download credit note/ })).toHaveAttribute(
      'href',
      `/api/bookings/${OTHER_ID}/credit-note.pdf`,
    );
    expect(within(third!).queryByRole('link', { name: /^Download/ })).not.toBeInTheDocument();
  });

  it('offers the mentor no receipt to download, even one the list carried', async () => {
    open(() => [aBooking({ receiptNumber: 'SR/2026-27/000007' })], { user: ada as SessionUser });
    const [item] = await waitFor(() => items());
    expect(within(item!).queryByRole('link', { name: /^Download/ })).not.toBeInTheDocument();
  });

  it('offers Join to either person from 10 minutes before the start to 15 minutes after the end, and says when before', async () => {
    at(1);
    const first = open(() => [aBooking()]);
    const [early] = await waitFor(() => items());
    expect(early).toHaveTextContent('Join opens 10 minutes before the start.');
    expect(within(early!).queryByRole('link', { name: 'Join' })).not.toBeInTheDocument();
    first.unmount();

    vi.setSystemTime(new Date(START - 10 * 60_000));
    const second = open(() => [aBooking()], { user: ada });
    const [inWindow] = await waitFor(() => items());
    expect(within(inWindow!).getByRole('link', { name: 'Join' })).toHaveAttribute('href', '/meet/room-1');
    expect(inWindow).not.toHaveTextContent('Join opens');
    second.unmount();

    vi.setSystemTime(new Date(START + HOUR + 15 * 60_000));
    open(() => [aBooking({ status: 'completed' })]);
    const [closed] = await waitFor(() => items());
    expect(within(closed!).queryByRole('link', { name: 'Join' })).not.toBeInTheDocument();
    expect(closed).not.toHaveTextContent('Join opens');
  });

  it('filters by status through ?status=, with readable labels', async () => {
    const user = userEvent.setup();
    const { router, callsTo } = open(
      (call) => (call.query.get('status') === 'completed' ? [aBooking({ status: 'completed' })] : []),
      { path: '/profile/bookings?status=payment_failed' },
    );
    expect(await screen.findByText('No bookings with the status "Payment failed".')).toBeInTheDocument();
    expect(callsTo('GET', listPath(MENTEE_ID))[0]?.query.get('status')).toBe('payment_failed');

    await user.click(screen.getByRole('combobox', { name: 'Show bookings' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All',
      'Awaiting payment',
      'Confirmed',
      'Completed',
      'Hold lapsed',
      'Payment failed',
      'Cancelled',
      'No-show',
    ]);
    await user.click(screen.getByRole('option', { name: 'Completed' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=completed'));
    expect(await screen.findByText('Completed', { selector: '[data-slot="badge"]' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Show bookings' }));
    await user.click(screen.getByRole('option', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('You have no bookings yet.')).toBeInTheDocument();
    expect(callsTo('GET', listPath(MENTEE_ID)).at(-1)?.query.has('status')).toBe(false);
  });

  it('shows an error with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    serve({
      'GET /api/auth/session': () => json(200, { user: grace }),
      [`GET ${listPath(MENTEE_ID)}`]: () =>
        fail ? envelope(500, 'Something went wrong.') : json(200, { bookings: [aBooking()] }),
    });
    const store = makeTestStore();
    store.dispatch(login(grace));
    renderRoutes(routes, '/profile/bookings', store);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your bookings could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Upcoming bookings' })).toBeInTheDocument();
  });

  it.each([
    ['the mentee, more than 24 hours before', grace, 25, 'You will get ₹1,500 back.'],
    [
      'the mentee, from 24 to 2 hours before',
      grace,
      24,
      'You will get ₹750 back: half, as the session starts within 24 hours.',
    ],
    [
      'the mentee, under 2 hours before',
      grace,
      1,
      'You will get ₹0 back: the session starts in under 2 hours.',
    ],
    ['the mentor, at any time', ada, 1, 'Your mentee gets ₹1,500 back.'],
  ])('states the refund in the cancel dialog for %s', async (_who, user, hoursBefore, text) => {
    at(hoursBefore);
    open(() => [aBooking()], { user });
    const [item] = await waitFor(() => items());
    await userEvent.setup().click(within(item!).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this session?' });
    expect(dialog).toHaveAccessibleDescription(text);
  });

  it('requires a reason, then cancels and shows the refund in a toast', async () => {
    const user = userEvent.setup();
    at(10);
    let cancelled = false;
    const { callsTo } = open(
      () => [
        cancelled
          ? aBooking({
              status: 'cancelled',
              cancellation: { cancelledBy: 'mentee', reason: 'Ill', cancelledAt: new Date().toISOString() },
              refund: { amount: 75_000, status: 'pending', reason: 'cancelled_by_mentee' },
            })
          : aBooking(),
      ],
      {
        extra: {
          [`POST /api/bookings/${BOOKING_ID}/cancel`]: () => {
            cancelled = true;
            return json(200, {
              booking: aBooking({ status: 'cancelled' }),
              refund: { amount: 75_000, currency: 'INR', status: 'pending' },
            });
          },
        },
      },
    );
    const [item] = await waitFor(() => items());
    await user.click(within(item!).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this session?' });
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel the session' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please give a reason for cancelling.');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('POST', `/api/bookings/${BOOKING_ID}/cancel`)).toHaveLength(0);

    await user.type(reason, 'Ill');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the session' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('POST', `/api/bookings/${BOOKING_ID}/cancel`)[0]?.body).toEqual({ reason: 'Ill' });
    expect(await screen.findByText('You will get ₹750 back.')).toBeInTheDocument();
    await waitFor(() => expect(items()[0]).toHaveTextContent('Refund₹750 · Refund pending'));
  });

  it('shows the server’s refusal in the cancel dialog', async () => {
    const user = userEvent.setup();
    open(() => [aBooking()], {
      extra: {
        [`POST /api/bookings/${BOOKING_ID}/cancel`]: () =>
          envelope(409, 'Only a confirmed session that has not started can be cancelled.'),
      },
    });
    const [item] = await waitFor(() => items());
    await user.click(within(item!).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Busy');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the session' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only a confirmed session that has not started can be cancelled.',
    );
  });

  it('lets the mentee move a confirmed session to a free hour of the mentor, shown in their zone, and says so', async () => {
    const user = userEvent.setup();
    const newStart = '2026-12-03T05:30:00.000Z';
    let moved = false;
    const { callsTo } = open(
      () => [
        moved
          ? aBooking({
              startTime: newStart,
              endTime: '2026-12-03T06:30:00.000Z',
              rescheduleCount: 1,
              previousStartTimes: [new Date(START).toISOString()],
            })
          : aBooking(),
      ],
      {
        extra: {
          [`GET /api/mentors/availability/${MENTOR_ID}/slots`]: () =>
            json(200, {
              timezone: 'Asia/Kolkata',
              slots: [
                { startTime: newStart, endTime: '2026-12-03T06:30:00.000Z' },
                { startTime: '2026-12-03T06:30:00.000Z', endTime: '2026-12-03T07:30:00.000Z' },
              ],
            }),
          [`POST /api/bookings/${BOOKING_ID}/reschedule`]: () => {
            moved = true;
            return json(200, { booking: aBooking({ startTime: newStart, rescheduleCount: 1 }) });
          },
        },
      },
    );
    const [item] = await waitFor(() => items());
    await user.click(within(item!).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move this session' });
    expect(dialog).toHaveTextContent('Now on Tue, Dec 1, 2026, 10:00 AM GMT+5:30');
    expect(dialog).toHaveTextContent('until 12 hours before it starts, at most 2 times');
    expect(dialog).toHaveTextContent('It can be moved 2 more times.');
    const move = within(dialog).getByRole('button', { name: 'Choose a new hour' });
    expect(move).toBeDisabled();

    await user.click(await within(dialog).findByRole('button', { name: '11:00 AM' }));
    await user.click(
      within(dialog).getByRole('button', { name: 'Move to Thu, Dec 3, 2026, 11:00 AM GMT+5:30' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [sent] = callsTo('POST', `/api/bookings/${BOOKING_ID}/reschedule`);
    expect(sent?.body).toEqual({ startTime: newStart });
    expect(
      await screen.findByText(/Your session is now on Thu, Dec 3, 2026, 11:00 AM GMT\+5:30/),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(items()[0]).toHaveTextContent('Moved fromTue, Dec 1, 2026, 10:00 AM GMT+5:30'),
    );
    expect(within(items()[0]!).getByRole('heading')).toHaveTextContent('Thu, Dec 3, 2026, 11:00 AM GMT+5:30');
  });

  it('shows the server’s refusal in the reschedule dialog and reads the free hours again', async () => {
    const user = userEvent.setup();
    const slot = { startTime: '2026-12-03T05:30:00.000Z', endTime: '2026-12-03T06:30:00.000Z' };
    const { callsTo } = open(() => [aBooking()], {
      extra: {
        [`GET /api/mentors/availability/${MENTOR_ID}/slots`]: () =>
          json(200, { timezone: 'Asia/Kolkata', slots: [slot] }),
        [`POST /api/bookings/${BOOKING_ID}/reschedule`]: () =>
          envelope(409, 'This slot was just taken. Please choose another time.'),
      },
    });
    const [item] = await waitFor(() => items());
    await user.click(within(item!).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: '11:00 AM' }));
    await user.click(within(dialog).getByRole('button', { name: /^Move to / }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This slot was just taken. Please choose another time.',
    );
    await waitFor(() =>
      expect(callsTo('GET', `/api/mentors/availability/${MENTOR_ID}/slots`)).toHaveLength(2),
    );
    expect(within(dialog).getByRole('button', { name: 'Choose a new hour' })).toBeDisabled();
  });

  it('offers Reschedule to the mentee until 12 hours before the start and twice at most, and to the mentor until the start', async () => {
    at(12);
    open(() => [aBooking()]);
    const [item] = await waitFor(() => items());
    expect(within(item!).queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
    expect(within(item!).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('offers the mentor Reschedule an hour before the start, but not after two moves', async () => {
    at(1);
    const twice = aBooking({
      id: OTHER_ID,
      startTime: new Date(START + 2 * HOUR).toISOString(),
      rescheduleCount: 2,
      previousStartTimes: ['2026-11-28T04:30:00.000Z', '2026-11-29T04:30:00.000Z'],
    });
    open(() => [aBooking(), twice], { user: ada as SessionUser });
    const [first, second] = await waitFor(() => items());
    expect(within(first!).getByRole('button', { name: 'Reschedule' })).toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
    expect(second).toHaveTextContent(
      'Moved fromSat, Nov 28, 2026, 10:00 AM GMT+5:30Sun, Nov 29, 2026, 10:00 AM GMT+5:30',
    );
  });

  it('lets the mentee review a completed session: a rating is required, the comment is at most 1000 characters, then the item shows the review', async () => {
    const user = userEvent.setup();
    at(-3);
    let reviewed = false;
    const review = { rating: 4, comment: 'Clear and kind.', createdAt: new Date().toISOString() };
    const { callsTo } = open(() => [aBooking({ status: 'completed', ...(reviewed ? { review } : {}) })], {
      extra: {
        [`POST /api/bookings/${BOOKING_ID}/review`]: () => {
          reviewed = true;
          return json(201, { review });
        },
      },
    });
    const [item] = await waitFor(() => items());
    expect(within(item!).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await user.click(within(item!).getByRole('button', { name: 'Write a review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review your session' });
    const stars = within(dialog).getByRole('group', { name: 'Rating' });
    expect(
      within(stars)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4', '5']);

    await user.click(within(dialog).getByRole('button', { name: 'Send review' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a rating from 1 to 5 stars.');

    // Keyboard: the radios move with the arrow keys.
    within(stars).getByRole('radio', { name: '3 stars' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}');
    expect(within(stars).getByRole('radio', { name: '4 stars' })).toBeChecked();

    const comment = within(dialog).getByLabelText('Comment (optional)');
    fireEvent.change(comment, { target: { value: 'x'.repeat(1001) } });
    expect(dialog).toHaveTextContent('1001/1000');
    await user.click(within(dialog).getByRole('button', { name: 'Send review' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Keep the review under 1000 characters.');
    expect(callsTo('POST', `/api/bookings/${BOOKING_ID}/review`)).toHaveLength(0);

    fireEvent.change(comment, { target: { value: 'Clear and kind.' } });
    await user.click(within(dialog).getByRole('button', { name: 'Send review' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('POST', `/api/bookings/${BOOKING_ID}/review`)[0]?.body).toEqual({
      rating: 4,
      comment: 'Clear and kind.',
    });
    await waitFor(() => expect(items()[0]).toHaveTextContent('Review: 4 out of 5 stars'));
    expect(items()[0]).toHaveTextContent('Clear and kind.');
    expect(within(items()[0]!).queryByRole('button', { name: 'Write a review' })).not.toBeInTheDocument();
  });

  it('lets the mentee pay for a booking still on hold, and not the mentor', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const held = aBooking({
      status: 'pending_payment',
      holdExpiresAt: new Date(START - 48 * HOUR + 10 * 60_000).toISOString(),
    });
    const { callsTo } = open(() => [held], {
      extra: {
        'POST /api/payments/create': () =>
          json(200, {
            provider: 'sandbox',
            paymentId: 'pay_1',
            amount: 150_000,
            currency: 'INR',
            checkoutUrl: '/api/payments/sandbox/checkout/pay_1',
          }),
      },
    });
    const [item] = await waitFor(() => items());
    expect(item).toHaveTextContent('Awaiting payment');
    await user.click(within(item!).getByRole('button', { name: 'Pay ₹1,500' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/checkout/pay_1'));
    expect(callsTo('POST', '/api/payments/create')[0]?.body).toEqual({ bookingId: BOOKING_ID });
    vi.unstubAllGlobals();
  });

  it('offers the mentor of a held booking nothing to do', async () => {
    open(
      () => [
        aBooking({
          status: 'pending_payment',
          holdExpiresAt: new Date(START - 48 * HOUR + 10 * 60_000).toISOString(),
        }),
      ],
      { user: ada },
    );
    const [item] = await waitFor(() => items());
    expect(within(item!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers the mentor of a completed session no review', async () => {
    at(-3);
    open(() => [aBooking({ status: 'completed' })], { user: ada });
    const [item] = await waitFor(() => items());
    expect(item).toHaveTextContent('Mentee: Grace Hopper');
    expect(within(item!).queryByRole('button', { name: 'Write a review' })).not.toBeInTheDocument();
  });

  it('shows the mentee’s agenda to the mentor before the session, and to the mentee as theirs', async () => {
    const agenda = 'Mock interview, then\nfeedback on my resume';
    const first = open(() => [aBooking({ agenda })], { user: ada });
    const [forMentor] = await waitFor(() => items());
    const heading = within(forMentor!).getByRole('heading', {
      name: 'What Grace Hopper would like to talk about',
    });
    expect(heading.closest('section')).toHaveTextContent('Mock interview, then feedback on my resume');
    // Before the start there is nothing to write yet.
    expect(within(forMentor!).queryByRole('textbox')).not.toBeInTheDocument();
    first.unmount();

    open(() => [aBooking({ agenda })]);
    const [forMentee] = await waitFor(() => items());
    expect(
      within(forMentee!).getByRole('heading', { name: 'What you would like to talk about' }),
    ).toBeInTheDocument();
  });

  it('lets the mentor of a started session write notes and homework: required, counted, saved with when', async () => {
    const user = userEvent.setup();
    at(-0.5);
    let saved: Booking['notes'];
    const { callsTo } = open(() => [aBooking(saved ? { notes: saved } : {})], {
      user: ada,
      extra: {
        [`POST /api/bookings/${BOOKING_ID}/notes`]: (call) => {
          saved = { text: (call.body as { text: string }).text, updatedAt: new Date().toISOString() };
          return json(200, { booking: aBooking({ notes: saved }) });
        },
      },
    });
    const [item] = await waitFor(() => items());
    const form = within(item!).getByRole('form', { name: 'Notes and homework' });
    const text = within(form).getByLabelText('For Grace Hopper');
    expect(text).toHaveAccessibleDescription('0/5000');

    await user.click(within(form).getByRole('button', { name: 'Save notes' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Write the notes before saving.');
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('POST', `/api/bookings/${BOOKING_ID}/notes`)).toHaveLength(0);

    fireEvent.change(text, { target: { value: 'x'.repeat(5001) } });
    expect(form).toHaveTextContent('5001/5000');
    await user.click(within(form).getByRole('button', { name: 'Save notes' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent(
        'Keep the notes to 5000 characters or fewer.',
      ),
    );

    await user.clear(text);
    await user.type(text, 'Read chapter 3.{Enter}Practise two problems.');
    await user.keyboard('{Tab}{Enter}');
    await waitFor(() => expect(callsTo('POST', `/api/bookings/${BOOKING_ID}/notes`)).toHaveLength(1));
    expect(callsTo('POST', `/api/bookings/${BOOKING_ID}/notes`)[0]?.body).toEqual({
      text: 'Read chapter 3.\nPractise two problems.',
    });
    expect(await screen.findByText('Notes saved')).toBeInTheDocument();
    await waitFor(() =>
      expect(items()[0]).toHaveTextContent('Last saved Tue, Dec 1, 2026, 10:30 AM GMT+5:30'),
    );
  });

  it('shows the mentee the mentor’s notes, to read only', async () => {
    at(-3);
    open(() => [
      aBooking({
        status: 'completed',
        notes: { text: 'Read chapter 3.\nPractise two problems.', updatedAt: '2026-12-01T06:00:00.000Z' },
      }),
    ]);
    const [item] = await waitFor(() => items());
    const heading = within(item!).getByRole('heading', { name: 'Notes and homework from Ada Lovelace' });
    const section = heading.closest('section')!;
    expect(section).toHaveTextContent('Read chapter 3. Practise two problems.');
    expect(section).toHaveTextContent('Updated Tue, Dec 1, 2026, 11:30 AM GMT+5:30');
    expect(within(item!).queryByRole('form')).not.toBeInTheDocument();
    expect(within(item!).queryByRole('textbox')).not.toBeInTheDocument();
  });
});
