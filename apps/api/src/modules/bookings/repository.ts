// Every query on the bookings table but its payment columns (payments/repository.ts): the state changes, the
// reads with both people, the time bookings take, the refunds. Longer than 300 lines because it is the table's
// whole vocabulary; keeping it in one file means a change to the table is a change to one file.
import {
  and,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  is,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  Placeholder,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MENTOR_MISSED } from '@skillroute/shared/no-shows';
import type { BookingStatus, NoShowParty, RefundReason, RefundStatus } from '@skillroute/shared/bookings';
import type { Locale } from '@skillroute/shared/i18n/locales';
import { prepareStatement, preparedPer, setPlaceholder, type Executor } from '../../db/client';
import {
  bookingReviews,
  bookings,
  mentorAvailability,
  mentorProfiles,
  roadmaps,
  users,
  type BookingRow,
} from '../../db/schema';
import type { TimeChange } from '../../context/ports';
import { notifyTimeChange, notifyTimeChangeOf } from '../mentors/listing-changes';
import { TIME_HOLDING_STATUSES } from './rules';

/**
 * Waits for the transaction-scoped advisory locks of these keys, in the order given (the caller sorts them:
 * `rules.lockKeysInOrder`). They are released at commit or rollback.
 */
export async function lockPeople(tx: Executor, keys: readonly bigint[]): Promise<void> {
  // One statement: unnest yields the keys in the array's order, and each row's lock is taken as it is read.
  const array = `{${keys.map((key) => key.toString()).join(',')}}`;
  await tx.execute(sql`select pg_advisory_xact_lock(key) from unnest(${array}::bigint[]) as key`);
}

/** A condition's value: given, or a placeholder a prepared statement fills in when it runs. */
type Given<T> = T | Placeholder;

/** A list of ids as one array parameter (`= any(…)`), so a prepared statement keeps one shape however many. */
const idArray = (ids: Given<readonly string[]>) =>
  sql`${Array.isArray(ids) ? sql.param([...ids]) : ids}::uuid[]`;

/** Bookings of these people, as mentor or as mentee. */
const ofPeople = (userIds: Given<readonly string[]>) =>
  sql`(${bookings.mentorId} = any(${idArray(userIds)}) or ${bookings.menteeId} = any(${idArray(userIds)}))`;

/** Their unpaid holds: lapsed at `lapsedBy`, or all of them without it. */
const unpaidHoldsOfPeople = (userIds: Given<readonly string[]>, lapsedBy?: Given<Date>) =>
  and(
    eq(bookings.status, 'pending_payment'),
    lapsedBy === undefined ? undefined : lte(bookings.holdExpiresAt, lapsedBy),
    ofPeople(userIds),
  );

/**
 * Their bookings in a status that may hold time (rules.holdsTime decides at a moment) over [from, to), but
 * `except`; a placeholder for `except` may be filled with null for none.
 */
const mayHoldTime = (
  userIds: Given<readonly string[]>,
  from: Given<Date>,
  to: Given<Date>,
  except?: Given<string>,
) =>
  and(
    ofPeople(userIds),
    inArray(bookings.status, [...TIME_HOLDING_STATUSES]),
    lt(bookings.startTime, to),
    gt(bookings.endTime, from),
    except === undefined
      ? undefined
      : is(except, Placeholder)
        ? sql`(${except}::uuid is null or ${bookings.id} <> ${except})`
        : ne(bookings.id, except),
  );

/** A booking that holds or may hold time, as the busy-time rules read it (rules.busyByPerson). */
export type TimeHoldingBooking = Pick<
  BookingRow,
  'mentorId' | 'menteeId' | 'startTime' | 'endTime' | 'status' | 'holdExpiresAt'
>;

/** A hold of a mentee, unpaid or lapsed, as the hold limits read it (rules.menteeHoldsOf). */
export type MenteeHold = Pick<BookingRow, 'mentorId' | 'status' | 'holdExpiresAt'>;

