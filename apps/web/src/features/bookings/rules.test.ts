import { describe, expect, it } from 'vitest';
import {
  bookingActions,
  cancellationRefundText,
  formatCountdown,
  holdAnnouncement,
  joinState,
  otherParty,
  parseStatusFilter,
  paymentOutcome,
  paymentWaitEnds,
  statusLabels,
  upcomingAndPast,
} from './rules';
import { aBooking, MENTEE_ID, MENTOR_ID } from './test-bookings';

const HOUR = 3_600_000;
const START = Date.parse('2026-12-01T04:30:00.000Z');
const before = (hours: number) => new Date(START - hours * HOUR);

describe('formatCountdown', () => {
  it('reads minutes and seconds, rounding up to the whole second', () => {
    expect(formatCountdown(15 * 60_000)).toBe('15:00');
    expect(formatCountdown(61_000)).toBe('01:01');
    expect(formatCountdown(59_001)).toBe('01:00');
    expect(formatCountdown(500)).toBe('00:01');
  });
  it('never goes below zero', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5000)).toBe('00:00');
  });
});

describe('holdAnnouncement', () => {
  it('changes only at the marks, so a polite live region does not speak every second', () => {
    expect(holdAnnouncement(14 * 60_000, 15)).toBe('The slot is held for you for 15 minutes while you pay.');
    expect(holdAnnouncement(10 * 60_000 + 1000, 15)).toBe(
      'The slot is held for you for 15 minutes while you pay.',
    );
    expect(holdAnnouncement(10 * 60_000, 15)).toBe('10 minutes left to pay.');
    expect(holdAnnouncement(6 * 60_000, 15)).toBe('10 minutes left to pay.');
    expect(holdAnnouncement(5 * 60_000, 15)).toBe('5 minutes left to pay.');
    expect(holdAnnouncement(90_000, 15)).toBe('2 minutes left to pay.');
    expect(holdAnnouncement(45_000, 15)).toBe('1 minute left to pay.');
    expect(holdAnnouncement(30_000, 15)).toBe('30 seconds left to pay.');
    expect(holdAnnouncement(1000, 15)).toBe('30 seconds left to pay.');
    expect(holdAnnouncement(0, 15)).toBe('Your hold lapsed.');
  });
});

describe('statuses', () => {
  it('has a readable label for every status', () => {
    expect(statusLabels.pending_payment).toBe('Awaiting payment');
    expect(statusLabels.payment_failed).toBe('Payment failed');
    expect(Object.values(statusLabels).every((label) => !label.includes('_'))).toBe(true);
  });
  it('reads the filter from the URL, and shows everything for an unknown one', () => {
    expect(parseStatusFilter('confirmed')).toBe('confirmed');
    expect(parseStatusFilter(null)).toBe('all');
    expect(parseStatusFilter('bogus')).toBe('all');
  });
  it('tells the payer the outcome of each status', () => {
    expect(paymentOutcome('pending_payment')).toBe('waiting');
    expect(paymentOutcome('confirmed')).toBe('confirmed');
    expect(paymentOutcome('completed')).toBe('confirmed');
    expect(paymentOutcome('payment_failed')).toBe('declined');
    expect(paymentOutcome('expired')).toBe('lapsed');
    expect(paymentOutcome('cancelled')).toBe('cancelled');
  });
  it('waits for the payment until a minute after the hold ends', () => {
    expect(paymentWaitEnds(aBooking({ holdExpiresAt: '2026-11-23T09:15:00.000Z' }))).toBe(
      Date.parse('2026-11-23T09:16:00.000Z'),
    );
  });
});

describe('otherParty', () => {
  it('is the mentee for the mentor, and the mentor for the mentee', () => {
    expect(otherParty(aBooking(), MENTOR_ID)).toMatchObject({ name: 'Grace Hopper', role: 'Mentee' });
    expect(otherParty(aBooking(), MENTEE_ID)).toMatchObject({ name: 'Ada Lovelace', role: 'Mentor' });
  });
});

