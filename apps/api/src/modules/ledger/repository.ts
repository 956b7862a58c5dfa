import { alias } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type {
  FeeSplit,
  LedgerAccount,
  LedgerTransactionKind,
  PayoutStatus,
} from '@skillroute/shared/earnings';
import { prepareStatement, preparedPer, type Executor } from '../../db/client';
import type { PayoutMethodBody, PayoutMethodShown } from '@skillroute/shared/payout-methods';
import {
  bookings,
  ledgerEntries,
  ledgerTransactions,
  payoutAccounts,
  payoutMethods,
  payouts,
  users,
  type PayoutMethodRow,
  type PayoutRow,
} from '../../db/schema';
import type { BookingShare, LedgerLine } from './rules';

/** One transaction and its entries, in the caller's transaction; the database checks the sum at commit. */
export async function insertTransaction(
  tx: Executor,
  input: { kind: LedgerTransactionKind; bookingId: string | null; lines: readonly LedgerLine[] },
): Promise<string> {
  // A transaction moves money between accounts: one without entries would be a row that records nothing.
  if (input.lines.length === 0) throw new Error('a ledger transaction needs its entries');
  const { rows } = await transactionWithEntries(tx).execute({
    kind: input.kind,
    bookingId: input.bookingId,
    accounts: input.lines.map((line) => line.account),
    userIds: input.lines.map((line) => line.userId),
    amounts: input.lines.map((line) => line.amount),
  });
  const [row] = rows;
  if (row === undefined) throw new Error('the ledger transaction was not written');
  return row.id;
}

/**
 * `insertTransaction`'s one statement, prepared once per handle: the transaction and its entries in one round trip
 * (every payment, completion, refund and payout writes one). The entries come as parallel arrays, so the
 * statement has one shape however many lines a transaction has.
 */
const transactionWithEntries = preparedPer((tx) => {
  const value = sql.placeholder;
  return prepareStatement<{ id: string }>(
    tx,
    'insert_ledger_transaction',
    sql`
    with created as (
      insert into ${ledgerTransactions} (kind, booking_id)
      values (${value('kind')}, ${value('bookingId')}::uuid)
      returning id
    ), entries as (
      insert into ${ledgerEntries} (transaction_id, account, user_id, amount, currency)
      select created.id, line.account, line.user_id, line.amount, 'INR'
      from created, unnest(
        ${value('accounts')}::text[], ${value('userIds')}::uuid[], ${value('amounts')}::bigint[]
      ) as line(account, user_id, amount)
    )
    select id from created`,
  );
});

/** How a booking's payment was split (the rates of that day, not today's), and to which mentor. */
export interface PaymentSplit {
  price: number;
  split: FeeSplit;
  mentorId: string;
}

/**
 * A booking's ledger in one statement: how its payment was split (undefined when no payment entered the ledger),
 * and what its mentor still holds of it, pending and available.
 */
export async function ledgerOfBooking(
  db: Executor,
  bookingId: string,
): Promise<{
  paid: PaymentSplit | undefined;
  share: BookingShare;
}> {
  const rows = await bookingLedgerStatement(db).execute({ bookingId });
  const sums: Partial<Record<LedgerAccount, number>> = {};
  const payment: Partial<Record<LedgerAccount, number>> = {};
  let mentorId: string | undefined;
  for (const row of rows) {
    const total = Number(row.total);
    sums[row.account] = (sums[row.account] ?? 0) + total;
    if (row.kind !== 'payment') continue;
    // A payment is one transaction of one entry per account: its sums are its entries.
    payment[row.account] = total;
    if (row.account === 'mentor_pending' && row.userId !== null) mentorId = row.userId;
  }
  return {
    paid:
      mentorId === undefined
        ? undefined
        : {
            mentorId,
            price: -(payment.mentee_payments ?? 0),
            split: {
              platformFee: payment.platform_fees ?? 0,
              gstOnFee: payment.gst_on_fees ?? 0,
              mentorShare: payment.mentor_pending ?? 0,
            },
          },
    share: {
      pending: sums.mentor_pending ?? 0,
      available: sums.mentor_available ?? 0,
    },
  };
}