/** `expireHoldsAndReadTime`'s statement, one shape for every call (a hold's, a move's, a late payment's). */
const readUnderLocks = preparedPer((tx) => {
  const value = sql.placeholder;
  return prepareStatement<{ expired: JsonRow[]; time_holding: JsonRow[]; holds: JsonRow[] }>(
    tx,
    'read_under_locks',
    sql`
    with expired as (
      update ${bookings} set status = 'expired', updated_at = now()
      where ${unpaidHoldsOfPeople(value('ids'), value('lapsedBy'))}
      returning id, mentor_id, mentee_id, start_time, end_time
    )
    select
      (select coalesce(json_agg(expired), '[]') from expired) as expired,
      (select coalesce(json_agg(t), '[]') from (
        select mentor_id, mentee_id, start_time, end_time, status, hold_expires_at from ${bookings}
        where ${mayHoldTime(value('ids'), value('from'), value('to'), value('except'))}) t) as time_holding,
      (select coalesce(json_agg(h), '[]') from (
        select mentor_id, status, hold_expires_at from ${bookings}
        where ${and(
          // Null when no mentee's holds are asked for: no row matches.
          eq(bookings.menteeId, value('holdsMentee')),
          or(
            eq(bookings.status, 'pending_payment'),
            and(
              eq(bookings.status, 'expired'),
              isNull(bookings.refundAmount),
              gt(bookings.holdExpiresAt, value('holdsSince')),
            ),
          ),
        )}) h) as holds`,
  );
});

/** A hold expired in passing: its slot goes to the waitlist, its people's time to the listing. */
export type ExpiredHold = Pick<BookingRow, 'id' | 'mentorId' | 'menteeId' | 'startTime' | 'endTime'>;

/**
 * What a booking's checks need under the people's locks, in one statement: their lapsed holds expired
 * (answered, with the time each freed), the bookings that may hold their time in [from, to), and, given
 * `holdsOf`, that mentee's holds unpaid or lapsed unrefunded since `since`. The reads share the statement's
 * snapshot, so a hold it expires reads as it was, unpaid with its expiry past: the rules tell it apart by
 * `lapsedBy` (rules.holdsTime, rules.menteeHoldsOf).
 */
export async function expireHoldsAndReadTime(
  tx: Executor,
  input: {
    userIds: readonly string[];
    lapsedBy: Date;
    from: Date;
    to: Date;
    except?: string;
    holdsOf?: { menteeId: string; since: Date };
  },
): Promise<{
  expired: ExpiredHold[];
  timeHolding: TimeHoldingBooking[];
  holds: MenteeHold[];
}> {
  const { lapsedBy, from, to, except, holdsOf } = input;
  const result = await readUnderLocks(tx).execute({
    ids: [...new Set(input.userIds)],
    lapsedBy,
    from,
    to,
    except: except ?? null,
    holdsMentee: holdsOf?.menteeId ?? null,
    holdsSince: holdsOf?.since ?? null,
  });
  const [row] = result.rows;
  if (row === undefined) throw new Error('the statement answered no row');
  return {
    expired: row.expired.map((hold) => ({
      id: String(hold.id),
      mentorId: String(hold.mentor_id),
      menteeId: String(hold.mentee_id),
      startTime: new Date(String(hold.start_time)),
      endTime: new Date(String(hold.end_time)),
    })),
    timeHolding: row.time_holding.map((booking) => ({
      mentorId: String(booking.mentor_id),
      menteeId: String(booking.mentee_id),
      startTime: new Date(String(booking.start_time)),
      endTime: new Date(String(booking.end_time)),
      status: booking.status as BookingStatus,
      holdExpiresAt: new Date(String(booking.hold_expires_at)),
    })),
    holds: row.holds.map((hold) => ({
      mentorId: String(hold.mentor_id),
      status: hold.status as BookingStatus,
      holdExpiresAt: new Date(String(hold.hold_expires_at)),
    })),
  };
}

/** A row of `json_agg` as PostgreSQL writes it: snake_case keys, times as ISO strings. */
type JsonRow = Record<string, unknown>;

/**
 * Marks the unpaid holds of these people expired, as mentor and as mentee: those lapsed at `lapsedBy`, or
 * without it all of them (a blocked person's holds take no time and no payment). Answers the holds it
 * expired (the time each one freed).
 */
