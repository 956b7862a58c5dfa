import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LedgerAccount, LedgerTransactionKind } from '@skillroute/shared/earnings';
import type { Paise } from '@skillroute/shared/money';
import { bookings } from './bookings';
import { createdAt } from './columns';
import { users } from './users';

// The shared lists, spelled out here so drizzle-kit reads the schema without loading the shared package;
// `satisfies` keeps the two in step.
const accounts = [
  'mentee_payments',
  'platform_fees',
  'gst_on_fees',
  'mentor_pending',
  'mentor_available',
  'mentor_paid_out',
  'refunds',
  'platform_absorbed',
] as const satisfies readonly LedgerAccount[];
const kinds = [
  'payment',
  'completion',
  'refund',
  'release',
  'payout',
  'payout_failed',
] as const satisfies readonly LedgerTransactionKind[];
const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * One money movement of the append-only double-entry ledger (DESIGN.md §4b, decision 054): its entries sum
 * to zero per currency, and neither it nor its entries are ever updated or deleted. The migration
 * 0019_ledger_triggers (written by hand), makes the database refuse both, whatever the code above it does.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().$type<LedgerTransactionKind>().notNull(),
    /** The booking whose payment, completion or refund this is; none for a movement of no one booking. */
    bookingId: uuid().references(() => bookings.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (table) => [
    check('ledger_transactions_kind', sql`${table.kind} in (${inList(kinds)})`),
    // A booking is paid, completed, refunded and released at most once: a step written twice is refused.
    uniqueIndex('ledger_transactions_booking_kind_idx')
      .on(table.bookingId, table.kind)
      .where(sql`${table.bookingId} is not null`),
  ],
);

/** One side of a movement: a signed amount in paise on one account (a mentor's accounts name the mentor). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    transactionId: uuid()
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    account: text().$type<LedgerAccount>().notNull(),
    /** The mentor, on the mentor_* accounts; none on the platform's. */
    userId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    amount: bigint({ mode: 'number' }).$type<Paise>().notNull(),
    currency: text().notNull().default('INR'),
  },
  (table) => [
    check('ledger_entries_account', sql`${table.account} in (${inList(accounts)})`),
    check(
      'ledger_entries_mentor_named',
      sql`(${table.account} like 'mentor\\_%') = (${table.userId} is not null)`,
    ),
    check('ledger_entries_currency_inr', sql`${table.currency} = 'INR'`),
    index('ledger_entries_transaction_idx').on(table.transactionId),
    index('ledger_entries_user_account_idx').on(table.userId, table.account),
  ],
);

export type LedgerTransactionRow = typeof ledgerTransactions.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