describe('joinState', () => {
  const MINUTE = 60_000;
  const END = START + HOUR;
  it('opens the room of a confirmed session from 10 minutes before the start until 15 minutes after the end', () => {
    const booking = aBooking();
    expect(joinState(booking, before(1))).toBe('opens-later');
    expect(joinState(booking, new Date(START - 10 * MINUTE - 1))).toBe('opens-later');
    expect(joinState(booking, new Date(START - 10 * MINUTE))).toBe('open');
    expect(joinState(booking, new Date(END + 15 * MINUTE - 1))).toBe('open');
    expect(joinState(booking, new Date(END + 15 * MINUTE))).toBe('none');
  });
  it('keeps a completed session joinable within the window, and nothing else', () => {
    expect(joinState(aBooking({ status: 'completed' }), new Date(END + 5 * MINUTE))).toBe('open');
    expect(joinState(aBooking({ status: 'completed' }), new Date(END + 20 * MINUTE))).toBe('none');
    for (const status of ['pending_payment', 'expired', 'payment_failed', 'cancelled'] as const) {
      expect(joinState(aBooking({ status }), new Date(START))).toBe('none');
      expect(joinState(aBooking({ status }), before(2))).toBe('none');
    }
  });
});

describe('bookingActions', () => {
  it('offers Reschedule to the mentee more than 12 hours ahead and twice at most, to the mentor until the start', () => {
    expect(bookingActions(aBooking(), MENTEE_ID, new Date(START - 12 * HOUR - 1000)).reschedule).toBe(true);
    expect(bookingActions(aBooking(), MENTEE_ID, before(12)).reschedule).toBe(false);
    expect(bookingActions(aBooking(), MENTOR_ID, new Date(START - 1000)).reschedule).toBe(true);
    expect(bookingActions(aBooking(), MENTOR_ID, before(0)).reschedule).toBe(false);
    expect(bookingActions(aBooking({ rescheduleCount: 2 }), MENTOR_ID, before(48)).reschedule).toBe(false);
  });
  it('offers Cancel on a confirmed session before its start, to either person', () => {
    expect(bookingActions(aBooking(), MENTEE_ID, before(1))).toEqual({
      pay: false,
      cancel: true,
      reschedule: false,
      review: false,
      writeNotes: false,
    });
    expect(bookingActions(aBooking(), MENTOR_ID, before(1))).toEqual({
      pay: false,
      cancel: true,
      reschedule: true,
      review: false,
      writeNotes: false,
    });
  });
  it('offers nothing once the session has started, or for other statuses', () => {
    expect(bookingActions(aBooking(), MENTEE_ID, before(0))).toEqual({
      pay: false,
      cancel: false,
      reschedule: false,
      review: false,
      writeNotes: false,
    });
    for (const status of ['expired', 'payment_failed', 'cancelled'] as const) {
      expect(bookingActions(aBooking({ status }), MENTEE_ID, before(5))).toEqual({
        pay: false,
        cancel: false,
        reschedule: false,
        review: false,
        writeNotes: false,
      });
    }
  });
  it('offers Pay to the mentee of a held booking until the hold ends, never to the mentor', () => {
    const held = aBooking({ status: 'pending_payment', holdExpiresAt: '2026-11-23T09:15:00.000Z' });
    expect(bookingActions(held, MENTEE_ID, new Date('2026-11-23T09:14:59.000Z'))).toEqual({
      pay: true,
      cancel: false,
      reschedule: false,
      review: false,
      writeNotes: false,
    });
    expect(bookingActions(held, MENTEE_ID, new Date('2026-11-23T09:15:00.000Z'))).toEqual({
      pay: false,
      cancel: false,
      reschedule: false,
      review: false,
      writeNotes: false,
    });
    expect(bookingActions(held, MENTOR_ID, new Date('2026-11-23T09:00:00.000Z'))).toEqual({
      pay: false,
      cancel: false,
      reschedule: false,
      review: false,
      writeNotes: false,
    });
  });
  it('offers a review to the mentee of a completed session without one, never to the mentor', () => {
    const completed = aBooking({ status: 'completed' });
    expect(bookingActions(completed, MENTEE_ID, before(-2))).toEqual({
      pay: false,
      cancel: false,
      reschedule: false,
      review: true,
      writeNotes: false,
    });
    expect(bookingActions(completed, MENTOR_ID, before(-2))).toEqual({
      pay: false,
      cancel: false,
      reschedule: false,
      review: false,
      writeNotes: true,
    });
    const reviewed = aBooking({
      status: 'completed',
      review: { rating: 5, comment: 'Great', createdAt: '2026-12-01T06:00:00.000Z' },
    });
    expect(bookingActions(reviewed, MENTEE_ID, before(-2))).toEqual({
      pay: false,
      cancel: false,
      reschedule: false,
      review: false,
      writeNotes: false,
    });
  });
  it('offers the notes to the mentor from the start of a confirmed session, never before, never to the mentee', () => {
    expect(bookingActions(aBooking(), MENTOR_ID, before(0)).writeNotes).toBe(true);
    expect(bookingActions(aBooking(), MENTOR_ID, new Date(START - 1000)).writeNotes).toBe(false);
    expect(bookingActions(aBooking(), MENTEE_ID, before(0)).writeNotes).toBe(false);
    expect(bookingActions(aBooking({ status: 'cancelled' }), MENTOR_ID, before(-2)).writeNotes).toBe(false);
  });
});