export async function expireHolds(
  tx: Executor,
  input: { userIds: readonly string[]; lapsedBy?: Date },
): Promise<ExpiredHold[]> {
  return tx
    .update(bookings)
    .set({ status: 'expired' })
    .where(unpaidHoldsOfPeople(input.userIds, input.lapsedBy))
    .returning({
      id: bookings.id,
      mentorId: bookings.mentorId,
      menteeId: bookings.menteeId,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
    });
}

/**
 * Tells every process's mentor listing cache (mentors/listing-changes.ts) that the booked time of `people`
 * changed, so their cards and free slots may read otherwise; delivered at commit, so only for a change that
 * happened.
 */
export async function announceTimeChange(tx: Executor, change: TimeChange): Promise<void> {
  await tx.execute(sql`select ${notifyTimeChange(change)}`);
}

export interface NewBooking {
  mentorId: string;
  menteeId: string;
  startTime: Date;
  endTime: Date;
  amount: number;
  holdExpiresAt: Date;
  /** Trimmed; null for none. */
  agenda: string | null;
  /** A session about a roadmap (learning/service.ts checkBookingLearning); null, [] and false for none. */
  learningRoadmapId: string | null;
  learningNodeIds: string[];
  shareNotes: boolean;
}

/** `insertBooking`'s statement, built once per handle: the largest a hold sends. */
const insertHold = preparedPer((tx) => {
  const value = (name: keyof NewBooking) => sql.placeholder(name);
  const inserted = tx.$with('inserted').as(
    tx
      .insert(bookings)
      .values({
        mentorId: value('mentorId'),
        menteeId: value('menteeId'),
        startTime: value('startTime'),
        endTime: value('endTime'),
        amount: value('amount'),
        holdExpiresAt: value('holdExpiresAt'),
        agenda: value('agenda'),
        learningRoadmapId: value('learningRoadmapId'),
        learningNodeIds: value('learningNodeIds'),
        shareNotes: value('shareNotes'),
        status: 'pending_payment',
        currency: 'INR',
      })
      .returning({
        ...getTableColumns(bookings),
        announced: notifyTimeChangeOf(bookings.mentorId, bookings.menteeId, bookings.startTime).as(
          'announced',
        ),
      }),
  );
  return tx
    .with(inserted)
    .select({
      ...inserted._.selectedFields,
      mentor: { id: mentorUser.id, name: mentorUser.name, avatar: mentorUser.avatar },
      mentee: { id: menteeUser.id, name: menteeUser.name, avatar: menteeUser.avatar },
      learningRoadmapTitle: roadmaps.title,
    })
    .from(inserted)
    .innerJoin(mentorUser, eq(mentorUser.id, inserted.mentorId))
    .innerJoin(menteeUser, eq(menteeUser.id, inserted.menteeId))
    .leftJoin(roadmaps, eq(roadmaps.id, inserted.learningRoadmapId))
    .prepare('insert_hold');
});

/**
 * Writes a new hold and answers it as `findBooking` would, with both people, in one statement; the same
 * statement tells every process's listing cache that its people's time was taken (`announceTimeChange`'s NOTIFY,
 * delivered at commit only): the caller says so to `timeChanged`.
 */
export async function insertBooking(tx: Executor, values: NewBooking): Promise<BookingWithParties> {
  const [row] = await insertHold(tx).execute({ ...values });
  if (row === undefined) throw new Error('the booking row was not written');
  const { announced: _announced, ...written } = row;
  return { ...written, review: null };
}

/** pending_payment → expired whether or not the hold lapsed; answers the row when it changed. */
export async function releaseHold(tx: Executor, bookingId: string): Promise<BookingRow | undefined> {
  const [row] = await tx
    .update(bookings)
    .set({ status: 'expired' })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'pending_payment')))
    .returning();
  return row;
}

/**
 * Expires up to `limit` holds still unpaid whose lapse is at or before `now`, the longest lapsed first; answers
 * them. A hold another transaction is changing (paid, expired in passing) is waited for and then read again, so
 * each hold is expired once, by whichever comes first.
 */
