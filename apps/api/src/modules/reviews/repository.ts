import { count, desc, eq, sql } from 'drizzle-orm';
import type { BookingStatus } from '@skillroute/shared/bookings';
import type { Executor } from '../../db/client';
import { bookingReviews, bookings, mentorProfiles, users, type BookingReviewRow } from '../../db/schema';

/** What deciding on a review needs of its booking: its two people, its status and the mentee's name. */
export interface ReviewTarget {
  id: string;
  mentorId: string;
  menteeId: string;
  status: BookingStatus;
  menteeName: string;
}

export async function findReviewTarget(db: Executor, bookingId: string): Promise<ReviewTarget | undefined> {
  const [row] = await db
    .select({
      id: bookings.id,
      mentorId: bookings.mentorId,
      menteeId: bookings.menteeId,
      status: bookings.status,
      menteeName: users.name,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.menteeId))
    .where(eq(bookings.id, bookingId));
  return row;
}

/** Writes the review; a second one of the same booking fails on the primary key (SQLSTATE 23505). */
export async function insertReview(
  tx: Executor,
  values: { bookingId: string; mentorId: string; authorId: string; rating: number; comment: string },
): Promise<BookingReviewRow> {
  const [row] = await tx.insert(bookingReviews).values(values).returning();
  if (row === undefined) throw new Error('the review row was not written');
  return row;
}

/** One more rating in the sum and count the mentor's profile and card show (their trigger tells the listing caches). */
export async function addRatingToMentor(tx: Executor, mentorId: string, rating: number): Promise<void> {
  await tx
    .update(mentorProfiles)
    .set({
      ratingTotal: sql`${mentorProfiles.ratingTotal} + ${rating}`,
      reviewCount: sql`${mentorProfiles.reviewCount} + 1`,
    })
    .where(eq(mentorProfiles.userId, mentorId));
}

export interface MentorReviewRow {
  rating: number;
  comment: string;
  createdAt: Date;
  author: { name: string; avatar: string | null };
}

/** One page of a mentor's reviews, newest first (ties by booking id, so pages never overlap), and how many there are. */
export async function listMentorReviews(
  db: Executor,
  mentorId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: MentorReviewRow[]; total: number }> {
  const ofMentor = eq(bookingReviews.mentorId, mentorId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        rating: bookingReviews.rating,
        comment: bookingReviews.comment,
        createdAt: bookingReviews.createdAt,
        author: { name: users.name, avatar: users.avatar },
      })
      .from(bookingReviews)
      .innerJoin(users, eq(users.id, bookingReviews.authorId))
      .where(ofMentor)
      .orderBy(desc(bookingReviews.createdAt), desc(bookingReviews.bookingId))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(bookingReviews).where(ofMentor),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
