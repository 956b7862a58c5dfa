import { describe, expect, it } from 'vitest';
import { splitPrice, splitRefund } from '@skillroute/shared/earnings';
import {
  payoutFailedLines,
  payoutLines,
  payoutRefusal,
  paymentLines,
  refundLines,
  releaseLines,
  sumOf,
} from './rules';

const rates = { platformFeePercent: 10, gstPercent: 18 };
const mentorId = 'mentor-1';

describe('the lines of each kind of ledger transaction', () => {
  it('balances a payment, a completion, a refund and a release at awkward prices', () => {
    for (const price of [1, 99, 10_000, 99_900, 99_999, 10_100_000]) {
      const split = splitPrice(price, rates);
      const payment = paymentLines({ price, split, mentorId });
      expect(sumOf(payment), `payment of ${price}`).toBe(0);
      expect(payment.find((line) => line.account === 'mentor_pending')).toEqual({
        account: 'mentor_pending',
        userId: mentorId,
        amount: split.mentorShare,
      });
      expect(sumOf(releaseLines({ pending: split.mentorShare, mentorId })), `release of ${price}`).toBe(0);
      for (const refunded of [0, Math.floor(price / 2), price]) {
        const parts = splitRefund(price, split, refunded);
        for (const share of [
          { pending: split.mentorShare, available: 0 },
          { pending: 0, available: split.mentorShare },
        ])
          for (const mentorAvailable of [0, 1, share.available])
            expect(
              sumOf(refundLines({ refunded, parts, share, mentorAvailable, mentorId })),
              `refund of ${refunded}`,
            ).toBe(0);
      }
    }
  });

  it('takes a refund’s mentor part from pending first, then from available', () => {
    const parts = { platformFee: 100, gstOnFee: 18, mentorShare: 882 };
    const share = { pending: 500, available: 900 };
    const lines = refundLines({ refunded: 1000, parts, share, mentorAvailable: 900, mentorId });
    expect(lines).toContainEqual({ account: 'mentor_pending', userId: mentorId, amount: -500 });
    expect(lines).toContainEqual({ account: 'mentor_available', userId: mentorId, amount: -382 });
    expect(lines).toContainEqual({ account: 'refunds', userId: null, amount: 1000 });
    expect(lines.some((line) => line.account === 'platform_absorbed')).toBe(false);
  });

  it('has the platform bear what was already paid out, so a mentor’s available balance never goes below zero', () => {
    const parts = { platformFee: 100, gstOnFee: 18, mentorShare: 882 };
    const share = { pending: 0, available: 882 };
    // Paid out since, all but ₹2.
    const lines = refundLines({ refunded: 1000, parts, share, mentorAvailable: 200, mentorId });
    expect(lines).toContainEqual({ account: 'mentor_available', userId: mentorId, amount: -200 });
    expect(lines).toContainEqual({ account: 'platform_absorbed', userId: null, amount: -682 });
    expect(sumOf(lines)).toBe(0);
    // Nothing left at all (or a balance below zero, which no ledger leaves): the platform bears the whole part.
    for (const mentorAvailable of [0, -50])
      expect(refundLines({ refunded: 1000, parts, share, mentorAvailable, mentorId })).toContainEqual({
        account: 'platform_absorbed',
        userId: null,
        amount: -882,
      });
  });

  it('moves nothing when there is nothing to move', () => {
    expect(releaseLines({ pending: 0, mentorId })).toEqual([]);
    expect(
      refundLines({
        refunded: 0,
        parts: { platformFee: 0, gstOnFee: 0, mentorShare: 0 },
        share: { pending: 10, available: 0 },
        mentorAvailable: 0,
        mentorId,
      }),
    ).toEqual([]);
  });
});

describe('payouts', () => {
  it('moves the amount from available to paid out, and back on a failure', () => {
    const out = payoutLines({ amount: 60_000, mentorId });
    expect(sumOf(out)).toBe(0);
    expect(out).toContainEqual({ account: 'mentor_available', userId: mentorId, amount: -60_000 });
    const back = payoutFailedLines({ amount: 60_000, mentorId });
    expect(sumOf(back)).toBe(0);
    expect(back).toContainEqual({ account: 'mentor_available', userId: mentorId, amount: 60_000 });
  });

  it('refuses below the minimum first, then above what is available, and allows exactly either', () => {
    expect(payoutRefusal({ amount: 49_999, minimum: 50_000, available: 10 })).toBe('below_minimum');
    expect(payoutRefusal({ amount: 50_001, minimum: 50_000, available: 50_000 })).toBe('above_available');
    expect(payoutRefusal({ amount: 50_000, minimum: 50_000, available: 50_000 })).toBeUndefined();
  });
});