export async function expireLapsedHolds(tx: Executor, now: Date, limit: number): Promise<BookingRow[]> {
  const lapsed = and(eq(bookings.status, 'pending_payment'), lte(bookings.holdExpiresAt, now));
  const due = tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(lapsed)
    .orderBy(bookings.holdExpiresAt)
    .limit(limit);
  return tx
    .update(bookings)
    .set({ status: 'expired' })
    .where(and(inArray(bookings.id, due), lapsed))
    .returning();
}

/** pending_payment → confirmed; answers the row, or undefined when the booking was not pending payment. */
export async function markConfirmed(tx: Executor, bookingId: string): Promise<BookingRow | undefined> {
  const [row] = await confirmation(tx).execute({ bookingId });
  return row;
}

/**
 * `markConfirmed`'s statement, prepared once per handle: every payment's confirmation writes it. The prepared
 * updates write `updated_at` themselves, since the column's own on-update value would be taken once, when the
 * statement is built.
 */
const confirmation = preparedPer((tx) =>
  tx
    .update(bookings)
    .set({ status: 'confirmed', updatedAt: sql`now()` })
    .where(and(eq(bookings.id, sql.placeholder('bookingId')), eq(bookings.status, 'pending_payment')))
    .returning()
    .prepare('confirm_booking'),
);

/** confirmed → completed once the session is over, and one more session held on the mentor's profile. */
export async function markCompleted(
  tx: Executor,
  bookingId: string,
  now: Date,
): Promise<BookingRow | undefined> {
  const [row] = await tx
    .update(bookings)
    .set({ status: 'completed' })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'confirmed'), lte(bookings.endTime, now)))
    .returning();
  if (row !== undefined) {
    await tx
      .update(mentorProfiles)
      .set({ sessionsHeld: sql`${mentorProfiles.sessionsHeld} + 1` })
      .where(eq(mentorProfiles.userId, row.mentorId));
  }
  return row;
}

// ——— No-shows (no-shows.ts) ———

/** The confirmed sessions that started at or before `startedBy`, soonest first, at most `limit` (the partial index). */
export async function confirmedStartedBy(
  db: Executor,
  input: { startedBy: Date; limit: number },
): Promise<string[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.status, 'confirmed'), lte(bookings.startTime, input.startedBy)))
    .orderBy(bookings.startTime)
    .limit(input.limit);
  return rows.map((row) => row.id);
}

/** confirmed → no_show with who did not come; undefined when something settled the booking first. */
export async function markNoShow(
  tx: Executor,
  bookingId: string,
  noShow: NoShowParty,
): Promise<BookingRow | undefined> {
  const [row] = await tx
    .update(bookings)
    .set({ status: 'no_show', noShow })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'confirmed')))
    .returning();
  return row;
}

/**
 * A mentor's no-show marks; undefined for someone without a mentor profile. `forUpdate` locks the profile row,
 * so two settlements of one mentor (or a settlement and a restore) count one after the other.
 */
export async function mentorNoShowMarks(
  db: Executor,
  mentorId: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ hiddenForNoShowsAt: Date | null; noShowsClearedAt: Date | null } | undefined> {
  const query = db
    .select({
      hiddenForNoShowsAt: mentorProfiles.hiddenForNoShowsAt,
      noShowsClearedAt: mentorProfiles.noShowsClearedAt,
    })
    .from(mentorProfiles)
    .where(eq(mentorProfiles.userId, mentorId));
  const [row] = options.forUpdate === true ? await query.for('update') : await query;
  return row;
}

/** The sessions a mentor missed (alone or with the mentee) that started after `since`. */
export async function countMentorNoShows(db: Executor, mentorId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        eq(bookings.mentorId, mentorId),
        eq(bookings.status, 'no_show'),
        inArray(bookings.noShow, [...MENTOR_MISSED]),
        gt(bookings.startTime, since),
      ),
    );
  return row?.count ?? 0;
}

