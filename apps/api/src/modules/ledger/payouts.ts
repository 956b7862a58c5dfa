import {
  earningsMessages,
  payoutMessages,
  type EarningsPayout,
  type PayoutMethodResponse,
  type PayoutRequestBody,
} from '@skillroute/shared/earnings';
import { shownPayoutMethod, type PayoutMethodBody } from '@skillroute/shared/payout-methods';
import type { UserContext } from '../../context/service-context';
import type { PayoutRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import * as repository from './repository';
import { payoutFailedLines, payoutLines, payoutRefusal } from './rules';

// Payouts (decision 055): a mentor's available balance paid out to their saved UPI ID or bank account, the
// payout row and its ledger transaction written together, and a failed payout's money returned in the same
// transaction as its status.

function mentorIdOf(ctx: UserContext): string {
  if (ctx.user.role !== 'mentor') throw new AppError('forbidden', earningsMessages.mentorsOnly);
  return ctx.user.id;
}

/** `PUT /api/earnings/payout-method`: saves or replaces the mentor's method; answers only what is shown. */
export async function savePayoutMethod(
  ctx: UserContext,
  body: PayoutMethodBody,
): Promise<PayoutMethodResponse> {
  const mentorId = mentorIdOf(ctx);
  const shown = shownPayoutMethod(body);
  await ctx.unitOfWork((uow) => repository.upsertPayoutMethod(uow.tx, { mentorId, details: body, shown }));
  return { method: shown };
}

/** `GET /api/earnings/payout-method`: the saved method as shown, or null. */
export async function payoutMethodOf(ctx: UserContext): Promise<PayoutMethodResponse> {
  const row = await repository.payoutMethodOf(ctx.db, mentorIdOf(ctx));
  return { method: row?.shown ?? null };
}

export const shownPayout = (row: PayoutRow): EarningsPayout => ({
  id: row.id,
  amount: row.amount,
  status: row.status,
  method: row.method,
  requestedAt: row.requestedAt.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
  failureReason: row.failureReason,
});

/**
 * `POST /api/earnings/payouts`: at least PAYOUT_MINIMUM, at most the available balance. The method's row is
 * locked before the balance is read, so two requests at once are served in turn and never pay out more than
 * there is. The provider is called after that commit (a request never holds the lock across the network);
 * its answer settles the payout in a second transaction.
 */
export async function requestPayout(ctx: UserContext, body: PayoutRequestBody): Promise<EarningsPayout> {
  const mentorId = mentorIdOf(ctx);
  const provider = ctx.payments;
  if (provider.payout === undefined) throw new AppError('conflict', payoutMessages.notOffered);
  const minimum = ctx.settings.payoutMinimum;
  if (payoutRefusal({ amount: body.amount, minimum, available: Infinity }) === 'below_minimum')
    throw new AppError('bad_request', payoutMessages.belowMinimum(minimum));

  const { payout, details } = await ctx.unitOfWork(async (uow) => {
    const method = await repository.lockPayoutMethod(uow.tx, mentorId);
    if (method === undefined) throw new AppError('conflict', payoutMessages.noMethod);
    const balances = await repository.balancesOfMentor(uow.tx, mentorId);
    const available = balances.mentor_available ?? 0;
    if (payoutRefusal({ amount: body.amount, minimum, available }) === 'above_available')
      throw new AppError('conflict', payoutMessages.aboveAvailable(available));
    const row = await repository.insertPayout(uow.tx, {
      mentorId,
      amount: body.amount,
      method: method.shown,
      requestedAt: ctx.clock.now(),
    });
    await repository.insertTransaction(uow.tx, {
      kind: 'payout',
      bookingId: null,
      lines: payoutLines({ amount: body.amount, mentorId }),
    });
    return { payout: row, details: method.details };
  });

  const result = await provider.payout({
    idempotencyKey: payout.id,
    amountPaise: payout.amount,
    destination: details,
  });
  const settled = await ctx.unitOfWork(async (uow) => {
    if (result.status === 'paid')
      return repository.settlePayout(uow.tx, payout.id, {
        status: 'paid',
        providerPayoutId: result.providerPayoutId,
        paidAt: ctx.clock.now(),
      });
    const failed = await repository.settlePayout(uow.tx, payout.id, {
      status: 'failed',
      providerPayoutId: result.providerPayoutId,
      failureReason: result.reason,
    });
    if (failed === undefined) return undefined;
    await repository.insertTransaction(uow.tx, {
      kind: 'payout_failed',
      bookingId: null,
      lines: payoutFailedLines({ amount: payout.amount, mentorId }),
    });
    await uow.notify(mentorId, {
      type: 'payout_failed',
      message: payoutMessages.failedNotice(payout.amount, result.reason),
      link: '/profile/earnings',
      key: `payout:${payout.id}:failed`,
    });
    return failed;
  });
  return shownPayout(settled ?? payout);
}
