import { describe, expect, it } from 'vitest';
import { formatRating, initials, plural } from './format';

describe('the small words of a card', () => {
  it('says New before the first review, counts in the singular and the plural, and makes initials', () => {
    expect(formatRating(null)).toBe('New');
    expect(formatRating(4.75)).toBe('4.8');
    expect(plural(1, 'session')).toBe('1 session');
    expect(plural(1200, 'session')).toBe('1,200 sessions');
    expect(initials('Ada Lovelace King')).toBe('AL');
  });
});
