import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { Paise } from '@skillroute/shared/money';
import type { DocumentKind } from '@skillroute/shared/receipts';
import { bookings } from './bookings';

/**
 * What a financial document is: a payment's receipt, or a refund's credit note. The shared kinds, spelled out
 * here so drizzle-kit reads the schema without loading the shared package; `satisfies` keeps the two in step.
 */
export const financialDocumentKinds = ['receipt', 'credit_note'] as const satisfies readonly DocumentKind[];
export type FinancialDocumentKind = DocumentKind;
const kinds = financialDocumentKinds;

/**
 * The counter of one document series in one financial year (decision 056): the next number is taken by raising
 * `lastNumber` in the transaction that issues the document, so the row stays locked until that transaction
 * commits or rolls back, and a number is used exactly when its document exists: no gap, no duplicate.
 */
export const documentSeries = pgTable(
  'document_series',
  {
    /** `SR` (receipts) or `CN` (credit notes): DOCUMENT_SERIES in packages/shared/src/receipts.ts. */
    series: text().notNull(),
    /** `2026-27`: April to March, on India's calendar. */
    financialYear: text().notNull(),
    lastNumber: integer().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.series, table.financialYear] }),
    check('document_series_last_number_positive', sql`${table.lastNumber} > 0`),
  ],
);

/**
 * A receipt or a credit note as issued: append-only (the migration 0023_receipts makes the database refuse an
 * update or a delete), its amounts in paise as split on the day it was issued. A receipt's `amount` is the
 * price paid; a credit note's is the amount refunded, and `receiptId` names the receipt it corrects.
 */
export const financialDocuments = pgTable(
  'financial_documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    kind: text().$type<FinancialDocumentKind>().notNull(),
    /** `SR/2026-27/000001`. */
    number: text().notNull(),
    financialYear: text().notNull(),
    receiptId: uuid().references((): AnyPgColumn => financialDocuments.id, { onDelete: 'restrict' }),
    amount: bigint({ mode: 'number' }).$type<Paise>().notNull(),
    platformFee: bigint({ mode: 'number' }).$type<Paise>().notNull(),
    gstOnFee: bigint({ mode: 'number' }).$type<Paise>().notNull(),
    mentorShare: bigint({ mode: 'number' }).$type<Paise>().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    check(
      'financial_documents_kind',
      sql`${table.kind} in (${sql.raw(kinds.map((kind) => `'${kind}'`).join(', '))})`,
    ),
    check(
      'financial_documents_parts_add_up',
      sql`${table.platformFee} + ${table.gstOnFee} + ${table.mentorShare} = ${table.amount}`,
    ),
    check(
      'financial_documents_credit_note_refers',
      sql`(${table.kind} = 'credit_note') = (${table.receiptId} is not null)`,
    ),
    uniqueIndex('financial_documents_number_idx').on(table.number),
    // One receipt and at most one credit note per booking (a booking is refunded once).
    uniqueIndex('financial_documents_booking_kind_idx').on(table.bookingId, table.kind),
  ],
);

export type FinancialDocumentRow = typeof financialDocuments.$inferSelect;
