import type { Locale } from '@skillroute/shared/i18n/locales';
import { translatorFor } from '../../lib/i18n';
import { bookingMessages, reviewMessages, type BookingStatus } from '@skillroute/shared/bookings';
import type { NotificationInput } from '../../context/ports';
import { AppError } from '../../lib/errors';

/**
 * Whether `userId` may review this booking now: a stranger hears 404, as for no booking (a booking's
 * existence is its two people's business); its mentor 403; its mentee 409 until the session is completed.
 * Reviewing twice is left to the primary key of booking_reviews.
 */
export function assertReviewable<T extends { mentorId: string; menteeId: string; status: BookingStatus }>(
  booking: T | undefined,
  userId: string,
): asserts booking is T {
  if (booking === undefined || (booking.mentorId !== userId && booking.menteeId !== userId))
    throw new AppError('not_found', bookingMessages.notFound);
  if (booking.menteeId !== userId) throw new AppError('forbidden', reviewMessages.notReviewable);
  if (booking.status !== 'completed') throw new AppError('conflict', reviewMessages.notReviewable);
}

/** What the mentor reads when a review arrives; it leads to their public profile, where reviews show. */
export function reviewReceivedNotice(
  input: {
    mentorId: string;
    menteeName: string;
    rating: number;
  },
  locale: Locale = 'en',
): NotificationInput {
  const { t } = translatorFor(locale);
  const { menteeName, rating } = input;
  return {
    type: 'review_received',
    message:
      rating === 1
        ? t('{menteeName} rated your session 1 star.', { menteeName })
        : t('{menteeName} rated your session {rating} stars.', { menteeName, rating }),
    link: `/mentor-profile/${input.mentorId}`,
  };
}