/** Takes a mentor off the listing for their no-shows, unless they are off it already; answers whether it did. */
export async function hideMentorForNoShows(tx: Executor, mentorId: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(mentorProfiles)
    .set({ hiddenForNoShowsAt: at })
    .where(and(eq(mentorProfiles.userId, mentorId), isNull(mentorProfiles.hiddenForNoShowsAt)))
    .returning({ userId: mentorProfiles.userId });
  return rows.length > 0;
}

/** An admin's restore: back on the listing, and the no-shows before `at` no longer count; only a hidden mentor. */
export async function restoreMentorListing(tx: Executor, mentorId: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(mentorProfiles)
    .set({ hiddenForNoShowsAt: null, noShowsClearedAt: at })
    .where(and(eq(mentorProfiles.userId, mentorId), isNotNull(mentorProfiles.hiddenForNoShowsAt)))
    .returning({ userId: mentorProfiles.userId });
  return rows.length > 0;
}

export async function findBookingRow(db: Executor, bookingId: string): Promise<BookingRow | undefined> {
  const [row] = await bookingRow(db).execute({ bookingId });
  return row;
}

/** `findBookingRow`'s statement, prepared once per handle: a cancellation and its refund's job each read it. */
const bookingRow = preparedPer((db) =>
  db
    .select()
    .from(bookings)
    .where(eq(bookings.id, sql.placeholder('bookingId')))
    .prepare('booking_row'),
);

/**
 * A confirmed booking moved to `to` (an hour), if it still starts at `from` and was moved `count` times:
 * the old start kept in `previousStartTimes`, the joins of the room forgotten (no-shows.ts decides by the joins
 * of the new time). Answers undefined when the row changed meanwhile. The exclusion constraints check the new
 * time against every other live booking as the row is updated.
 */
export async function moveBooking(
  tx: Executor,
  bookingId: string,
  move: { from: Date; to: Date; end: Date; count: number },
): Promise<BookingRow | undefined> {
  const [row] = await tx
    .update(bookings)
    .set({
      startTime: move.to,
      endTime: move.end,
      rescheduleCount: sql`${bookings.rescheduleCount} + 1`,
      previousStartTimes: sql`array_append(${bookings.previousStartTimes}, ${bookings.startTime})`,
      // A join of the room before the old start (it opens 10 minutes early) says nothing of the new one.
      mentorJoinedAt: null,
      menteeJoinedAt: null,
    })
    .where(
      and(
        eq(bookings.id, bookingId),
        eq(bookings.status, 'confirmed'),
        eq(bookings.startTime, move.from),
        eq(bookings.rescheduleCount, move.count),
      ),
    )
    .returning();
  return row;
}

/**
 * The mentor's notes of a booking, unless they read so already: answers the row when the text changed (and
 * `notesUpdatedAt` with it), undefined when it was the same.
 */
export async function saveNotes(
  tx: Executor,
  bookingId: string,
  notes: { text: string; now: Date },
): Promise<BookingRow | undefined> {
  const [row] = await tx
    .update(bookings)
    .set({ notes: notes.text, notesUpdatedAt: notes.now })
    .where(and(eq(bookings.id, bookingId), sql`${bookings.notes} is distinct from ${notes.text}`))
    .returning();
  return row;
}

/** A booking with the name and avatar of its two people, and the mentee's review once written. */
export interface BookingWithParties extends BookingRow {
  mentor: { id: string; name: string; avatar: string | null };
  mentee: { id: string; name: string; avatar: string | null };
  review: { rating: number; comment: string; createdAt: Date } | null;
  /** The title of the roadmap the session is about, when it is about one. */
  learningRoadmapTitle: string | null;
}

const mentorUser = alias(users, 'mentor_user');
const menteeUser = alias(users, 'mentee_user');

function selectWithParties(db: Executor) {
  return db
    .select({
      booking: bookings,
      mentor: { id: mentorUser.id, name: mentorUser.name, avatar: mentorUser.avatar },
      mentee: { id: menteeUser.id, name: menteeUser.name, avatar: menteeUser.avatar },
      review: {
        rating: bookingReviews.rating,
        comment: bookingReviews.comment,
        createdAt: bookingReviews.createdAt,
      },
      learningRoadmapTitle: roadmaps.title,
    })
    .from(bookings)
    .innerJoin(mentorUser, eq(mentorUser.id, bookings.mentorId))
    .innerJoin(menteeUser, eq(menteeUser.id, bookings.menteeId))
    .leftJoin(bookingReviews, eq(bookingReviews.bookingId, bookings.id))
    .leftJoin(roadmaps, eq(roadmaps.id, bookings.learningRoadmapId));
}

