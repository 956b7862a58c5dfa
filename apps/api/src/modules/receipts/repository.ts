import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { prepareStatement, preparedPer, type Executor } from '../../db/client';
import {
  bookings,
  financialDocuments,
  users,
  type FinancialDocumentKind,
  type FinancialDocumentRow,
} from '../../db/schema';

/**
 * The next number of a series in a financial year, counted in the caller's transaction: the upsert leaves the
 * series row locked until that transaction ends, so a concurrent issuer waits, and a rollback gives the
 * number back (a PostgreSQL sequence would not: its values are never returned, hence gaps).
 */
export async function takeNextNumber(tx: Executor, series: string, financialYear: string): Promise<number> {
  const { rows } = await nextNumber(tx).execute({ series, financialYear });
  return Number(rows[0]!.last_number);
}

/** `takeNextNumber`'s statement, prepared once per handle: every payment and refund numbers a document. */
const nextNumber = preparedPer((tx) =>
  prepareStatement<{ last_number: number }>(
    tx,
    'take_next_document_number',
    sql`
    insert into document_series (series, financial_year, last_number)
    values (${sql.placeholder('series')}, ${sql.placeholder('financialYear')}, 1)
    on conflict (series, financial_year) do update set last_number = document_series.last_number + 1
    returning last_number`,
  ),
);

/** A document as it is written: its id is the database's. */
export type DocumentValues = Omit<typeof financialDocuments.$inferInsert, 'id'>;

export async function insertDocument(tx: Executor, values: DocumentValues): Promise<FinancialDocumentRow> {
  const [row] = await documentInsert(tx).execute({ ...values, receiptId: values.receiptId ?? null });
  return row!;
}

/** `insertDocument`'s statement, prepared once per handle: every receipt and credit note is written by it. */
const documentInsert = preparedPer((tx) => {
  const value = sql.placeholder;
  return tx
    .insert(financialDocuments)
    .values({
      bookingId: value('bookingId'),
      kind: value('kind'),
      number: value('number'),
      financialYear: value('financialYear'),
      receiptId: value('receiptId'),
      amount: value('amount'),
      platformFee: value('platformFee'),
      gstOnFee: value('gstOnFee'),
      mentorShare: value('mentorShare'),
      issuedAt: value('issuedAt'),
    })
    .returning()
    .prepare('insert_financial_document');
});

export async function documentOf(
  db: Executor,
  bookingId: string,
  kind: FinancialDocumentKind,
): Promise<FinancialDocumentRow | undefined> {
  const [row] = await documentOfKind(db).execute({ bookingId, kind });
  return row;
}

/** `documentOf`'s statement, prepared once per handle: every credit note reads its receipt. */
const documentOfKind = preparedPer((db) =>
  db
    .select()
    .from(financialDocuments)
    .where(
      and(
        eq(financialDocuments.bookingId, sql.placeholder('bookingId')),
        eq(financialDocuments.kind, sql.placeholder('kind')),
      ),
    )
    .prepare('financial_document_of_kind'),
);

/** The numbers of the documents of these bookings. */
export async function documentNumbersOf(
  db: Executor,
  bookingIds: readonly string[],
): Promise<Array<{ bookingId: string; kind: FinancialDocumentKind; number: string }>> {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      bookingId: financialDocuments.bookingId,
      kind: financialDocuments.kind,
      number: financialDocuments.number,
    })
    .from(financialDocuments)
    .where(inArray(financialDocuments.bookingId, [...bookingIds]));
}

export interface BookingOfDocument {
  menteeId: string;
  startTime: Date;
  endTime: Date;
  mentee: { name: string; email: string; timezone: string | null };
  mentor: { name: string };
}

/** What a document names of its booking: its two people and its time. */
export async function bookingOfDocument(
  db: Executor,
  bookingId: string,
): Promise<BookingOfDocument | undefined> {
  const mentee = alias(users, 'mentee');
  const mentor = alias(users, 'mentor');
  const [row] = await db
    .select({
      menteeId: bookings.menteeId,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      menteeName: mentee.name,
      menteeEmail: mentee.email,
      menteeTimezone: mentee.timezone,
      mentorName: mentor.name,
    })
    .from(bookings)
    .innerJoin(mentee, eq(mentee.id, bookings.menteeId))
    .innerJoin(mentor, eq(mentor.id, bookings.mentorId))
    .where(eq(bookings.id, bookingId));
  if (row === undefined) return undefined;
  return {
    menteeId: row.menteeId,
    startTime: row.startTime,
    endTime: row.endTime,
    mentee: { name: row.menteeName, email: row.menteeEmail, timezone: row.menteeTimezone },
    mentor: { name: row.mentorName },
  };
}
