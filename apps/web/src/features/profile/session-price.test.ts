import { describe, expect, it } from 'vitest';
import { sessionPriceText } from './session-price';

describe('sessionPriceText', () => {
  it('writes whole rupees the Indian way', () => {
    expect(sessionPriceText(1500)).toBe('₹1,500 per session');
    expect(sessionPriceText(150000)).toBe('₹1,50,000 per session');
  });
});