const withParties = (row: {
  booking: BookingRow;
  mentor: BookingWithParties['mentor'];
  mentee: BookingWithParties['mentee'];
  review: BookingWithParties['review'];
  learningRoadmapTitle: string | null;
}): BookingWithParties => ({
  ...row.booking,
  mentor: row.mentor,
  mentee: row.mentee,
  review: row.review,
  learningRoadmapTitle: row.learningRoadmapTitle,
});

export async function findBooking(db: Executor, bookingId: string): Promise<BookingWithParties | undefined> {
  const [row] = await bookingWithParties(db).execute({ bookingId });
  return row === undefined ? undefined : withParties(row);
}

/** `findBooking`'s statement, prepared once per handle: the answer of a payment's start and of every cancel. */
const bookingWithParties = preparedPer((db) =>
  selectWithParties(db)
    .where(eq(bookings.id, sql.placeholder('bookingId')))
    .prepare('booking_with_parties'),
);

/** The bookings of a person: as mentor only, or in either role; optionally of one status. Unordered. */
export async function listBookings(
  db: Executor,
  filter: { userId: string; asMentorOnly: boolean; status?: BookingStatus },
): Promise<BookingWithParties[]> {
  const whose = filter.asMentorOnly
    ? eq(bookings.mentorId, filter.userId)
    : or(eq(bookings.mentorId, filter.userId), eq(bookings.menteeId, filter.userId));
  const rows = await selectWithParties(db).where(
    and(whose, filter.status === undefined ? undefined : eq(bookings.status, filter.status)),
  );
  return rows.map(withParties);
}

/**
 * confirmed → cancelled, only before the start, with the refund it decides; answers the row, or undefined when it
 * was not cancellable. `by` is null when neither person cancelled (an admin's refund, a block). The same statement
 * tells every process's listing cache that the two people's time is free again (delivered at commit only): the
 * caller says so to `timeChanged`.
 */
export async function markCancelled(
  tx: Executor,
  bookingId: string,
  cancellation: {
    by: string | null;
    reason: string;
    now: Date;
    refund: { amountPaise: number; reason: RefundReason; status: RefundStatus };
  },
): Promise<BookingRow | undefined> {
  const { refund, ...rest } = cancellation;
  const [row] = await cancellationOf(tx).execute({
    bookingId,
    ...rest,
    refundAmount: refund.amountPaise,
    refundReason: refund.reason,
    refundStatus: refund.status,
  });
  if (row === undefined) return undefined;
  const { announced: _announced, ...cancelled } = row;
  return cancelled;
}

/** `markCancelled`'s statement, prepared once per handle: every cancellation writes it. */
const cancellationOf = preparedPer((tx) => {
  const value = sql.placeholder;
  return tx
    .update(bookings)
    .set({
      status: 'cancelled',
      cancelledAt: setPlaceholder('now'),
      cancelledBy: setPlaceholder('by'),
      cancelReason: setPlaceholder('reason'),
      refundAmount: setPlaceholder('refundAmount'),
      refundReason: setPlaceholder('refundReason'),
      refundStatus: setPlaceholder('refundStatus'),
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(bookings.id, value('bookingId')),
        eq(bookings.status, 'confirmed'),
        gt(bookings.startTime, value('now')),
      ),
    )
    .returning({
      ...getTableColumns(bookings),
      announced: notifyTimeChangeOf(bookings.mentorId, bookings.menteeId, bookings.startTime).as('announced'),
    })
    .prepare('cancel_booking');
});

/** One booking locked for a change decided from what it is now (an admin's refund). */
export async function findBookingRowForUpdate(
  tx: Executor,
  bookingId: string,
): Promise<BookingRow | undefined> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  return row;
}

