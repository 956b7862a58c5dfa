import { translatorFor } from '../../lib/i18n';
import { localeOfUser } from '../users/service';
import {
  earningsMessages,
  payoutMessages,
  type EarningsPayout,
  type PayoutMethodResponse,
  type PayoutRequestBody,
} from '@skillroute/shared/earnings';
import { shownPayoutMethod, type PayoutMethodBody } from '@skillroute/shared/payout-methods';
import {
  payeeAccountKey,
  PaymentProviderUnavailableError,
  type PayoutAccounts,
  type PayoutResult,
} from '../../adapters/payments/payment-provider';
import {
  within,
  type ServiceContext,
  type UserContext,
  type WorkContext,
} from '../../context/service-context';
import type { PayoutRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import * as repository from './repository';
import { payoutFailedLines, payoutLines, payoutRefusal } from './rules';

// Payouts (decision 055): a mentor's available balance paid out to their saved UPI ID or bank account, the
// payout row and its ledger transaction written together, and a failed payout's money returned in the same
// transaction as its status.

/** The signed-in user's id, if they are a mentor: only mentors have earnings. */
export function mentorIdOf(ctx: UserContext): string {
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
  if (ctx.payments.payout === undefined) throw new AppError('conflict', payoutMessages.notOffered);
  const minimum = ctx.settings.payoutMinimum;
  if (payoutRefusal({ amount: body.amount, minimum, available: Infinity }) === 'below_minimum')
    throw new AppError('bad_request', payoutMessages.belowMinimum(minimum));

  const payout = await ctx.unitOfWork(async (uow) => {
    const opened = await openPayout(within(ctx, uow), { mentorId, amount: body.amount });
    if (opened.refusal !== undefined)
      throw new AppError(
        'conflict',
        opened.refusal === 'no_method'
          ? payoutMessages.noMethod
          : // A request names its amount, already checked against the minimum: only the balance can refuse it.
            payoutMessages.aboveAvailable(opened.available),
      );
    return opened.payout;
  });
  return shownPayout(await sendPayout(ctx, { payout }));
}

type OpenedPayout =
  | { payout: PayoutRow; refusal?: undefined }
  | { refusal: 'no_method' | 'above_available' | 'below_minimum'; available: number };

/**
 * A payout of `amount` (or of the whole available balance, if it reaches PAYOUT_MINIMUM) written with its
 * ledger transaction (available → paid out), in the caller's unit of work, after locking the mentor's method
 * row: every payout of one mentor (a request, the weekly job, an admin's retry) takes that lock first, so none
 * reads a balance another is about to spend.
 */
export async function openPayout(
  ctx: WorkContext,
  input: { mentorId: string; amount: number | 'whole_balance'; retryOf?: string },
): Promise<OpenedPayout> {
  const { mentorId } = input;
  const method = await repository.lockPayoutMethod(ctx.uow.tx, mentorId);
  if (method === undefined) return { refusal: 'no_method', available: 0 };
  // A refund of a held session takes from the same balance: it waits for this payout, or this for it.
  await repository.lockMentorBalance(ctx.uow.tx, mentorId);
  const balances = await repository.balancesOfMentor(ctx.uow.tx, mentorId);
  const available = balances.mentor_available ?? 0;
  const amount = input.amount === 'whole_balance' ? available : input.amount;
  if (input.amount === 'whole_balance' && available < ctx.settings.payoutMinimum)
    return { refusal: 'below_minimum', available };
  if (amount > available) return { refusal: 'above_available', available };
  const payout = await repository.insertPayout(ctx.uow.tx, {
    mentorId,
    amount,
    method: method.shown,
    requestedAt: ctx.clock.now(),
    ...(input.retryOf === undefined ? {} : { retryOf: input.retryOf }),
  });
  await repository.insertTransaction(ctx.uow.tx, {
    kind: 'payout',
    bookingId: null,
    lines: payoutLines({ amount, mentorId }),
  });
  return { payout };
}

/**
 * Asks the provider to pay a `requested` payout (after its opening committed) and records the answer. The
 * payout's id is the idempotency key, so asking again for the same payout (a crash between the call and the
 * record) pays once. A provider that answers `pending` settles it later through its webhook; one that does not
 * answer leaves it requested (with its money in paid out) for a later attempt or its webhook to settle.
 */
export async function sendPayout(ctx: ServiceContext, input: { payout: PayoutRow }): Promise<PayoutRow> {
  const { payout } = input;
  const provider = ctx.payments;
  if (provider.payout === undefined) throw new AppError('conflict', payoutMessages.notOffered);
  const method = await repository.payoutMethodOf(ctx.db, payout.mentorId);
  if (method === undefined) throw new AppError('conflict', payoutMessages.noMethod);
  const person = await repository.payeeOf(ctx.db, payout.mentorId);
  if (person === undefined) throw new Error(`Payout ${payout.id} has no mentor ${payout.mentorId}.`);
  const payee = { mentorId: payout.mentorId, ...person };
  const destination = method.details;
  // Outside any transaction on purpose: an account the provider opened is remembered even if the transfer then fails.
  const key = {
    mentorId: payout.mentorId,
    provider: provider.name,
    destinationKey: payeeAccountKey({ payee, destination }),
  };
  const accounts: PayoutAccounts = {
    find: () => repository.payoutAccountOf(ctx.db, key),
    remember: (providerAccountId) => repository.rememberPayoutAccount(ctx.db, key, providerAccountId),
  };
  let result: PayoutResult;
  try {
    result = await provider.payout({
      idempotencyKey: payout.id,
      amountPaise: payout.amount,
      destination,
      payee,
      accounts,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderUnavailableError)) throw error;
    ctx.log.warn(
      { provider: error.provider, detail: error.detail, payoutId: payout.id },
      'the payout provider did not answer',
    );
    return payout;
  }
  const settled = await ctx.unitOfWork((uow) =>
    applyPayoutResult(within(ctx, uow), { payoutId: payout.id, result }),
  );
  return settled ?? (await repository.payoutById(ctx.db, payout.id)) ?? payout;
}

/**
 * A provider's answer about a payout (from the call, or later from its webhook), in the caller's unit of work:
 * `paid` marks it paid; `failed` marks it failed, returns its amount to available and tells the mentor, in the
 * same transaction; `pending` only remembers the provider's id. Only a `requested` payout changes, so an
 * answer that arrives twice (the call and the webhook) settles it once; undefined when nothing changed.
 */
export async function applyPayoutResult(
  ctx: WorkContext,
  input: { payoutId: string; result: PayoutResult },
): Promise<PayoutRow | undefined> {
  const { payoutId, result } = input;
  if (result.status === 'pending')
    return repository.notePendingPayout(ctx.uow.tx, payoutId, result.providerPayoutId);
  if (result.status === 'paid')
    return repository.settlePayout(ctx.uow.tx, payoutId, {
      status: 'paid',
      providerPayoutId: result.providerPayoutId,
      paidAt: ctx.clock.now(),
    });
  const failed = await repository.settlePayout(ctx.uow.tx, payoutId, {
    status: 'failed',
    providerPayoutId: result.providerPayoutId,
    failureReason: result.reason,
  });
  if (failed === undefined) return undefined;
  await repository.insertTransaction(ctx.uow.tx, {
    kind: 'payout_failed',
    bookingId: null,
    lines: payoutFailedLines({ amount: failed.amount, mentorId: failed.mentorId }),
  });
  // The shared text (a msg), in the mentor's language.
  const { translate } = translatorFor(await localeOfUser(ctx.uow.tx, failed.mentorId));
  await ctx.uow.notify(failed.mentorId, {
    type: 'payout_failed',
    message: translate(payoutMessages.failedNotice(failed.amount, result.reason)),
    link: '/profile/earnings',
    key: `payout:${failed.id}:failed`,
  });
  return failed;
}
