import { describe, expect, it } from 'vitest';
import { formatPaise, formatRupees, paiseToRupees, rupeesToPaise } from './money';

describe('formatRupees', () => {
  it('writes whole rupees with Indian digit grouping', () => {
    expect(formatRupees(1500)).toBe('₹1,500');
    expect(formatRupees(12_500)).toBe('₹12,500');
    expect(formatRupees(125_000)).toBe('₹1,25,000');
    expect(formatRupees(100)).toBe('₹100');
  });
});

describe('formatPaise', () => {
  it('writes paise as rupees, without decimals when there are no paise', () => {
    expect(formatPaise(150_000)).toBe('₹1,500');
    expect(formatPaise(12_500_000)).toBe('₹1,25,000');
    expect(formatPaise(0)).toBe('₹0');
  });

  it('keeps the paise of an odd half refund rather than rounding money away', () => {
    expect(formatPaise(75_050)).toBe('₹750.50');
    expect(formatPaise(5)).toBe('₹0.05');
  });
});

describe('paiseToRupees and rupeesToPaise', () => {
  it('turns paise into rupees', () => {
    expect(paiseToRupees(150_000)).toBe(1500);
  });

  it('turns rupees into paise', () => {
    expect(rupeesToPaise(1500)).toBe(150_000);
  });
});
