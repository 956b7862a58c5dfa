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

/** A document as it is written: its id is the database's, its number the series'. */
export type DocumentValues = Omit<typeof financialDocuments.$inferInsert, 'id' | 'number'>;

/**
 * Writes a document with the next number of its series in its financial year, in one statement of the caller's
 * transaction: the series row's upsert leaves it locked until that transaction ends, so a concurrent issuer waits,
 * and a rollback gives the number back (a PostgreSQL sequence would not: its values are never returned, hence
 * gaps). The number is written as `documentNumber` writes it: `prefix`, then the serial with at least `digits`
 * digits, zeros in front.
 */
export async function insertNumberedDocument(
  tx: Executor,
  values: DocumentValues & { series: string; prefix: string; digits: number },
): Promise<void> {
  await numberedDocumentInsert(tx).execute({ ...values, receiptId: values.receiptId ?? null });
}

/** `insertNumberedDocument`'s statement, prepared once per handle: every receipt and credit note is written by it. */
const numberedDocumentInsert = preparedPer((tx) => {
  const value = sql.placeholder;
  return prepareStatement(
    tx,
    'insert_numbered_document',
    sql`
    with serial as (
      insert into document_series (series, financial_year, last_number)
      values (${value('series')}, ${value('financialYear')}, 1)
      on conflict (series, financial_year) do update set last_number = document_series.last_number + 1
      returning last_number::text as n
    )
    insert into financial_documents
      (booking_id, kind, number, financial_year, receipt_id, amount, platform_fee, gst_on_fee, mentor_share, issued_at)
    select
      ${value('bookingId')}::uuid, ${value('kind')}::text,
      ${value('prefix')}::text || lpad(n, greatest(${value('digits')}::int, length(n)), '0'),
      ${value('financialYear')}::text, ${value('receiptId')}::uuid, ${value('amount')}::bigint,
      ${value('platformFee')}::bigint, ${value('gstOnFee')}::bigint, ${value('mentorShare')}::bigint,
      ${value('issuedAt')}::timestamptz
    from serial`,
  );
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
