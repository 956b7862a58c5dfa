import { describe, expect, it } from 'vitest';
import { splitPrice } from '@skillroute/shared/earnings';
import { creditNoteAmounts, documentFilename, pdfAmount } from './rules';

describe('pdfAmount', () => {
  it('writes paise as INR with Indian digit grouping and always the paise', () => {
    expect(pdfAmount(0)).toBe('INR 0.00');
    expect(pdfAmount(5)).toBe('INR 0.05');
    expect(pdfAmount(150_000)).toBe('INR 1,500.00');
    expect(pdfAmount(1_25_00_050)).toBe('INR 1,25,000.50');
    expect(pdfAmount(-2_700)).toBe('-INR 27.00');
  });

  it('writes "₹" instead of INR for a font that has the sign (the Hindi PDF)', () => {
    expect(pdfAmount(1_25_00_050, { rupeeSign: true })).toBe('₹1,25,000.50');
    expect(pdfAmount(-2_700, { rupeeSign: true })).toBe('-₹27.00');
  });
});

describe('documentFilename', () => {
  it('names the download after the number, without slashes', () => {
    expect(documentFilename('receipt', 'SR/2026-27/000001')).toBe('receipt-SR-2026-27-000001.pdf');
    expect(documentFilename('credit_note', 'CN/2026-27/000042')).toBe('credit-note-CN-2026-27-000042.pdf');
  });
});

describe('creditNoteAmounts', () => {
  const rates = { platformFeePercent: 10, gstPercent: 18 };
  const receiptOf = (amount: number) => ({ amount, ...splitPrice(amount, rates) });

  it('takes back each part in proportion, the parts adding up to the refund', () => {
    expect(creditNoteAmounts(receiptOf(150_000), 75_000)).toEqual({
      amount: 75_000,
      platformFee: 7_500,
      gstOnFee: 1_350,
      mentorShare: 66_150,
    });
    for (const [price, refunded] of [
      [99_999, 49_999],
      [101, 1],
      [7, 3],
      [1_234_567, 1_000_000],
    ] as const) {
      const note = creditNoteAmounts(receiptOf(price), refunded);
      expect(note.amount).toBe(refunded);
      expect(note.platformFee + note.gstOnFee + note.mentorShare).toBe(refunded);
    }
  });

  it('gives back the whole receipt for a full refund, and never more than it', () => {
    const receipt = receiptOf(150_000);
    expect(creditNoteAmounts(receipt, 150_000)).toEqual(receipt);
    expect(creditNoteAmounts(receipt, 200_000)).toEqual(receipt);
  });
});
