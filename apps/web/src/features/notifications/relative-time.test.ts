import { describe, expect, it } from 'vitest';
import { exactTime, relativeTime } from './relative-time';

const now = new Date('2026-11-22T12:00:00Z');
const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('relativeTime', () => {
  it('says "just now" under a minute, and for a clock slightly ahead', () => {
    expect(relativeTime(before(0), now)).toBe('just now');
    expect(relativeTime(before(59), now)).toBe('just now');
    expect(relativeTime(before(-30), now)).toBe('just now');
  });

  it('counts whole units, as a feed reads', () => {
    expect(relativeTime(before(60), now)).toBe('1 minute ago');
    expect(relativeTime(before(5 * 60 + 59), now)).toBe('5 minutes ago');
    expect(relativeTime(before(3600), now)).toBe('1 hour ago');
    expect(relativeTime(before(47 * 3600), now)).toBe('1 day ago');
    expect(relativeTime(before(9 * 24 * 3600), now)).toBe('1 week ago');
    expect(relativeTime(before(400 * 24 * 3600), now)).toBe('1 year ago');
  });

  it('gives nothing for a date that is not one', () => {
    expect(relativeTime(new Date('not a date'), now)).toBe('');
    expect(exactTime(new Date('not a date'))).toBe('');
  });

  it('writes the exact date with the year, day and time', () => {
    const text = exactTime(now);
    expect(text).toMatch(/2026/);
    expect(text).toMatch(/Nov/);
  });
});