/** The confirmed sessions of a person, in either role, that have not started at `now`, locked for their cancellation. */
export async function findUpcomingConfirmedForUpdate(
  tx: Executor,
  userId: string,
  now: Date,
): Promise<BookingRow[]> {
  return tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        gt(bookings.startTime, now),
        or(eq(bookings.mentorId, userId), eq(bookings.menteeId, userId)),
      ),
    )
    .orderBy(bookings.startTime)
    .for('update');
}

/** A page of every booking, optionally of one status, latest start first, with how many match in all. */
export async function listAllBookings(
  db: Executor,
  filter: { status?: BookingStatus; offset: number; limit: number },
): Promise<{ rows: BookingWithParties[]; total: number }> {
  const where = filter.status === undefined ? undefined : eq(bookings.status, filter.status);
  const rows = await selectWithParties(db)
    .where(where)
    .orderBy(desc(bookings.startTime), desc(bookings.id))
    .offset(filter.offset)
    .limit(filter.limit);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(bookings)
    .where(where);
  return { rows: rows.map(withParties), total: counted?.total ?? 0 };
}

/** A person's bookings in either role, latest start first, at most `limit`. */
export async function listBookingsOfPerson(
  db: Executor,
  userId: string,
  limit: number,
): Promise<BookingWithParties[]> {
  const rows = await selectWithParties(db)
    .where(or(eq(bookings.mentorId, userId), eq(bookings.menteeId, userId)))
    .orderBy(desc(bookings.startTime), desc(bookings.id))
    .limit(limit);
  return rows.map(withParties);
}

/** pending_payment → payment_failed, which frees the slot; answers the row when it changed. */
export async function markPaymentFailed(tx: Executor, bookingId: string): Promise<BookingRow | undefined> {
  const [row] = await tx
    .update(bookings)
    .set({ status: 'payment_failed' })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'pending_payment')))
    .returning();
  return row;
}

/** expired | payment_failed → confirmed, for a payment that came late to a slot still free (the caller checked, under the locks). */
export async function markConfirmedLate(tx: Executor, bookingId: string): Promise<BookingRow | undefined> {
  const [row] = await tx
    .update(bookings)
    .set({ status: 'confirmed' })
    .where(and(eq(bookings.id, bookingId), inArray(bookings.status, ['expired', 'payment_failed'])))
    .returning();
  return row;
}

/** A booking with what its announcements need: both people's names and e-mails, and the mentor's zone. */
/** Each person with the zone they read times in: their own, else (a mentor) their availability's, else null. */
/** And the language each reads (their account's; null: never chosen, English). */
export interface BookingForMail extends BookingRow {
  mentor: { id: string; name: string; email: string; timezone: string | null; locale: Locale | null };
  mentee: { id: string; name: string; email: string; timezone: string | null; locale: Locale | null };
}

export async function findBookingForMail(
  db: Executor,
  bookingId: string,
): Promise<BookingForMail | undefined> {
  const [row] = await bookingForMail(db).execute({ bookingId });
  return row === undefined ? undefined : { ...row.booking, mentor: row.mentor, mentee: row.mentee };
}

/** `findBookingForMail`'s statement, prepared once per handle: every confirmation, move and cancellation reads it. */
const bookingForMail = preparedPer((db) =>
  db
    .select({
      booking: bookings,
      mentor: {
        id: mentorUser.id,
        name: mentorUser.name,
        email: mentorUser.email,
        timezone: sql<string | null>`coalesce(${mentorUser.timezone}, ${mentorAvailability.timezone})`,
        locale: mentorUser.locale,
      },
      mentee: {
        id: menteeUser.id,
        name: menteeUser.name,
        email: menteeUser.email,
        timezone: menteeUser.timezone,
        locale: menteeUser.locale,
      },
    })
    .from(bookings)
    .innerJoin(mentorUser, eq(mentorUser.id, bookings.mentorId))
    .innerJoin(menteeUser, eq(menteeUser.id, bookings.menteeId))
    .leftJoin(mentorAvailability, eq(mentorAvailability.userId, bookings.mentorId))
    .where(eq(bookings.id, sql.placeholder('bookingId')))
    .prepare('booking_for_mail'),
);