describe('cancellationRefundText', () => {
  it('gives the mentee the tier of the policy', () => {
    expect(cancellationRefundText(aBooking(), MENTEE_ID, before(25))).toBe('You will get ₹1,500 back.');
    expect(cancellationRefundText(aBooking(), MENTEE_ID, before(24))).toBe(
      'You will get ₹750 back: half, as the session starts within 24 hours.',
    );
    expect(cancellationRefundText(aBooking(), MENTEE_ID, before(2))).toBe(
      'You will get ₹750 back: half, as the session starts within 24 hours.',
    );
    expect(cancellationRefundText(aBooking(), MENTEE_ID, before(1.5))).toBe(
      'You will get ₹0 back: the session starts in under 2 hours.',
    );
  });
  it('returns everything to the mentee when the mentor cancels', () => {
    expect(cancellationRefundText(aBooking(), MENTOR_ID, before(1))).toBe('Your mentee gets ₹1,500 back.');
  });
  it('keeps the paise of half an odd amount', () => {
    expect(cancellationRefundText(aBooking({ amount: 150_101 }), MENTEE_ID, before(10))).toContain('₹750.50');
  });
});

describe('upcomingAndPast', () => {
  const now = before(48).getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  const at = (id: string, hoursFromStart: number, changes: Parameters<typeof aBooking>[0] = {}) =>
    aBooking({
      id,
      startTime: iso(START + hoursFromStart * HOUR),
      endTime: iso(START + (hoursFromStart + 1) * HOUR),
      ...changes,
    });

  it('puts running holds on top (soonest to lapse first), then sessions to come soonest first; the rest is past, newest first', () => {
    const later = at('later', 24);
    const sooner = at('sooner', 0);
    const holdLate = at('hold-late', 48, {
      status: 'pending_payment',
      holdExpiresAt: iso(now + 10 * 60_000),
    });
    const holdSoon = at('hold-soon', 72, { status: 'pending_payment', holdExpiresAt: iso(now + 60_000) });
    const lapsedHold = at('lapsed-hold', 5, { status: 'pending_payment', holdExpiresAt: iso(now - 1000) });
    const declined = at('declined', 3, { status: 'payment_failed' });
    const cancelled = at('cancelled', 30, { status: 'cancelled' });
    const done = at('done', -72, { status: 'completed' });
    // Confirmed and over, not yet marked completed by its job.
    const over = at('over', -49, { status: 'confirmed' });
    const { upcoming, past } = upcomingAndPast(
      [done, later, declined, holdLate, sooner, lapsedHold, cancelled, holdSoon, over],
      now,
    );
    expect(upcoming.map((booking) => booking.id)).toEqual(['hold-soon', 'hold-late', 'sooner', 'later']);
    expect(past.map((booking) => booking.id)).toEqual([
      'cancelled',
      'lapsed-hold',
      'declined',
      'over',
      'done',
    ]);
  });

  it('keeps a session under way upcoming until it ends', () => {
    const underWay = at('now', 0);
    expect(upcomingAndPast([underWay], START + 30 * 60_000).upcoming).toEqual([underWay]);
    expect(upcomingAndPast([underWay], START + HOUR).past).toEqual([underWay]);
  });
});
