import { describe, expect, it } from 'vitest';
import type { BookingStatus } from '@skillroute/shared/bookings';
import { actionFor, normalizeCardNumber, sandboxCardOutcome } from './rules';

describe('sandbox test cards as typed', () => {
  it('keeps the digits', () => {
    expect(normalizeCardNumber('4242 4242-4242 4242')).toBe('4242424242424242');
  });

  it('succeeds with 4242…, declines 4000 0000 0000 0002, and knows no other card', () => {
    expect(sandboxCardOutcome('4242424242424242')).toBe('payment_succeeded');
    expect(sandboxCardOutcome(' 4000-0000-0000-0002 ')).toBe('payment_failed');
    for (const other of ['', '4242', '4000 0000 0000 0003', 'abcd'])
      expect(sandboxCardOutcome(other)).toBeUndefined();
  });
});

const booking = (status: BookingStatus) => ({
  status,
  amount: 150_000,
  currency: 'INR',
  refundAmount: null,
  partyBlocked: false,
});
const paid = { kind: 'payment_succeeded' as const, amountPaise: 150_000, currency: 'INR' };
const failed = { kind: 'payment_failed' as const, amountPaise: 150_000, currency: 'INR' };

describe('what a payment event does to its booking', () => {
  it('confirms a held booking paid in full', () => {
    expect(actionFor(booking('pending_payment'), paid)).toEqual({ do: 'confirm' });
    expect(actionFor(booking('pending_payment'), { ...paid, currency: 'inr' })).toEqual({ do: 'confirm' });
  });

  it('never confirms on a wrong amount or currency', () => {
    expect(actionFor(booking('pending_payment'), { ...paid, amountPaise: 149_999 })).toEqual({
      do: 'ignore',
      outcome: 'amount_mismatch',
    });
    expect(actionFor(booking('pending_payment'), { ...paid, amountPaise: 1_500_000 })).toEqual({
      do: 'ignore',
      outcome: 'amount_mismatch',
    });
    expect(actionFor(booking('pending_payment'), { ...paid, currency: 'USD' })).toEqual({
      do: 'ignore',
      outcome: 'currency_mismatch',
    });
  });

  it('sends a payment after the hold lapsed, or after a failed attempt, to the late path', () => {
    expect(actionFor(booking('expired'), paid)).toEqual({ do: 'confirm_late_or_refund' });
    expect(actionFor(booking('payment_failed'), paid)).toEqual({ do: 'confirm_late_or_refund' });
  });

  it('ignores a second success for a settled booking', () => {
    for (const status of ['confirmed', 'completed', 'cancelled'] as const)
      expect(actionFor(booking(status), paid)).toEqual({ do: 'ignore', outcome: 'already_settled' });
  });

  it('fails only a held booking: a failure after a success changes nothing', () => {
    expect(actionFor(booking('pending_payment'), failed)).toEqual({ do: 'fail' });
    for (const status of ['confirmed', 'completed', 'cancelled', 'expired', 'payment_failed'] as const) {
      expect(actionFor(booking(status), failed)).toEqual({ do: 'ignore', outcome: 'stale_failure' });
    }
  });

  it('settles a refund of at most what was paid', () => {
    const refunded = { kind: 'payment_refunded' as const, currency: 'INR' };
    expect(actionFor(booking('cancelled'), { ...refunded, amountPaise: 75_000 })).toEqual({
      do: 'settle_refund',
    });
    expect(actionFor(booking('cancelled'), { ...refunded, amountPaise: 150_000 })).toEqual({
      do: 'settle_refund',
    });
    expect(actionFor(booking('cancelled'), { ...refunded, amountPaise: 150_001 })).toEqual({
      do: 'ignore',
      outcome: 'refund_exceeds_amount',
    });
  });

  it('never confirms a payment whose refund was decided, whatever the booking became since', () => {
    for (const status of ['expired', 'payment_failed', 'pending_payment'] as const)
      expect(actionFor({ ...booking(status), refundAmount: 150_000 }, paid)).toEqual({
        do: 'ignore',
        outcome: 'refund_decided',
      });
    expect(
      actionFor({ ...booking('expired'), refundAmount: 150_000 }, { ...paid, kind: 'payment_refunded' }),
    ).toEqual({
      do: 'settle_refund',
    });
  });

  it('refunds a payment for a booking one of whose people is blocked, and never confirms it', () => {
    for (const status of ['pending_payment', 'expired', 'payment_failed'] as const)
      expect(actionFor({ ...booking(status), partyBlocked: true }, paid)).toEqual({ do: 'refund_blocked' });
    expect(actionFor({ ...booking('confirmed'), partyBlocked: true }, paid)).toEqual({
      do: 'ignore',
      outcome: 'already_settled',
    });
    expect(actionFor({ ...booking('expired'), partyBlocked: true, refundAmount: 150_000 }, paid)).toEqual({
      do: 'ignore',
      outcome: 'refund_decided',
    });
  });
});
