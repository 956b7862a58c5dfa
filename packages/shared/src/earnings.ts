import { z } from 'zod';
import { msg } from './i18n/msg';
import { parseInstant } from './instants';
import { formatPaise, type Paise } from './money';

/**
 * The money a mentor earns (DESIGN.md §4b "Earnings, payouts, receipts"): how a price splits into the
 * platform's fee, GST on that fee and the mentor's share, how a refund takes back its part of each, the
 * ledger's accounts, and the wire shape of `GET /api/earnings`. All amounts are integer paise.
 */

/** The ledger's accounts, named once: the api writes them, the database stores them as text. */
export const ledgerAccounts = [
  /** Money received from mentees (its balance is negative: what came in). */
  'mentee_payments',
  /** The platform's fee on each session. */
  'platform_fees',
  /** GST owed on the platform's fee. */
  'gst_on_fees',
  /** A mentor's share of sessions not yet held. */
  'mentor_pending',
  /** A mentor's share of sessions held, not yet paid out. */
  'mentor_available',
  /** What was paid out to a mentor. */
  'mentor_paid_out',
  /** Money returned to mentees. */
  'refunds',
  /**
   * A mentor's part of a refund the platform bore itself, because that share had already been paid out
   * (negative: the platform's cost). A mentor's balances never go below zero.
   */
  'platform_absorbed',
] as const;
export type LedgerAccount = (typeof ledgerAccounts)[number];

/** The accounts that belong to one mentor (their entries carry the mentor's user id). */
export const mentorAccounts = [
  'mentor_pending',
  'mentor_available',
  'mentor_paid_out',
] as const satisfies readonly LedgerAccount[];

/** What a ledger transaction records, one kind per money movement. */
export const ledgerTransactionKinds = [
  'payment',
  'completion',
  'refund',
  'release',
  /** A mentor's available balance paid out: mentor_available to mentor_paid_out. */
  'payout',
  /** A payout the provider failed: the amount back from mentor_paid_out to mentor_available. */
  'payout_failed',
] as const;
export type LedgerTransactionKind = (typeof ledgerTransactionKinds)[number];

export const FEE_CURRENCY = 'INR';

/** `PLATFORM_FEE_PERCENT` and `GST_PERCENT` when the environment does not set them (DESIGN.md §4b). */
export const DEFAULT_FEE_RATES = { platformFeePercent: 10, gstPercent: 18 } as const;

/** The percentages a split is made with (PLATFORM_FEE_PERCENT, GST_PERCENT): whole numbers from 0 to 100. */
export interface FeeRates {
  platformFeePercent: number;
  gstPercent: number;
}

/** The three parts of a price; they always add up to it exactly. */
export interface FeeSplit {
  platformFee: Paise;
  gstOnFee: Paise;
  mentorShare: Paise;
}

/** a / b rounded half up, in integers (a ≥ 0, b > 0), so no float decides a paisa. */
const divideRoundingHalfUp = (a: number, b: number): number => Math.floor((2 * a + b) / (2 * b));

/**
 * A price split into the platform's fee (its percentage of the price), GST on that fee (its percentage of the
 * fee), both rounded half up to the paisa, and the mentor's share: the rest, so the three add up exactly.
 */
export function splitPrice(price: Paise, rates: FeeRates): FeeSplit {
  const platformFee = divideRoundingHalfUp(price * rates.platformFeePercent, 100);
  const gstOnFee = divideRoundingHalfUp(platformFee * rates.gstPercent, 100);
  return { platformFee, gstOnFee, mentorShare: price - platformFee - gstOnFee };
}

/**
 * What a refund of `refunded` paise (at most the price) takes back from each part of a split: each part in
 * proportion, floored, and the paise left over given to the parts with the largest remainders (fee first on a
 * tie). The parts add up exactly to `refunded`, and none exceeds the part it comes from, so no balance is
 * taken below zero.
 */
export function splitRefund(price: Paise, split: FeeSplit, refunded: Paise): FeeSplit {
  if (refunded <= 0) return { platformFee: 0, gstOnFee: 0, mentorShare: 0 };
  if (refunded >= price) return { ...split };
  const order = ['platformFee', 'gstOnFee', 'mentorShare'] as const;
  const parts = order.map((key) => {
    const scaled = split[key] * refunded;
    return { key, amount: Math.floor(scaled / price), remainder: scaled % price };
  });
  let left = refunded - parts.reduce((sum, part) => sum + part.amount, 0);
  for (const part of [...parts].sort((a, b) => b.remainder - a.remainder)) {
    if (left === 0) break;
    part.amount += 1;
    left -= 1;
  }
  const result = { platformFee: 0, gstOnFee: 0, mentorShare: 0 };
  for (const part of parts) result[part.key] = part.amount;
  return result;
}

export const earningsSessionSchema = z.object({
  bookingId: z.string(),
  startTime: z.string(),
  mentee: z.object({ name: z.string() }),
  /** Paise: the price the mentee paid, less any refund. */
  price: z.number().int(),
  platformFee: z.number().int(),
  gstOnFee: z.number().int(),
  /** Paise: the mentor's share of it. */
  net: z.number().int(),
  status: z.string(),
});
export type EarningsSession = z.infer<typeof earningsSessionSchema>;

/** The least a payout may be, unless PAYOUT_MINIMUM says otherwise: ₹500, in paise. */
export const DEFAULT_PAYOUT_MINIMUM_PAISE = 50_000;

export const payoutStatuses = ['requested', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];
/** A payout's status as people read it, the mentor on their earnings and an admin on the payouts list alike. */
export const payoutStatusLabels: Record<PayoutStatus, string> = {
  requested: msg('Requested'),
  paid: msg('Paid'),
  failed: msg('Failed'),
};

