import { describe, expect, it } from 'vitest';
import { companiesFilter, rankingWeight, skillFilter } from './rules';

describe('rankingWeight', () => {
  it('is the prior for a mentor without reviews', () => {
    expect(rankingWeight(0, 0)).toBe(3.5);
  });

  it('weighs many good reviews above one perfect one', () => {
    expect(rankingWeight(4.8 * 40, 40)).toBeGreaterThan(rankingWeight(5, 1));
  });

  it('puts poor reviews below no reviews, and good ones above', () => {
    expect(rankingWeight(2 * 10, 10)).toBeLessThan(rankingWeight(0, 0));
    expect(rankingWeight(4 * 10, 10)).toBeGreaterThan(rankingWeight(0, 0));
  });

  it('approaches the plain mean as reviews grow', () => {
    expect(rankingWeight(4.2 * 10_000, 10_000)).toBeCloseTo(4.2, 2);
  });
});

describe('the other listing rules', () => {
  it('reads `all` in any case as no skill filter, and keeps a stack name as given', () => {
    expect(skillFilter('all')).toBeUndefined();
    expect(skillFilter('ALL')).toBeUndefined();
    expect(skillFilter('React')).toBe('React');
    expect(skillFilter(' node.js ')).toBe('node.js');
  });

  it('lower-cases companies once and drops repeats', () => {
    expect(companiesFilter(['Google', 'google', 'ACME'])).toEqual(['google', 'acme']);
  });
});
