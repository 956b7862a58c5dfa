import { describe, expect, it } from 'vitest';
import { acceptedLanguages, negotiateLocale } from './locales';

describe('the reader’s language', () => {
  it('is the first of their languages Skillroute speaks, by region or not', () => {
    expect(negotiateLocale(['hi-IN', 'en-GB'])).toBe('hi');
    expect(negotiateLocale(['fr-FR', 'HI'])).toBe('hi');
    expect(negotiateLocale(['en-US', 'hi'])).toBe('en');
  });

  it('is English when they speak none of ours', () => {
    expect(negotiateLocale(['fr', 'ta-IN'])).toBe('en');
    expect(negotiateLocale([])).toBe('en');
  });

  it('reads Accept-Language by weight, then by order, without wildcards and refusals', () => {
    expect(acceptedLanguages('en;q=0.5, hi-IN, ta;q=0.8, *;q=0.9, fr;q=0')).toEqual(['hi-IN', 'ta', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
  });
});
