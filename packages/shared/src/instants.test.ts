import { describe, expect, it } from 'vitest';
import { isCalendarDate, parseInstant } from './instants';

describe('instants as people write them', () => {
  it('reads an instant with its offset, and a bare date only where dates are allowed', () => {
    expect(parseInstant('2026-12-01T10:00:00Z')).toBe(Date.UTC(2026, 11, 1, 10));
    expect(parseInstant('2026-12-01T15:30:00+05:30')).toBe(Date.UTC(2026, 11, 1, 10));
    expect(parseInstant('2026-12-01T10:00Z')).toBe(Date.UTC(2026, 11, 1, 10));
    expect(parseInstant('2026-12-01')).toBeUndefined();
    expect(parseInstant('2026-12-01', { dates: true })).toBe(Date.UTC(2026, 11, 1));
  });

  it('refuses dates and times that do not exist instead of rolling them over', () => {
    for (const text of [
      '2027-02-30T10:00:00Z',
      '2027-02-29T10:00:00Z',
      '2026-04-31T10:00:00Z',
      '2026-13-01T10:00:00Z',
      '2026-12-01T24:00:00Z',
      '2026-12-01T10:60:00Z',
      '2026-12-01T10:00:00+24:00',
    ])
      expect(parseInstant(text), text).toBeUndefined();
    expect(parseInstant('2028-02-29T10:00:00Z')).toBe(Date.UTC(2028, 1, 29, 10));
    expect(parseInstant('2027-02-30', { dates: true })).toBeUndefined();
  });

  it('refuses years outside 2000-2100, and anything that is not an instant', () => {
    for (const text of [
      '0000-01-01T00:00:00Z',
      '1999-12-31T23:00:00Z',
      '2101-01-01T00:00:00Z',
      'tomorrow',
      '',
    ])
      expect(parseInstant(text), text).toBeUndefined();
    expect(parseInstant('0000-01-01', { dates: true })).toBeUndefined();
  });

  it('knows which calendar dates exist', () => {
    expect(isCalendarDate(2028, 2, 29)).toBe(true);
    expect(isCalendarDate(2027, 2, 29)).toBe(false);
    expect(isCalendarDate(2026, 12, 31)).toBe(true);
    expect(isCalendarDate(2026, 0, 1)).toBe(false);
  });
});
