import { describe, expect, it } from 'vitest';
import { formatDay, formatRating, initials, plural } from './format';

describe('the small words of a card', () => {
  it('says New before the first review, counts in the singular and the plural, and makes initials', () => {
    expect(formatRating(null)).toBe('New');
    expect(formatRating(4.75)).toBe('4.8');
    expect(plural(1, 'session')).toBe('1 session');
    expect(plural(1200, 'session')).toBe('1,200 sessions');
    expect(initials('Ada Lovelace King')).toBe('AL');
  });
});

describe('formatDay', () => {
  it("writes the day in the viewer's locale", () => {
    const noon = '2026-11-20T12:00:00.000Z';
    expect(formatDay(noon, 'en-US')).toBe('Nov 20, 2026');
    expect(formatDay(noon, 'de-DE')).toBe('20.11.2026');
    expect(formatDay(noon)).toBe(
      new Intl.DateTimeFormat(navigator.language, { dateStyle: 'medium' }).format(new Date(noon)),
    );
  });
});
