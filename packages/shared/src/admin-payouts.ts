import { z } from 'zod';
import { ADMIN_PAGE_SIZE } from './admin-console';
import { earningsPayoutSchema, payoutStatuses, type PayoutStatus } from './earnings';
import { msg } from './i18n/msg';
import { idSchema } from './ids';
import { formatPaise } from './money';
import { pageInfoSchema, pageQuerySchema } from './paging';

/**
 * The admin's side of payouts (DESIGN.md §4b "Earnings, payouts, receipts", Admin; decision 058): every
 * mentor's payouts, latest first, and a retry of a failed one. Amounts are integer paise.
 */

export const ADMIN_PAYOUTS_PAGE_SIZE = ADMIN_PAGE_SIZE;

export const adminPayoutMessages = {
  statusUnknown: msg('Status is one of {statuses}', { statuses: payoutStatuses.join(', ') }),
  notFound: msg('Payout not found.'),
  notFailed: msg('Only a failed payout can be retried.'),
  alreadyRetried: msg('This payout has already been retried.'),
  noMethod: msg('The mentor has no payout method any more, so the payout cannot be retried.'),
  noLongerAvailable: (amount: number, available: number) =>
    msg(
      "The mentor's available balance is {available} now, less than this payout of {amount} (it may have been paid out since). Nothing was retried.",
      { available: formatPaise(available), amount: formatPaise(amount) },
    ),
} as const;

/** `GET /api/admin/payouts?status=&page=`: latest requested first. */
export const adminPayoutsQuerySchema = z.object({
  status: z.enum(payoutStatuses, adminPayoutMessages.statusUnknown).optional(),
  page: pageQuerySchema(),
});
export type AdminPayoutsQuery = z.infer<typeof adminPayoutsQuerySchema>;
/** The query as the admin pages send it. */
export interface AdminPayoutsQueryInput {
  status?: PayoutStatus;
  page?: number;
}

/** A payout as an admin sees it: the mentor's, with the method as shown (never a whole account number). */
export const adminPayoutSchema = earningsPayoutSchema.extend({
  mentor: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** The failed payout this one retries, if any. */
  retryOf: z.string().nullable(),
  /** The payout that retried this failed one, if any: a payout is retried once. */
  retriedBy: z.string().nullable(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;

export const adminPayoutsResponseSchema = z.object({
  payouts: z.array(adminPayoutSchema),
  total: z.number().int().nonnegative(),
  ...pageInfoSchema,
});
export type AdminPayoutsResponse = z.infer<typeof adminPayoutsResponseSchema>;

export const adminPayoutIdParamsSchema = z.object({ id: idSchema });

/** `POST /api/admin/payouts/:id/retry` → the new payout (paid, failed again, or requested while pending). */
export const adminPayoutRetryResponseSchema = z.object({ payout: adminPayoutSchema });
export type AdminPayoutRetryResponse = z.infer<typeof adminPayoutRetryResponseSchema>;

/** Whether an admin may retry this payout: failed, and not retried yet. */
export const canRetryPayout = (payout: Pick<AdminPayout, 'status' | 'retriedBy'>): boolean =>
  payout.status === 'failed' && payout.retriedBy === null;