/** `ledgerOfBooking`'s statement, prepared once per handle: every refund, release and completion reads it. */
const bookingLedgerStatement = preparedPer((db) =>
  db
    .select({
      kind: ledgerTransactions.kind,
      account: ledgerEntries.account,
      userId: ledgerEntries.userId,
      total: sql<string>`sum(${ledgerEntries.amount})`,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(eq(ledgerTransactions.bookingId, sql.placeholder('bookingId')))
    .groupBy(ledgerTransactions.kind, ledgerEntries.account, ledgerEntries.userId)
    .prepare('ledger_of_booking'),
);

/** A mentor's balance on each of their accounts. */
export async function balancesOfMentor(
  db: Executor,
  mentorId: string,
): Promise<Partial<Record<LedgerAccount, number>>> {
  const rows = await mentorBalances(db).execute({ mentorId });
  return Object.fromEntries(rows.map((row) => [row.account, Number(row.total)]));
}

/** `balancesOfMentor`'s statement, prepared once per handle: every refund and payout reads it. */
const mentorBalances = preparedPer((db) =>
  db
    .select({ account: ledgerEntries.account, total: sql<string>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, sql.placeholder('mentorId')))
    .groupBy(ledgerEntries.account)
    .prepare('ledger_mentor_balances'),
);

export interface SessionEarningRow {
  bookingId: string;
  startTime: Date;
  status: string;
  menteeName: string;
  sums: Partial<Record<LedgerAccount, number>>;
}

/**
 * A mentor's paid sessions, latest start first, each with its sums per account over its transactions; with a
 * window, only those starting in it (`to` excluded).
 */
export async function sessionsOfMentor(
  db: Executor,
  mentorId: string,
  window?: { from: Date; to: Date },
): Promise<SessionEarningRow[]> {
  const paid = await db
    .select({
      bookingId: bookings.id,
      startTime: bookings.startTime,
      status: bookings.status,
      menteeName: users.name,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.menteeId))
    .where(
      and(
        eq(bookings.mentorId, mentorId),
        window && gte(bookings.startTime, window.from),
        window && lt(bookings.startTime, window.to),
        sql`exists (select 1 from ${ledgerTransactions} where ${ledgerTransactions.bookingId} = ${bookings.id}
          and ${ledgerTransactions.kind} = 'payment')`,
      ),
    )
    .orderBy(sql`${bookings.startTime} desc`);
  if (paid.length === 0) return [];
  const sums = await db
    .select({
      bookingId: ledgerTransactions.bookingId,
      account: ledgerEntries.account,
      total: sql<string>`sum(${ledgerEntries.amount})`,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(
      and(
        isNotNull(ledgerTransactions.bookingId),
        inArray(
          ledgerTransactions.bookingId,
          paid.map((row) => row.bookingId),
        ),
      ),
    )
    .groupBy(ledgerTransactions.bookingId, ledgerEntries.account)
    .orderBy(asc(ledgerTransactions.bookingId));
  const byBooking = new Map<string, Partial<Record<LedgerAccount, number>>>();
  for (const row of sums) {
    const entry = byBooking.get(row.bookingId!) ?? {};
    entry[row.account] = Number(row.total);
    byBooking.set(row.bookingId!, entry);
  }
  return paid.map((row) => ({ ...row, sums: byBooking.get(row.bookingId) ?? {} }));
}

/** The whole ledger checked: how many transactions and entries, and how many transactions do not sum to zero. */
export async function checkLedger(
  db: Executor,
): Promise<{ transactions: number; entries: number; unbalanced: number }> {
  const result = await db.execute<{ transactions: string; entries: string; unbalanced: string }>(sql`
    select
      (select count(*) from ${ledgerTransactions}) as transactions,
      (select count(*) from ${ledgerEntries}) as entries,
      (select count(*) from (
        select 1 from ${ledgerEntries}
        group by ${ledgerEntries.transactionId}, ${ledgerEntries.currency}
        having sum(${ledgerEntries.amount}) <> 0
      ) as unbalanced) as unbalanced`);
  const row = result.rows[0]!;
  return {
    transactions: Number(row.transactions),
    entries: Number(row.entries),
    unbalanced: Number(row.unbalanced),
  };
}

/** The first key of the two-key advisory locks on a mentor's balance (apart from bookings' one-key locks). */
const MENTOR_BALANCE_LOCK = 7_310_027;

/**
 * Serialises everything that takes money out of a mentor's available balance (a payout, a refund of a held
 * session) until the transaction ends, so each reads the balance the other left.
 */
export async function lockMentorBalance(tx: Executor, mentorId: string): Promise<void> {
  await mentorBalanceLock(tx).execute({ mentorId });
}

/** `lockMentorBalance`'s statement, prepared once per handle: every refund and payout takes the lock. */
const mentorBalanceLock = preparedPer((tx) =>
  prepareStatement(
    tx,
    'lock_mentor_balance',
    sql`select pg_advisory_xact_lock(${MENTOR_BALANCE_LOCK}, hashtext(${sql.placeholder('mentorId')}))`,
  ),
);

/** A mentor's payout method, saved or replaced. */
export async function upsertPayoutMethod(
  tx: Executor,
  input: { mentorId: string; details: PayoutMethodBody; shown: PayoutMethodShown },
): Promise<void> {
  await tx
    .insert(payoutMethods)
    .values(input)
    .onConflictDoUpdate({
      target: payoutMethods.mentorId,
      set: { details: input.details, shown: input.shown, updatedAt: new Date() },
    });
}

export async function payoutMethodOf(db: Executor, mentorId: string): Promise<PayoutMethodRow | undefined> {
  const [row] = await db.select().from(payoutMethods).where(eq(payoutMethods.mentorId, mentorId));
  return row;
}

/**
 * The mentor's payout method, its row locked until the transaction ends: two payouts of one mentor take it in
 * turn, so the second reads the balance the first left.
 */
export async function lockPayoutMethod(tx: Executor, mentorId: string): Promise<PayoutMethodRow | undefined> {
  const [row] = await tx
    .select()
    .from(payoutMethods)
    .where(eq(payoutMethods.mentorId, mentorId))
    .for('update');
  return row;
}

export async function insertPayout(
  tx: Executor,
  input: { mentorId: string; amount: number; method: PayoutMethodShown; requestedAt: Date; retryOf?: string },
): Promise<PayoutRow> {
  const [row] = await tx.insert(payouts).values(input).returning();
  return row!;
}

/** A payout's outcome, only from requested, so an outcome is never written twice. */
export async function settlePayout(
  tx: Executor,
  payoutId: string,
  outcome:
    | { status: 'paid'; providerPayoutId: string; paidAt: Date }
    | { status: 'failed'; providerPayoutId: string | null; failureReason: string },
): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .update(payouts)
    .set(outcome)
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'requested')))
    .returning();
  return row;
}

