import {
  ADMIN_PAYOUTS_PAGE_SIZE,
  adminPayoutMessages,
  type AdminPayout,
  type AdminPayoutRetryResponse,
  type AdminPayoutsQuery,
  type AdminPayoutsResponse,
} from '@skillroute/shared/admin-payouts';
import { payoutMessages } from '@skillroute/shared/earnings';
import { within, type AdminContext } from '../../context/service-context';
import { AppError } from '../../lib/errors';
import { pageWindow } from '../../lib/paging';
import { recordAdminAction } from '../audit/service';
import { openPayout, sendPayout, shownPayout } from './payouts';
import * as repository from './repository';

// The admin's side of payouts (decision 058): every mentor's payouts, and a retry of a failed one as a new
// payout through the same steps as a mentor's request (openPayout, then sendPayout).

const toAdminPayout = (row: repository.AdminPayoutRow): AdminPayout => ({
  ...shownPayout(row),
  mentor: { id: row.mentorId, name: row.mentorName, email: row.mentorEmail },
  retryOf: row.retryOf,
  retriedBy: row.retriedBy,
});

/** `GET /api/admin/payouts?status=&page=`: latest requested first. */
export async function listPayouts(
  ctx: AdminContext,
  query: AdminPayoutsQuery,
): Promise<AdminPayoutsResponse> {
  const { rows, total } = await repository.listPayoutsForAdmin(ctx.db, {
    status: query.status,
    ...pageWindow(query.page, ADMIN_PAYOUTS_PAGE_SIZE),
  });
  return { payouts: rows.map(toAdminPayout), total, page: query.page, limit: ADMIN_PAYOUTS_PAGE_SIZE };
}

/**
 * `POST /api/admin/payouts/:id/retry`: a failed payout paid again as a new payout of the same amount (linked
 * by `retryOf`), to the mentor's method as it is now. In one transaction with its audit entry, after the
 * mentor's method row is locked (as every payout of theirs is): the failed one not retried yet, the amount
 * still available, then the new payout and its ledger transaction. The provider is asked after the commit.
 */
export async function retryPayout(
  ctx: AdminContext,
  input: { payoutId: string },
): Promise<AdminPayoutRetryResponse> {
  const { payoutId } = input;
  if (ctx.payments.payout === undefined) throw new AppError('conflict', payoutMessages.notOffered);
  const failed = await repository.payoutForAdmin(ctx.db, payoutId);
  if (failed === undefined) throw new AppError('not_found', adminPayoutMessages.notFound);
  if (failed.status !== 'failed') throw new AppError('conflict', adminPayoutMessages.notFailed);

  const opened = await ctx.unitOfWork(async (uow) => {
    // The method's lock first: two retries of one payout (or a retry and the mentor's own request) take turns.
    await repository.lockPayoutMethod(uow.tx, failed.mentorId);
    if ((await repository.retryOfPayout(uow.tx, payoutId)) !== undefined)
      throw new AppError('conflict', adminPayoutMessages.alreadyRetried);
    const result = await openPayout(within(ctx, uow), {
      mentorId: failed.mentorId,
      amount: failed.amount,
      retryOf: payoutId,
    });
    if (result.refusal !== undefined)
      throw new AppError(
        'conflict',
        result.refusal === 'no_method'
          ? adminPayoutMessages.noMethod
          : adminPayoutMessages.noLongerAvailable(failed.amount, result.available),
      );
    await recordAdminAction(uow.tx, ctx.admin, {
      action: 'payout.retry',
      targetType: 'payout',
      targetId: payoutId,
      details: {
        name: failed.mentorName,
        email: failed.mentorEmail,
        amount: failed.amount,
        retry: result.payout.id,
      },
    });
    return result.payout;
  });
  try {
    await sendPayout(ctx, { payout: opened });
  } catch (error) {
    // The payout stays requested, its money set aside; the unanswered-payouts job asks the provider again.
    ctx.log.warn(
      { err: error, payoutId: opened.id },
      'a retried payout was not answered; the job asks again',
    );
  }
  const row = await repository.payoutForAdmin(ctx.db, opened.id);
  return { payout: toAdminPayout(row!) };
}
