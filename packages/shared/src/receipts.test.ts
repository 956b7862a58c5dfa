import { describe, expect, it } from 'vitest';
import { documentNumber, financialYearOf } from './receipts';

describe('receipt numbers', () => {
  it('name the Indian financial year, April to March, on India’s calendar', () => {
    expect(financialYearOf(new Date('2026-04-01T00:00:00+05:30'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-03-31T23:59:59+05:30'))).toBe('2026-27');
    // 23:30 UTC on 31 March is already 1 April in India.
    expect(financialYearOf(new Date('2027-03-31T23:30:00Z'))).toBe('2027-28');
    expect(financialYearOf(new Date('2026-01-15T10:00:00Z'))).toBe('2025-26');
    expect(financialYearOf(new Date('2099-06-01T10:00:00Z'))).toBe('2099-00');
  });

  it('count from 1 in six digits, in a series of their own for receipts and credit notes', () => {
    expect(documentNumber('receipt', '2026-27', 1)).toBe('SR/2026-27/000001');
    expect(documentNumber('credit_note', '2026-27', 42)).toBe('CN/2026-27/000042');
    expect(documentNumber('receipt', '2026-27', 1_234_567)).toBe('SR/2026-27/1234567');
    for (const n of [0, -1, 1.5]) expect(() => documentNumber('receipt', '2026-27', n)).toThrow(RangeError);
  });
});
