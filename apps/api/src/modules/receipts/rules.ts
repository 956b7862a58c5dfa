import { splitRefund, type FeeSplit } from '@skillroute/shared/earnings';
import { decimalRupees, type Paise } from '@skillroute/shared/money';
import type { FinancialDocumentKind } from '../../db/schema';

// Receipts and credit notes (decision 056): the small decisions, kept pure.

/**
 * Paise as the PDF writes them: "INR 1,25,000.00". Not "₹" in English: the PDF's standard Helvetica has no
 * glyph for it (decision 056); the Hindi PDF's Noto Sans Devanagari has one: "₹1,25,000.00" (`rupeeSign`).
 */
export const pdfAmount = (paise: Paise, options: { rupeeSign?: boolean } = {}): string => {
  const rupees = decimalRupees(Math.abs(paise), { grouped: true });
  return `${paise < 0 ? '-' : ''}${options.rupeeSign ? '₹' : 'INR '}${rupees}`;
};

/** The download's file name: `receipt-SR-2026-27-000001.pdf`, `credit-note-CN-2026-27-000001.pdf`. */
export function documentFilename(kind: FinancialDocumentKind, number: string): string {
  const name = kind === 'receipt' ? 'receipt' : 'credit-note';
  return `${name}-${number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`;
}

/**
 * A credit note's amounts: what was refunded (never more than the receipt's amount), each part of the receipt
 * taken back in proportion as the ledger takes it (`splitRefund`), so the two always agree.
 */
export function creditNoteAmounts(
  receipt: FeeSplit & { amount: Paise },
  refunded: Paise,
): FeeSplit & { amount: Paise } {
  const amount = Math.max(0, Math.min(refunded, receipt.amount));
  const split = {
    platformFee: receipt.platformFee,
    gstOnFee: receipt.gstOnFee,
    mentorShare: receipt.mentorShare,
  };
  return { amount, ...splitRefund(receipt.amount, split, amount) };
}