/** A payout method as shown back (`shownPayoutMethod`): never a whole account number. */
export const payoutMethodShownSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('upi'), vpa: z.string() }),
  z.object({ type: z.literal('bank'), accountName: z.string(), accountLast4: z.string(), ifsc: z.string() }),
]);

/** `GET`/`PUT /api/earnings/payout-method`: the method as shown, or null before one is saved. */
export const payoutMethodResponseSchema = z.object({ method: payoutMethodShownSchema.nullable() });
export type PayoutMethodResponse = z.infer<typeof payoutMethodResponseSchema>;

export const earningsPayoutSchema = z.object({
  id: z.string(),
  /** Paise. */
  amount: z.number().int(),
  status: z.enum(payoutStatuses),
  /** Where it went, as it was shown when requested. */
  method: payoutMethodShownSchema,
  requestedAt: z.string(),
  paidAt: z.string().nullable(),
  /** Why the provider failed it; null unless failed. */
  failureReason: z.string().nullable(),
});
export type EarningsPayout = z.infer<typeof earningsPayoutSchema>;

/** `POST /api/earnings/payouts`'s body: how much, in whole paise. */
/** Why a payout of `amount` is refused, or undefined when it may go: the minimum first, then the balance. */
export function payoutRefusal(input: {
  amount: Paise;
  minimum: Paise;
  available: Paise;
}): 'below_minimum' | 'above_available' | undefined {
  if (input.amount < input.minimum) return 'below_minimum';
  if (input.amount > input.available) return 'above_available';
  return undefined;
}

export const payoutRequestBodySchema = z.strictObject({ amount: z.number().int().positive() });
export type PayoutRequestBody = z.infer<typeof payoutRequestBodySchema>;

export const payoutResponseSchema = z.object({ payout: earningsPayoutSchema });
export type PayoutResponse = z.infer<typeof payoutResponseSchema>;

/** `GET /api/earnings`: a mentor's balances in paise, each paid session's split, and their payouts. */
export const earningsResponseSchema = z.object({
  currency: z.literal('INR'),
  pending: z.number().int(),
  available: z.number().int(),
  paidOut: z.number().int(),
  lifetime: z.number().int(),
  /** The least a payout may be (PAYOUT_MINIMUM), so the page can say so before anyone asks. */
  payoutMinimum: z.number().int(),
  sessions: z.array(earningsSessionSchema),
  payouts: z.array(earningsPayoutSchema),
});
export type EarningsResponse = z.infer<typeof earningsResponseSchema>;

/** `GET /api/admin/ledger/check`: whether every transaction sums to zero, and how many there are. */
export const ledgerCheckResponseSchema = z.object({
  balanced: z.boolean(),
  transactions: z.number().int(),
  entries: z.number().int(),
});
export type LedgerCheckResponse = z.infer<typeof ledgerCheckResponseSchema>;

/** The longest statement one request may ask for: a financial year, with room for a leap day. */
export const STATEMENT_DAYS_MAX = 366;

export const earningsMessages = {
  mentorsOnly: msg('Only mentors have earnings.'),
  statementDate: msg('Dates are written as YYYY-MM-DD, like 2026-04-01'),
  statementReversed: msg('"to" must be on or after "from"'),
  statementTooLong: msg('A statement covers at most {days} days', { days: STATEMENT_DAYS_MAX }),
} as const;

const DAY_MS = 86_400_000;

/** A calendar date that exists ("2026-04-01"), kept as written: the api reads it in the mentor's zone. */
const statementDateSchema = z
  .string()
  .refine((text) => /^\d{4}-\d{2}-\d{2}$/.test(text) && parseInstant(text, { dates: true }) !== undefined, {
    message: earningsMessages.statementDate,
  });

/** `GET /api/earnings/statement.csv?from=&to=`: both days included, at most STATEMENT_DAYS_MAX of them. */
export const statementQuerySchema = z
  .strictObject({ from: statementDateSchema, to: statementDateSchema })
  .superRefine((query, context) => {
    const from = parseInstant(query.from, { dates: true });
    const to = parseInstant(query.to, { dates: true });
    if (from === undefined || to === undefined) return;
    if (to < from)
      context.addIssue({ code: 'custom', path: ['to'], message: earningsMessages.statementReversed });
    else if ((to - from) / DAY_MS + 1 > STATEMENT_DAYS_MAX)
      context.addIssue({ code: 'custom', path: ['to'], message: earningsMessages.statementTooLong });
  });
export type StatementQuery = z.infer<typeof statementQuerySchema>;

/** The statement's columns, in order: what a mentor's accountant reads. Amounts are rupees with paise. */
export const statementColumns = [
  'Date',
  'Time',
  'Booking',
  'Mentee',
  'Status',
  'Price (INR)',
  'Platform fee (INR)',
  'GST on fee (INR)',
  'Net (INR)',
] as const;

export const payoutMessages = {
  belowMinimum: (minimum: number) =>
    msg('A payout must be at least {minimum}.', { minimum: formatPaise(minimum) }),
  aboveAvailable: (available: number) =>
    msg('You can pay out at most your available balance, {available}.', {
      available: formatPaise(available),
    }),
  noMethod: msg('Add a UPI ID or a bank account before asking for a payout.'),
  notOffered: msg('Payouts are not available with this payment provider yet.'),
  failedNotice: (amount: number, reason: string) =>
    msg('Your payout of {amount} failed ({reason}). The money is back in your available balance.', {
      amount: formatPaise(amount),
      reason,
    }),
} as const;
