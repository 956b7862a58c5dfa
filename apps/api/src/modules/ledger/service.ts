import {
  splitPrice,
  splitRefund,
  type EarningsResponse,
  type EarningsSession,
  type LedgerCheckResponse,
  type StatementQuery,
} from '@skillroute/shared/earnings';
import type { Paise } from '@skillroute/shared/money';
import type { AdminContext, ServiceContext, UserContext, WorkContext } from '../../context/service-context';
import { timezoneOfUser } from '../users/service';
import { mentorIdOf, shownPayout } from './payouts';
import * as repository from './repository';
import { paymentLines, refundLines, releaseLines } from './rules';
import { statementCsv, statementWindow } from './statement';

// The ledger (decision 054): each money movement of a booking written as one balanced transaction in the unit
// of work of the change that causes it, so the two commit or roll back together. Bookings calls these; the
// ledger reads bookings only to show a mentor their sessions.

/** A payment that confirmed its booking: the price splits by today's rates into fee, GST and pending share. */
export async function recordPayment(
  ctx: WorkContext,
  input: { booking: { id: string; mentorId: string; amount: Paise } },
): Promise<void> {
  const { booking } = input;
  const split = splitPrice(booking.amount, ctx.settings.fees);
  await repository.insertTransaction(ctx.uow.tx, {
    kind: 'payment',
    bookingId: booking.id,
    lines: paymentLines({ price: booking.amount, split, mentorId: booking.mentorId }),
  });
}

/** Moves what is still pending of a booking's share to the mentor's available balance, as `kind`. */
async function releasePending(
  ctx: WorkContext,
  input: { bookingId: string; kind: 'completion' | 'release' },
): Promise<void> {
  const { paid, share } = await repository.ledgerOfBooking(ctx.uow.tx, input.bookingId);
  if (paid === undefined) return;
  const lines = releaseLines({ pending: share.pending, mentorId: paid.mentorId });
  if (lines.length === 0) return;
  await repository.insertTransaction(ctx.uow.tx, { kind: input.kind, bookingId: input.bookingId, lines });
}

/** A session held: the mentor's share of it becomes available. */
export async function recordCompletion(ctx: WorkContext, input: { bookingId: string }): Promise<void> {
  await releasePending(ctx, { bookingId: input.bookingId, kind: 'completion' });
}

/**
 * A session cancelled: what the mentee did not get back of the mentor's share (a late cancellation's half, or
 * all of it) is the mentor's, available now, since no completion will ever release it. Call after the refund.
 */
export async function recordCancellation(ctx: WorkContext, input: { bookingId: string }): Promise<void> {
  await releasePending(ctx, { bookingId: input.bookingId, kind: 'release' });
}

/**
 * A refund decided of `refunded` paise: each part of the price is taken back in proportion. A booking whose
 * payment never confirmed it (a late or a blocked party's payment, refunded whole) never entered the ledger,
 * and a refund of nothing moves nothing.
 */
export async function recordRefund(
  ctx: WorkContext,
  input: { bookingId: string; refunded: Paise },
): Promise<void> {
  const { bookingId, refunded } = input;
  if (refunded <= 0) return;
  // The booking's own ledger changes only under its row, which the caller has changed: read before the mentor's lock.
  const { paid, share } = await repository.ledgerOfBooking(ctx.uow.tx, bookingId);
  if (paid === undefined) return;
  await repository.lockMentorBalance(ctx.uow.tx, paid.mentorId);
  const mentorAvailable =
    (await repository.balancesOfMentor(ctx.uow.tx, paid.mentorId)).mentor_available ?? 0;
  const parts = splitRefund(paid.price, paid.split, Math.min(refunded, paid.price));
  await repository.insertTransaction(ctx.uow.tx, {
    kind: 'refund',
    bookingId,
    lines: refundLines({
      refunded: Math.min(refunded, paid.price),
      parts,
      share,
      mentorAvailable,
      mentorId: paid.mentorId,
    }),
  });
}

/** A paid session as the mentor reads it: what stays of each part of its price once refunds are taken back. */
const sessionOf = (row: repository.SessionEarningRow): EarningsSession => ({
  bookingId: row.bookingId,
  startTime: row.startTime.toISOString(),
  mentee: { name: row.menteeName },
  price: -((row.sums.mentee_payments ?? 0) + (row.sums.refunds ?? 0)),
  platformFee: row.sums.platform_fees ?? 0,
  gstOnFee: row.sums.gst_on_fees ?? 0,
  net: (row.sums.mentor_pending ?? 0) + (row.sums.mentor_available ?? 0) + (row.sums.mentor_paid_out ?? 0),
  status: row.status,
});

/** `GET /api/earnings`: the signed-in mentor's balances and each paid session's split, net of refunds. */
export async function earningsOf(ctx: UserContext): Promise<EarningsResponse> {
  const mentorId = mentorIdOf(ctx);
  const [balances, sessions, payouts] = await Promise.all([
    repository.balancesOfMentor(ctx.db, mentorId),
    repository.sessionsOfMentor(ctx.db, mentorId),
    repository.payoutsOfMentor(ctx.db, mentorId),
  ]);
  const pending = balances.mentor_pending ?? 0;
  const available = balances.mentor_available ?? 0;
  const paidOut = balances.mentor_paid_out ?? 0;
  return {
    currency: 'INR',
    pending,
    available,
    paidOut,
    lifetime: pending + available + paidOut,
    payoutMinimum: ctx.settings.payoutMinimum,
    sessions: sessions.map(sessionOf),
    payouts: payouts.map(shownPayout),
  };
}

/** `GET /api/earnings/statement.csv`: the sessions held between two days of the mentor's own calendar. */
export async function statementOf(ctx: UserContext, query: StatementQuery): Promise<string> {
  const mentorId = mentorIdOf(ctx);
  const zone = await timezoneOfUser(ctx, mentorId);
  const window = statementWindow(query, zone);
  const sessions = await repository.sessionsOfMentor(ctx.db, mentorId, window);
  return statementCsv(sessions.map(sessionOf), zone);
}

/** `GET /api/admin/ledger/check`: every transaction sums to zero (the database refuses any other at commit). */
export async function checkLedger(ctx: AdminContext): Promise<LedgerCheckResponse> {
  const { transactions, entries, unbalanced } = await repository.checkLedger(ctx.db);
  return { balanced: unbalanced === 0, transactions, entries };
}

export interface LedgerTotals {
  platformFees: Paise;
  gstOnFees: Paise;
  mentorPending: Paise;
  mentorAvailable: Paise;
  paidOut: Paise;
}

/** The platform's and all mentors' balances, summed over the ledger's accounts (the admin's dashboard). */
export async function ledgerTotals(ctx: ServiceContext): Promise<LedgerTotals> {
  const sums = await repository.accountTotals(ctx.db);
  return {
    platformFees: sums.platform_fees ?? 0,
    gstOnFees: sums.gst_on_fees ?? 0,
    mentorPending: sums.mentor_pending ?? 0,
    mentorAvailable: sums.mentor_available ?? 0,
    paidOut: sums.mentor_paid_out ?? 0,
  };
}
