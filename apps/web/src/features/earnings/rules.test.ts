import type { EarningsSession } from '@skillroute/shared/earnings';
import { describe, expect, it } from 'vitest';
import { payoutMethodInWords } from '@skillroute/shared/payout-methods';
import { profileSectionsFor } from '@/features/profile/profile-sections';
import {
  financialYearToDate,
  monthIn,
  monthLabel,
  monthlyNet,
  newestFirst,
  paiseAsTypedRupees,
  payoutAmountProblem,
  typedRupeesToPaise,
} from './rules';

const session = (bookingId: string, startTime: string, net: number): EarningsSession => ({
  bookingId,
  startTime,
  mentee: { name: 'Grace' },
  price: 100_000,
  platformFee: 10_000,
  gstOnFee: 1_800,
  net,
  status: 'completed',
});

describe('monthIn', () => {
  it('reads the month in the viewer’s zone, so a late evening in UTC is already next month in India', () => {
    expect(monthIn('2026-10-31T20:00:00.000Z', 'UTC')).toBe('2026-10');
    expect(monthIn('2026-10-31T20:00:00.000Z', 'Asia/Kolkata')).toBe('2026-11');
    expect(monthIn('2026-11-01T02:00:00.000Z', 'America/New_York')).toBe('2026-10');
  });
});

describe('monthlyNet', () => {
  const now = new Date('2026-11-26T01:00:00.000Z');

  it('gives the last 12 months up to this one, oldest first, crossing the year, empty months 0', () => {
    const months = monthlyNet([], 'Asia/Kolkata', now);
    expect(months.map((m) => m.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(months.every((m) => m.net === 0)).toBe(true);
  });

  it('adds each session’s net to the month it is held in the viewer’s zone, and leaves out older ones', () => {
    const months = monthlyNet(
      [
        session('a', '2026-11-20T04:30:00.000Z', 88_200),
        session('b', '2026-10-31T20:00:00.000Z', 50_000), // 1 Nov in India
        session('c', '2026-10-10T04:30:00.000Z', 1_000),
        session('d', '2025-11-30T04:30:00.000Z', 9_999), // 13 months ago
        session('e', '2026-12-05T04:30:00.000Z', 7_000), // next month: not yet on the chart
      ],
      'Asia/Kolkata',
      now,
    );
    expect(Object.fromEntries(months.map((m) => [m.month, m.net]))).toMatchObject({
      '2026-11': 138_200,
      '2026-10': 1_000,
      '2025-12': 0,
    });
    expect(months.reduce((sum, m) => sum + m.net, 0)).toBe(139_200);
  });

  it('ends at this month in the viewer’s zone', () => {
    const newYearInIndia = new Date('2026-12-31T20:00:00.000Z');
    expect(monthlyNet([], 'Asia/Kolkata', newYearInIndia).at(-1)!.month).toBe('2027-01');
    expect(monthlyNet([], 'UTC', newYearInIndia).at(-1)!.month).toBe('2026-12');
  });
});

describe('monthLabel', () => {
  it('says the month and year', () => {
    expect(monthLabel('2026-01')).toBe('Jan 2026');
    expect(monthLabel('2025-12')).toBe('Dec 2025');
  });
});

describe('newestFirst', () => {
  it('orders the sessions by start, newest first, without changing the list it was given', () => {
    const given = [
      session('old', '2026-09-01T04:30:00.000Z', 1),
      session('new', '2026-11-01T04:30:00.000Z', 1),
      session('mid', '2026-10-01T04:30:00.000Z', 1),
    ];
    expect(newestFirst(given).map((s) => s.bookingId)).toEqual(['new', 'mid', 'old']);
    expect(given[0]!.bookingId).toBe('old');
  });
});

describe('the profile menu', () => {
  it('shows Earnings to mentors only', () => {
    const labels = (role?: 'user' | 'mentor') => profileSectionsFor(role).map((s) => s.label);
    expect(labels('mentor')).toEqual(['General', 'Roadmaps', 'Bookings', 'Earnings']);
    expect(labels('user')).toEqual(['General', 'Roadmaps', 'Bookings']);
    expect(labels(undefined)).toEqual(['General', 'Roadmaps', 'Bookings']);
  });
});

describe('a payout asked for', () => {
  it('reads rupees as people type them', () => {
    expect(typedRupeesToPaise('1323')).toBe(132_300);
    expect(typedRupeesToPaise('₹1,323.5')).toBe(132_350);
    expect(typedRupeesToPaise(' 500.05 ')).toBe(50_005);
    for (const bad of ['', '.5', '1.234', '-500', '5e3', 'abc', '1.2.3'])
      expect(typedRupeesToPaise(bad)).toBeUndefined();
  });

  it('says what is wrong with an amount, with the api’s messages', () => {
    const limits = { minimum: 50_000, available: 132_350 };
    expect(payoutAmountProblem('499.99', limits)).toBe('A payout must be at least ₹500.');
    expect(payoutAmountProblem('1323.51', limits)).toBe(
      'You can pay out at most your available balance, ₹1,323.50.',
    );
    expect(payoutAmountProblem('500', limits)).toBeUndefined();
    expect(payoutAmountProblem('1323.50', limits)).toBeUndefined();
    expect(payoutAmountProblem('lots', limits)).toBe('Enter an amount in rupees, like 1500 or 1500.50');
    expect(paiseAsTypedRupees(132_350)).toBe('1323.50');
    expect(paiseAsTypedRupees(50_000)).toBe('500');
  });

  it('describes a saved method without its whole number', () => {
    expect(payoutMethodInWords({ type: 'upi', vpa: 'ra•••@okicici' })).toBe('UPI ra•••@okicici');
    expect(
      payoutMethodInWords({
        type: 'bank',
        accountName: 'Asha Rao',
        accountLast4: '6789',
        ifsc: 'HDFC0001234',
      }),
    ).toBe('Bank account ••••6789, HDFC0001234 (Asha Rao)');
  });
});

describe('the statement’s first days', () => {
  it('runs from 1 April of this financial year to today, in the viewer’s zone', () => {
    expect(financialYearToDate(new Date('2026-11-26T01:00:00Z'), 'Asia/Kolkata')).toEqual({
      from: '2026-04-01',
      to: '2026-11-26',
    });
    // Still 25 November in New York, and before April: the year that began the April before.
    expect(financialYearToDate(new Date('2027-02-01T03:00:00Z'), 'America/New_York')).toEqual({
      from: '2026-04-01',
      to: '2027-01-31',
    });
    expect(financialYearToDate(new Date('2027-04-01T00:00:00Z'), 'Asia/Kolkata').from).toBe('2027-04-01');
  });
});
