import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { PayoutStatus } from '@skillroute/shared/earnings';
import type { Paise } from '@skillroute/shared/money';
import type { PayoutMethodBody, PayoutMethodShown } from '@skillroute/shared/payout-methods';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

// Spelled out as in ledger.ts, so drizzle-kit reads the schema without loading the shared package.
const statuses = ['requested', 'paid', 'failed'] as const satisfies readonly PayoutStatus[];

/**
 * Where a mentor's payouts go (decision 055), one row per mentor. `details` holds the whole UPI ID or account
 * number only because a payout needs it; answers only ever carry `shown`. Its row is also the lock that
 * orders one mentor's payouts (`SELECT … FOR UPDATE` before the balance is read).
 */
export const payoutMethods = pgTable('payout_methods', {
  mentorId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  details: jsonb().$type<PayoutMethodBody>().notNull(),
  shown: jsonb().$type<PayoutMethodShown>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A mentor's payout: its ledger transactions (kind payout, and payout_failed if it failed) move the money. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid().primaryKey().defaultRandom(),
    mentorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: bigint({ mode: 'number' }).$type<Paise>().notNull(),
    status: text().$type<PayoutStatus>().notNull().default('requested'),
    /** The method as shown when the payout was asked for: a later change of method does not rewrite it. */
    method: jsonb().$type<PayoutMethodShown>().notNull(),
    /** The provider's id of the transfer, once it answered. */
    providerPayoutId: text(),
    failureReason: text(),
    requestedAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    /** The failed payout an admin retried with this one (decision 058); each failed payout is retried once. */
    retryOf: uuid().references((): AnyPgColumn => payouts.id, { onDelete: 'restrict' }),
  },
  (table) => [
    check('payouts_status', sql`${table.status} in (${sql.raw(statuses.map((s) => `'${s}'`).join(', '))})`),
    check('payouts_amount_positive', sql`${table.amount} > 0`),
    index('payouts_mentor_requested_idx').on(table.mentorId, table.requestedAt),
    // A provider's webhook names the transfer, not our payout.
    index('payouts_provider_payout_idx').on(table.providerPayoutId),
    uniqueIndex('payouts_retry_of_unique').on(table.retryOf),
    // The admin's list, latest first, and the jobs' look for payouts left requested.
    index('payouts_requested_at_idx').on(table.requestedAt),
    index('payouts_status_requested_idx').on(table.status, table.requestedAt),
  ],
);

/**
 * The provider's account a mentor is paid into (decision 057): a Razorpay Route linked account, a Stripe
 * connected account. Opened once per mentor, provider and destination, and remembered here; a changed payout
 * method has another `destinationKey` (a hash of the whole destination, rules.ts), so it gets a new account,
 * and the old row stays as the record of where earlier payouts went.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    mentorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    destinationKey: text().notNull(),
    providerAccountId: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.mentorId, table.provider, table.destinationKey] })],
);

export type PayoutMethodRow = typeof payoutMethods.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;
