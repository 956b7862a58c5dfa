import { describe, expect, it } from 'vitest';
import { decimalRupees, formatPaise, formatRupees, paiseToRupees, rupeesToPaise } from './money';

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

describe('decimalRupees', () => {
  it('writes paise as plain decimal rupees, always with the paise, grouped the Indian way when asked', () => {
    expect(decimalRupees(0)).toBe('0.00');
    expect(decimalRupees(5)).toBe('0.05');
    expect(decimalRupees(99_950)).toBe('999.50');
    expect(decimalRupees(10_100_000)).toBe('101000.00');
    expect(decimalRupees(-1_234)).toBe('-12.34');
    expect(decimalRupees(12_500_000, { grouped: true })).toBe('1,25,000.00');
  });
});