/** A `requested` payout's provider id, kept while the provider settles it (its webhook names that id). */
export async function notePendingPayout(
  tx: Executor,
  payoutId: string,
  providerPayoutId: string,
): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .update(payouts)
    .set({ providerPayoutId })
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'requested')))
    .returning();
  return row;
}

export async function payoutById(db: Executor, payoutId: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  return row;
}

/** A mentor's payouts, latest first. */
export async function payoutsOfMentor(db: Executor, mentorId: string): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(eq(payouts.mentorId, mentorId))
    .orderBy(desc(payouts.requestedAt), desc(payouts.id));
}

/** The provider's account remembered for a mentor's destination (decision 057), if one was opened. */
export async function payoutAccountOf(
  db: Executor,
  key: { mentorId: string; provider: string; destinationKey: string },
): Promise<string | undefined> {
  const [row] = await db
    .select({ providerAccountId: payoutAccounts.providerAccountId })
    .from(payoutAccounts)
    .where(
      and(
        eq(payoutAccounts.mentorId, key.mentorId),
        eq(payoutAccounts.provider, key.provider),
        eq(payoutAccounts.destinationKey, key.destinationKey),
      ),
    );
  return row?.providerAccountId;
}

/** Remembers an account just opened; the first one remembered wins, and is answered. */
export async function rememberPayoutAccount(
  db: Executor,
  key: { mentorId: string; provider: string; destinationKey: string },
  providerAccountId: string,
): Promise<string> {
  await db
    .insert(payoutAccounts)
    .values({ ...key, providerAccountId })
    .onConflictDoNothing();
  return (await payoutAccountOf(db, key)) ?? providerAccountId;
}

