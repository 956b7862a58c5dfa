import type { FeeSplit, LedgerAccount } from '@skillroute/shared/earnings';
import type { Paise } from '@skillroute/shared/money';

/**
 * The entries of each kind of ledger transaction (decision 054), as plain functions: each answers lines that
 * sum to zero. Signs: money in from mentees is a negative mentee_payments; what the platform, the tax and the
 * mentor hold is positive on their accounts; money returned to mentees is a positive refunds.
 */
export interface LedgerLine {
  account: LedgerAccount;
  /** The mentor, on the mentor_* accounts; null on the platform's. */
  userId: string | null;
  amount: Paise;
}

/** What a booking's mentor holds of it, per account, as its transactions so far left it. */
export interface BookingShare {
  pending: Paise;
  available: Paise;
}

/** A confirmed payment: the price comes in and splits into the fee, its GST and the mentor's pending share. */
export function paymentLines(input: { price: Paise; split: FeeSplit; mentorId: string }): LedgerLine[] {
  const { price, split, mentorId } = input;
  return [
    { account: 'mentee_payments', userId: null, amount: -price },
    { account: 'platform_fees', userId: null, amount: split.platformFee },
    { account: 'gst_on_fees', userId: null, amount: split.gstOnFee },
    { account: 'mentor_pending', userId: mentorId, amount: split.mentorShare },
  ];
}

/**
 * The share still pending on a booking becomes available to its mentor: a session held (`completion`) or one
 * cancelled too late for a refund of all of it (`release`: the mentor keeps the part the mentee did not get back).
 */
export function releaseLines(input: { pending: Paise; mentorId: string }): LedgerLine[] {
  const { pending, mentorId } = input;
  if (pending <= 0) return [];
  return [
    { account: 'mentor_pending', userId: mentorId, amount: -pending },
    { account: 'mentor_available', userId: mentorId, amount: pending },
  ];
}

/**
 * A refund decided: the money goes back to the mentee (refunds), taken from each part in proportion
 * (`splitRefund` gives `parts`); the mentor's part comes out of what is still pending of the booking first,
 * then out of the mentor's available balance (a session already held), and what that balance no longer holds
 * (paid out since) the platform bears (platform_absorbed), so no mentor balance goes below zero.
 */
export function refundLines(input: {
  refunded: Paise;
  parts: FeeSplit;
  share: BookingShare;
  /** The mentor's whole available balance, read under the mentor's balance lock. */
  mentorAvailable: Paise;
  mentorId: string;
}): LedgerLine[] {
  const { refunded, parts, share, mentorAvailable, mentorId } = input;
  if (refunded <= 0) return [];
  const fromPending = Math.min(parts.mentorShare, Math.max(0, share.pending));
  const fromAvailable = Math.min(parts.mentorShare - fromPending, Math.max(0, mentorAvailable));
  const absorbed = parts.mentorShare - fromPending - fromAvailable;
  const lines: LedgerLine[] = [
    { account: 'refunds', userId: null, amount: refunded },
    { account: 'platform_fees', userId: null, amount: -parts.platformFee },
    { account: 'gst_on_fees', userId: null, amount: -parts.gstOnFee },
    { account: 'mentor_pending', userId: mentorId, amount: -fromPending },
    { account: 'mentor_available', userId: mentorId, amount: -fromAvailable },
    { account: 'platform_absorbed', userId: null, amount: -absorbed },
  ];
  return lines.filter((line) => line.amount !== 0 || line.account === 'refunds');
}

export const sumOf = (lines: readonly LedgerLine[]): number =>
  lines.reduce((sum, line) => sum + line.amount, 0);

/** A payout: the amount leaves the mentor's available balance for what was paid out to them. */
export function payoutLines(input: { amount: Paise; mentorId: string }): LedgerLine[] {
  const { amount, mentorId } = input;
  return [
    { account: 'mentor_available', userId: mentorId, amount: -amount },
    { account: 'mentor_paid_out', userId: mentorId, amount },
  ];
}

/** A payout the provider failed: the amount comes back to the mentor's available balance. */
export function payoutFailedLines(input: { amount: Paise; mentorId: string }): LedgerLine[] {
  const { amount, mentorId } = input;
  return [
    { account: 'mentor_paid_out', userId: mentorId, amount: -amount },
    { account: 'mentor_available', userId: mentorId, amount },
  ];
}

/** Named once in shared, where the web checks a payout's amount before asking. */
export { payoutRefusal } from '@skillroute/shared/earnings';
