import type { Booking, RefundReason, RefundStatus } from '@skillroute/shared/bookings';
import type { BookingWithParties } from './repository';
import { cancellerOf } from './rules';

/**
 * Who reads a booking: one of its two people (`party`) reads what they wrote each other (the agenda, the
 * notes); an admin (`staff`) reads everything else. Every caller says which, so nothing private slips out.
 */
export type BookingAudience = 'party' | 'staff';

/** A booking as the api sends it (`bookingSchema` in packages/shared): instants as ISO strings, amounts in paise. */
export function toBooking(row: BookingWithParties, audience: BookingAudience): Booking {
  const booking: Booking = {
    id: row.id,
    mentorId: row.mentorId,
    menteeId: row.menteeId,
    mentor: row.mentor,
    mentee: row.mentee,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    status: row.status,
    amount: row.amount,
    currency: 'INR',
    holdExpiresAt: row.holdExpiresAt.toISOString(),
    roomId: row.roomId,
    rescheduleCount: row.rescheduleCount,
    previousStartTimes: row.previousStartTimes.map((start) => start.toISOString()),
  };
  if (row.refundAmount !== null && row.refundStatus !== null && row.refundReason !== null) {
    booking.refund = {
      amount: row.refundAmount,
      status: row.refundStatus as RefundStatus,
      reason: row.refundReason as RefundReason,
    };
  }
  if (row.cancelledAt !== null) {
    booking.cancellation = {
      cancelledBy: cancellerOf(row),
      reason: row.cancelReason ?? '',
      cancelledAt: row.cancelledAt.toISOString(),
    };
  }
  if (row.noShow !== null) booking.noShow = row.noShow;
  // When each came is the two people's to read (the admin sees what was decided, `noShow`).
  if (audience === 'party')
    booking.presence = {
      mentorJoinedAt: row.mentorJoinedAt?.toISOString() ?? null,
      menteeJoinedAt: row.menteeJoinedAt?.toISOString() ?? null,
    };
  if (row.review !== null)
    booking.review = {
      rating: row.review.rating,
      comment: row.review.comment,
      createdAt: row.review.createdAt.toISOString(),
    };
  if (audience === 'party') {
    if (row.agenda !== null) booking.agenda = row.agenda;
    if (row.notes !== null && row.notesUpdatedAt !== null)
      booking.notes = { text: row.notes, updatedAt: row.notesUpdatedAt.toISOString() };
    // The roadmap the mentee chose for the session and what they chose of it: the two people's own business.
    if (row.learningRoadmapId !== null && row.learningRoadmapTitle !== null)
      booking.learning = {
        roadmapId: row.learningRoadmapId,
        title: row.learningRoadmapTitle,
        nodeIds: row.learningNodeIds,
        shareNotes: row.shareNotes,
      };
  }
  return booking;
}
