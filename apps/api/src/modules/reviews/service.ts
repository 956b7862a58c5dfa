import { localeOfUser } from '../users/service';
import {
  REVIEWS_PAGE_SIZE,
  type BookingReview,
  type MentorReviewsResponse,
  type ReviewBody,
  reviewMessages,
} from '@skillroute/shared/bookings';
import { mentorMessages } from '@skillroute/shared/mentors';
import type { ServiceContext, UserContext } from '../../context/service-context';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { pageWindow } from '../../lib/paging';
import { findMentorOwner } from '../availability/service';
import * as repository from './repository';
import { assertReviewable, reviewReceivedNotice } from './rules';

/**
 * `POST /api/bookings/:id/review`: the mentee rates a completed session, once. In one unit of work: the
 * review row, the mentor's rating sum and count, and the mentor's notification. The primary key of
 * booking_reviews (one per booking) refuses a second review, even two sent at once.
 */
export async function reviewBooking(
  ctx: UserContext,
  input: { bookingId: string; body: ReviewBody },
): Promise<BookingReview> {
  const { bookingId, body } = input;
  try {
    const row = await ctx.unitOfWork(async (uow) => {
      const booking = await repository.findReviewTarget(uow.tx, bookingId);
      assertReviewable(booking, ctx.user.id);
      const review = await repository.insertReview(uow.tx, {
        bookingId,
        mentorId: booking.mentorId,
        authorId: ctx.user.id,
        rating: body.rating,
        comment: body.comment,
      });
      await repository.addRatingToMentor(uow.tx, booking.mentorId, body.rating);
      await uow.notify(
        booking.mentorId,
        reviewReceivedNotice(
          { mentorId: booking.mentorId, menteeName: booking.menteeName, rating: body.rating },
          await localeOfUser(uow.tx, booking.mentorId),
        ),
      );
      // Every process's listing cache hears the profile trigger after the commit; this one forgets at once.
      uow.afterCommit(() => ctx.mentorListingCache.forgetAll());
      return review;
    });
    return { rating: row.rating, comment: row.comment, createdAt: row.createdAt.toISOString() };
  } catch (error) {
    if (isUniqueViolation(error, 'booking_reviews_pkey'))
      throw new AppError('conflict', reviewMessages.alreadyReviewed);
    throw error;
  }
}

/** `GET /api/mentors/:mentorId/reviews?page=` (public): a mentor's reviews (listed or not), newest first; 404 for anyone else. */
export async function listMentorReviews(
  ctx: ServiceContext,
  input: { mentorId: string; page: number },
): Promise<MentorReviewsResponse> {
  const { mentorId, page } = input;
  if ((await findMentorOwner(ctx.db, mentorId)) === undefined)
    throw new AppError('not_found', mentorMessages.mentorNotFound);
  const { rows, total } = await repository.listMentorReviews(
    ctx.db,
    mentorId,
    pageWindow(page, REVIEWS_PAGE_SIZE),
  );
  return { reviews: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total };
}
