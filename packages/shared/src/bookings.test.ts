import { describe, expect, it } from 'vitest';
import { freedSlotMessage, partyOf, paymentRefusal } from './bookings';

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

describe("the waitlist's freed-slot words", () => {
  it('name the mentor and say how many slots are free now, one or many', () => {
    expect(freedSlotMessage('Asha Rao', 1)).toBe(
      'A slot with Asha Rao freed up: 1 slot is free in the next 14 days. Book before someone else does.',
    );
    expect(freedSlotMessage('Asha Rao', 5)).toBe(
      'A slot with Asha Rao freed up: 5 slots are free in the next 14 days. Book before someone else does.',
    );
  });
});