/**
 * The bookings of any of `userIds`, as mentor or as mentee, in a status that can hold time and overlapping
 * [from, to): the candidates `rules.busyByPerson` keeps those of that hold their time now.
 */
export async function timeHoldingBookingsOf(
  db: Executor,
  userIds: readonly string[],
  from: Date,
  to: Date,
  exceptBookingId?: string,
): Promise<TimeHoldingBooking[]> {
  if (userIds.length === 0) return [];
  return timeHolding(db).execute({ ids: [...new Set(userIds)], from, to, except: exceptBookingId ?? null });
}

/** `timeHoldingBookingsOf`'s statement: every free-hours answer, card and move reads it. */
const timeHolding = preparedPer((db) => {
  const value = sql.placeholder;
  return db
    .select({
      mentorId: bookings.mentorId,
      menteeId: bookings.menteeId,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      status: bookings.status,
      holdExpiresAt: bookings.holdExpiresAt,
    })
    .from(bookings)
    .where(mayHoldTime(value('ids'), value('from'), value('to'), value('except')))
    .prepare('time_holding_bookings');
});

/** A refund decided for a booking (amount in paise, why, and whether it is still to be asked of the provider). */
export async function setRefund(
  tx: Executor,
  bookingId: string,
  refund: { amountPaise: number; reason: RefundReason; status: RefundStatus },
): Promise<void> {
  await refundOf(tx).execute({ bookingId, ...refund });
}

/** `setRefund`'s statement, prepared once per handle: every cancellation decides its refund. */
const refundOf = preparedPer((tx) => {
  const value = sql.placeholder;
  return tx
    .update(bookings)
    .set({
      refundAmount: setPlaceholder('amountPaise'),
      refundReason: setPlaceholder('reason'),
      refundStatus: setPlaceholder('status'),
      updatedAt: sql`now()`,
    })
    .where(eq(bookings.id, value('bookingId')))
    .prepare('set_booking_refund');
});

/** The provider's answer to a refund ask; a 'pending' answer never undoes a 'succeeded' a webhook wrote meanwhile. */
export async function setRefundAnswer(
  db: Executor,
  bookingId: string,
  answer: { refundId: string; status: RefundStatus },
): Promise<void> {
  const settled =
    answer.status === 'pending'
      ? and(eq(bookings.id, bookingId), eq(bookings.refundStatus, 'pending'))
      : eq(bookings.id, bookingId);
  await db.update(bookings).set({ refundId: answer.refundId, refundStatus: answer.status }).where(settled);
}

/**
 * A provider's `payment_refunded` event: the refund of that payment has settled. A refund given up on (failed)
 * settles too: an ask that timed out may still have reached the provider, and the money did go back.
 */
export async function markRefundSettled(tx: Executor, providerPaymentId: string): Promise<boolean> {
  const rows = await tx
    .update(bookings)
    .set({ refundStatus: 'succeeded' })
    .where(
      and(
        eq(bookings.providerPaymentId, providerPaymentId),
        inArray(bookings.refundStatus, ['pending', 'failed']),
      ),
    )
    .returning({ id: bookings.id });
  return rows.length > 0;
}

/** A refund the provider was asked for again and again without an answer: failed, if nothing settled it meanwhile. */
export async function markRefundGivenUp(db: Executor, bookingId: string): Promise<boolean> {
  const rows = await db
    .update(bookings)
    .set({ refundStatus: 'failed' })
    .where(and(eq(bookings.id, bookingId), eq(bookings.refundStatus, 'pending'), isNull(bookings.refundId)))
    .returning({ id: bookings.id });
  return rows.length > 0;
}

/** A failed refund, pending again to be asked anew: the provider's id of the failed one is forgotten. */
export async function reopenRefund(tx: Executor, bookingId: string): Promise<void> {
  await tx
    .update(bookings)
    .set({ refundStatus: 'pending', refundId: null })
    .where(and(eq(bookings.id, bookingId), eq(bookings.refundStatus, 'failed')));
}