/** Who a mentor is, for the provider's account of them. */
export async function payeeOf(
  db: Executor,
  mentorId: string,
): Promise<{ name: string; email: string } | undefined> {
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, mentorId));
  return row;
}

/** Each account's balance over the whole ledger, in one query; an account without entries is absent. */
export async function accountTotals(db: Executor): Promise<Partial<Record<LedgerAccount, number>>> {
  const rows = await db
    .select({ account: ledgerEntries.account, total: sql<string>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.account);
  return Object.fromEntries(rows.map((row) => [row.account, Number(row.total)]));
}

export interface AdminPayoutRow extends PayoutRow {
  mentorName: string;
  mentorEmail: string;
  retriedBy: string | null;
}

const retries = alias(payouts, 'retries');

/** Payouts with their mentor and the payout that retried them, latest requested first. */
function adminPayoutsWhere(db: Executor, where: SQL | undefined) {
  return db
    .select({
      payout: payouts,
      mentorName: users.name,
      mentorEmail: users.email,
      retriedBy: retries.id,
    })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.mentorId))
    .leftJoin(retries, eq(retries.retryOf, payouts.id))
    .where(where)
    .orderBy(desc(payouts.requestedAt), desc(payouts.id));
}

const flatten = (row: {
  payout: PayoutRow;
  mentorName: string;
  mentorEmail: string;
  retriedBy: string | null;
}): AdminPayoutRow => ({
  ...row.payout,
  mentorName: row.mentorName,
  mentorEmail: row.mentorEmail,
  retriedBy: row.retriedBy,
});

/** A page of every mentor's payouts for the admin, of one status or all, and how many there are. */
export async function listPayoutsForAdmin(
  db: Executor,
  input: { status?: PayoutStatus; offset: number; limit: number },
): Promise<{ rows: AdminPayoutRow[]; total: number }> {
  const where = input.status === undefined ? undefined : eq(payouts.status, input.status);
  const [rows, [counted]] = await Promise.all([
    adminPayoutsWhere(db, where).offset(input.offset).limit(input.limit),
    db.select({ total: count() }).from(payouts).where(where),
  ]);
  return { rows: rows.map(flatten), total: counted?.total ?? 0 };
}

export async function payoutForAdmin(db: Executor, payoutId: string): Promise<AdminPayoutRow | undefined> {
  const [row] = await adminPayoutsWhere(db, eq(payouts.id, payoutId));
  return row === undefined ? undefined : flatten(row);
}

/** The payout that retried `payoutId`, if any. */
export async function retryOfPayout(db: Executor, payoutId: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.retryOf, payoutId));
  return row;
}

/**
 * The payout a provider's webhook is about, locked for its settlement: by our id when the transfer carried it,
 * otherwise by the provider's id of the transfer.
 */
export async function payoutForEventForUpdate(
  tx: Executor,
  ids: { payoutId: string | null; providerPayoutId: string },
): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .select()
    .from(payouts)
    .where(
      ids.payoutId === null
        ? eq(payouts.providerPayoutId, ids.providerPayoutId)
        : eq(payouts.id, ids.payoutId),
    )
    .for('update');
  return row;
}

/**
 * Payouts opened before `before` and never answered: still requested, no provider id (a crash between the
 * opening's commit and the provider's answer). Oldest first, at most `limit`.
 */
export async function unansweredPayouts(
  db: Executor,
  input: { before: Date; limit: number },
): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.status, 'requested'),
        isNull(payouts.providerPayoutId),
        lt(payouts.requestedAt, input.before),
      ),
    )
    .orderBy(asc(payouts.requestedAt))
    .limit(input.limit);
}

/** Mentors with a payout method whose available balance is at least `minimum`, as read now (no lock). */
export async function mentorsWithAvailable(db: Executor, minimum: number): Promise<string[]> {
  const rows = await db
    .select({ mentorId: payoutMethods.mentorId })
    .from(payoutMethods)
    .innerJoin(
      ledgerEntries,
      and(eq(ledgerEntries.userId, payoutMethods.mentorId), eq(ledgerEntries.account, 'mentor_available')),
    )
    .groupBy(payoutMethods.mentorId)
    .having(sql`sum(${ledgerEntries.amount}) >= ${minimum}`)
    .orderBy(asc(payoutMethods.mentorId));
  return rows.map((row) => row.mentorId);
}
