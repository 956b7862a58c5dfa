import { describe, expect, it } from 'vitest';
import {
  AGENDA_MAX,
  createBookingBodySchema,
  notesRefusal,
  partyOf,
  paymentRefusal,
  RESCHEDULE_MAX,
  rescheduleBookingBodySchema,
  rescheduleRefusal,
  SESSION_NOTES_MAX,
  sessionNotesBodySchema,
  type BookingStatus,
} from './bookings';

const booking = { mentorId: 'm', menteeId: 'e' };
const NOW = new Date('2026-12-07T06:00:00Z');
const held = (status: 'pending_payment' | 'confirmed' | 'expired', holdExpiresAt: Date | string) => ({
  ...booking,
  status,
  holdExpiresAt,
});

describe('the party a user is', () => {
  it('is the mentor, the mentee, or neither', () => {
    expect(partyOf(booking, 'm')).toBe('mentor');
    expect(partyOf(booking, 'e')).toBe('mentee');
    expect(partyOf(booking, 'someone else')).toBeUndefined();
  });
});

describe('who may pay for a booking, and when', () => {
  const later = new Date(NOW.getTime() + 60_000);
  it('lets its mentee pay while it waits for payment and the hold lasts', () => {
    expect(paymentRefusal(held('pending_payment', later), 'e', NOW)).toBeUndefined();
    expect(paymentRefusal(held('pending_payment', later.toISOString()), 'e', NOW)).toBeUndefined();
  });
  it('refuses anyone but the mentee, a booking not waiting for payment, and a lapsed hold', () => {
    expect(paymentRefusal(held('pending_payment', later), 'm', NOW)).toBe('not_yours');
    expect(paymentRefusal(held('confirmed', later), 'e', NOW)).toBe('not_payable');
    expect(paymentRefusal(held('expired', later), 'e', NOW)).toBe('not_payable');
    expect(paymentRefusal(held('pending_payment', NOW), 'e', NOW)).toBe('hold_lapsed');
  });
});

describe('notesRefusal', () => {
  const mentorId = 'mentor';
  const start = '2026-12-01T10:00:00Z';
  const session = (status: BookingStatus) => ({ mentorId, status, startTime: start });

  it('lets the mentor write from the start of a confirmed or completed session', () => {
    expect(notesRefusal(session('confirmed'), mentorId, new Date(start))).toBeUndefined();
    expect(notesRefusal(session('completed'), mentorId, new Date('2026-12-02T10:00:00Z'))).toBeUndefined();
  });

  it('refuses anyone else first, then another status, then a session yet to start', () => {
    expect(notesRefusal(session('cancelled'), 'mentee', new Date(start))).toBe('not_yours');
    for (const status of ['pending_payment', 'expired', 'payment_failed', 'cancelled'] as const)
      expect(notesRefusal(session(status), mentorId, new Date('2026-12-02T10:00:00Z'))).toBe('not_a_session');
    expect(notesRefusal(session('confirmed'), mentorId, new Date('2026-12-01T09:59:59Z'))).toBe(
      'not_started',
    );
  });
});

describe('the agenda and the notes', () => {
  it('trims the agenda and keeps it within its limit; the notes must say something', () => {
    const base = { mentorId: '7f1d1c1e-8a43-4a8e-9d3a-4f6f2b1c0a11', startTime: '2026-12-01T10:00:00Z' };
    expect(createBookingBodySchema.parse({ ...base, agenda: '  Graphs  ' }).agenda).toBe('Graphs');
    expect(createBookingBodySchema.safeParse({ ...base, agenda: 'a'.repeat(AGENDA_MAX + 1) }).success).toBe(
      false,
    );
    expect(sessionNotesBodySchema.safeParse({ text: '  ' }).success).toBe(false);
    expect(sessionNotesBodySchema.safeParse({ text: 'a'.repeat(SESSION_NOTES_MAX + 1) }).success).toBe(false);
    expect(sessionNotesBodySchema.parse({ text: ' Read chapter 3 ' })).toEqual({ text: 'Read chapter 3' });
  });
});

describe('who may move a session, and when', () => {
  const HOUR = 60 * 60 * 1000;
  const session = (hoursAhead: number, extra: { status?: BookingStatus; rescheduleCount?: number } = {}) => ({
    ...booking,
    status: extra.status ?? ('confirmed' as BookingStatus),
    startTime: new Date(NOW.getTime() + hoursAhead * HOUR),
    rescheduleCount: extra.rescheduleCount ?? 0,
  });
  const second = 1000 / HOUR;

  it('lets the mentee move it until a second more than 12 hours before the start, not at 12 hours', () => {
    expect(rescheduleRefusal(session(12 + second), 'e', NOW)).toBeUndefined();
    expect(rescheduleRefusal(session(12), 'e', NOW)).toBe('too_late');
    expect(rescheduleRefusal(session(12 - second), 'e', NOW)).toBe('too_late');
  });
  it('lets the mentor move it until the start, and nobody after it', () => {
    expect(rescheduleRefusal(session(second), 'm', NOW)).toBeUndefined();
    expect(rescheduleRefusal(session(0), 'm', NOW)).toBe('started');
    expect(rescheduleRefusal(session(-1), 'e', NOW)).toBe('started');
  });
  it(`stops at ${RESCHEDULE_MAX} moves, for either person`, () => {
    expect(rescheduleRefusal(session(48, { rescheduleCount: RESCHEDULE_MAX - 1 }), 'e', NOW)).toBeUndefined();
    expect(rescheduleRefusal(session(48, { rescheduleCount: RESCHEDULE_MAX }), 'e', NOW)).toBe(
      'limit_reached',
    );
    expect(rescheduleRefusal(session(48, { rescheduleCount: RESCHEDULE_MAX }), 'm', NOW)).toBe(
      'limit_reached',
    );
  });
  it('moves only a confirmed session of its own two people', () => {
    expect(rescheduleRefusal(session(48), 'someone else', NOW)).toBe('not_yours');
    for (const status of ['pending_payment', 'completed', 'cancelled', 'expired', 'no_show'] as const)
      expect(rescheduleRefusal(session(48, { status }), 'e', NOW)).toBe('not_confirmed');
  });
  it('takes an instant with its offset as the new start, nothing else', () => {
    expect(rescheduleBookingBodySchema.safeParse({ startTime: '2026-12-09T10:00:00Z' }).success).toBe(true);
    expect(rescheduleBookingBodySchema.safeParse({ startTime: '2026-12-09' }).success).toBe(false);
    expect(rescheduleBookingBodySchema.safeParse({}).success).toBe(false);
  });
});
