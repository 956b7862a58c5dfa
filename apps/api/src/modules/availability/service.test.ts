import { describe, expect, it } from 'vitest';
import type { MentorAvailabilityRow } from '../../db/schema';
import { nextFreeSlot } from './service';

const row = (change: Partial<MentorAvailabilityRow>): MentorAvailabilityRow => ({
  userId: '00000000-0000-4000-8000-000000000001',
  timezone: 'Asia/Kolkata',
  pricePerSession: 50000,
  weeklyHours: { monday: [10] },
  overrides: [],
  hasHours: true,
  updatedAt: new Date(0),
  ...change,
});

// Monday 30 November 2026, 10:30 in Kolkata.
const MONDAY_1030_IST = new Date('2026-11-30T05:00:00Z');

describe('nextFreeSlot', () => {
  it('skips a slot within the notice and finds next week’s across the boundary of its first look', () => {
    // Next Monday's 10:00 IST starts half an hour before a week from now and ends half an hour after it.
    expect(nextFreeSlot(row({}), MONDAY_1030_IST)).toEqual({
      startTime: '2026-12-07T04:30:00.000Z',
      endTime: '2026-12-07T05:30:00.000Z',
    });
  });

  it('finds the first slot later the same day', () => {
    expect(nextFreeSlot(row({ weeklyHours: { monday: [10, 16] } }), MONDAY_1030_IST)).toEqual({
      startTime: '2026-11-30T10:30:00.000Z',
      endTime: '2026-11-30T11:30:00.000Z',
    });
  });

  it('takes an override day off and other hours into account', () => {
    const overrides = [
      { date: '2026-12-07', hours: [] },
      { date: '2026-12-09', hours: [12] },
    ];
    expect(nextFreeSlot(row({ overrides }), MONDAY_1030_IST)).toEqual({
      startTime: '2026-12-09T06:30:00.000Z',
      endTime: '2026-12-09T07:30:00.000Z',
    });
  });

  it('is null for a mentor who offers no hours, or none within 60 days', () => {
    expect(nextFreeSlot(row({ weeklyHours: {}, hasHours: false }), MONDAY_1030_IST)).toBeNull();
    expect(
      nextFreeSlot(
        row({ weeklyHours: {}, overrides: [{ date: '2027-02-10', hours: [10] }] }),
        MONDAY_1030_IST,
      ),
    ).toBeNull();
    expect(
      nextFreeSlot(
        row({ weeklyHours: {}, overrides: [{ date: '2027-01-27', hours: [10] }] }),
        MONDAY_1030_IST,
      ),
    ).toEqual({
      startTime: '2027-01-27T04:30:00.000Z',
      endTime: '2027-01-27T05:30:00.000Z',
    });
  });
});
