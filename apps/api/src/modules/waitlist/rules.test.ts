import { describe, expect, it } from 'vitest';
import { isWithinWaitlistHorizon, mentorProfilePath, toldBefore } from './rules';

const now = new Date('2026-11-23T09:00:00.000Z');
const after = (ms: number) => new Date(now.getTime() + ms);
const DAY_MS = 86_400_000;

describe('isWithinWaitlistHorizon', () => {
  it('takes a slot that starts later than now, up to 14 days ahead included', () => {
    expect(isWithinWaitlistHorizon(after(60_000), now)).toBe(true);
    expect(isWithinWaitlistHorizon(after(14 * DAY_MS), now)).toBe(true);
  });

  it('leaves out a slot that started already, starts now, or starts beyond 14 days', () => {
    expect(isWithinWaitlistHorizon(after(-60_000), now)).toBe(false);
    expect(isWithinWaitlistHorizon(now, now)).toBe(false);
    expect(isWithinWaitlistHorizon(after(14 * DAY_MS + 1), now)).toBe(false);
  });
});

describe('how often a waiting person is told', () => {
  it('once in 24 hours: told before the day-old mark, told again', () => {
    expect(toldBefore(now)).toEqual(after(-DAY_MS));
    expect(mentorProfilePath('abc')).toBe('/mentor-profile/abc');
  });
});
