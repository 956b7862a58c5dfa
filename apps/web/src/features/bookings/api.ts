import type {
  Booking,
  BookingListResponse,
  BookingResponse,
  BookingStatus,
  CancelBookingBody,
  CancelBookingResponse,
  CreateBookingBody,
  ReviewBody,
  RescheduleBookingBody,
  ReviewResponse,
  SessionNotesBody,
} from '@skillroute/shared/bookings';
import type {
  BookingLearningResponse,
  RecommendationsBody,
  RecommendationsResponse,
} from '@skillroute/shared/learning';
import type { CreatePaymentResponse } from '@skillroute/shared/payments';
import { selectCurrentUser } from '@/features/auth/api';
import { api } from '@/lib/api';
import { withIdempotencyKey } from '@/lib/base-query';
import { useAppSelector } from '@/lib/store-hooks';

/**
 * Bookings and payments (DESIGN.md §4). Spec §7 and §9: booking data is never kept once unused, and every
 * change (book, pay, cancel, review, notes) invalidates it (tag BookingData). Booking or failing to book also
 * re-reads the mentor's free hours (tag AvailbilityMentor): a held or taken slot is no longer free. Booking,
 * paying and cancelling carry an Idempotency-Key, so a lost answer is asked for again without doing it twice.
 */
export const bookingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    createBooking: build.mutation<BookingResponse, CreateBookingBody>({
      query: (body) => withIdempotencyKey({ url: '/api/bookings', method: 'POST', body }),
      invalidatesTags: ['BookingData', 'AvailbilityMentor'],
    }),
    getBooking: build.query<BookingResponse, string>({
      query: (id) => `/api/bookings/detail/${encodeURIComponent(id)}`,
      keepUnusedDataFor: 0,
      providesTags: ['BookingData'],
    }),
    /** The signed-in user's own bookings, as mentee and as mentor: soonest upcoming first, then past newest first. */
    listMyBookings: build.query<BookingListResponse, { userId: string; status?: BookingStatus }>({
      query: ({ userId, status }) =>
        `/api/bookings/profile/${encodeURIComponent(userId)}${status ? `?${new URLSearchParams({ status }).toString()}` : ''}`,
      keepUnusedDataFor: 0,
      providesTags: ['BookingData'],
    }),
    cancelBooking: build.mutation<CancelBookingResponse, { id: string } & CancelBookingBody>({
      query: ({ id, ...body }) =>
        withIdempotencyKey({ url: `/api/bookings/${encodeURIComponent(id)}/cancel`, method: 'POST', body }),
      // A cancelled hour is free again.
      invalidatesTags: ['BookingData', 'AvailbilityMentor'],
    }),
    /** Moves a confirmed session to another free hour of its mentor; the old hour is free again, the new one taken. */
    rescheduleBooking: build.mutation<BookingResponse, { id: string } & RescheduleBookingBody>({
      query: ({ id, ...body }) =>
        withIdempotencyKey({
          url: `/api/bookings/${encodeURIComponent(id)}/reschedule`,
          method: 'POST',
          body,
        }),
      invalidatesTags: ['BookingData', 'AvailbilityMentor'],
    }),
    reviewBooking: build.mutation<ReviewResponse, { id: string } & ReviewBody>({
      query: ({ id, ...body }) => ({
        url: `/api/bookings/${encodeURIComponent(id)}/review`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['BookingData', 'MentorDetails'],
    }),
    /** The mentor's notes and homework of a session that has started; a save replaces them. */
    saveSessionNotes: build.mutation<BookingResponse, { id: string } & SessionNotesBody>({
      query: ({ id, ...body }) => ({
        url: `/api/bookings/${encodeURIComponent(id)}/notes`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['BookingData'],
    }),
    /** What the mentee of a session about a roadmap shared with its mentor (the mentor only). */
    getBookingLearning: build.query<BookingLearningResponse, string>({
      query: (id) => `/api/bookings/${encodeURIComponent(id)}/learning`,
      keepUnusedDataFor: 0,
      providesTags: ['BookingData'],
    }),
    /** The mentor recommends topics of the session's roadmap once it has started. */
    recommendTopics: build.mutation<RecommendationsResponse, { id: string } & RecommendationsBody>({
      query: ({ id, ...body }) => ({
        url: `/api/bookings/${encodeURIComponent(id)}/recommendations`,
        method: 'POST',
        body,
      }),
    }),
    createPayment: build.mutation<CreatePaymentResponse, { bookingId: string }>({
      query: (body) => withIdempotencyKey({ url: '/api/payments/create', method: 'POST', body }),
      invalidatesTags: ['BookingData'],
    }),
  }),
});

export const {
  useCreateBookingMutation,
  useGetBookingQuery,
  useListMyBookingsQuery,
  useCancelBookingMutation,
  useRescheduleBookingMutation,
  useReviewBookingMutation,
  useSaveSessionNotesMutation,
  useGetBookingLearningQuery,
  useRecommendTopicsMutation,
  useCreatePaymentMutation,
} = bookingsApi;

/**
 * The signed-in person's own hold with `mentorId` still running at `now`, if any (a mentee holds at most one
 * unpaid hour with a mentor). The free slots are the same for every visitor and leave held time out, so a
 * page that came back (a reload, Back from the checkout) learns of its own hold here and shows it as theirs.
 */
export function useOwnHold(mentorId: string, now: number): Booking | undefined {
  const userId = useAppSelector(selectCurrentUser)?.id;
  const { data } = useListMyBookingsQuery(
    { userId: userId ?? '', status: 'pending_payment' },
    { skip: userId === undefined || userId === mentorId },
  );
  return data?.bookings.find(
    (booking) =>
      booking.mentorId === mentorId && booking.menteeId === userId && Date.parse(booking.holdExpiresAt) > now,
  );
}

/** A confirmed booking's calendar event for its own people, the one its confirmation mail carries. */
export const bookingCalendarPath = (bookingId: string): string =>
  `/api/bookings/${encodeURIComponent(bookingId)}/calendar.ics`;

/** The mentee's receipt of a paid booking (a PDF the browser downloads). */
export const bookingReceiptPath = (bookingId: string): string =>
  `/api/bookings/${encodeURIComponent(bookingId)}/receipt.pdf`;

/** The mentee's credit note of a refunded booking (a PDF the browser downloads). */
export const bookingCreditNotePath = (bookingId: string): string =>
  `/api/bookings/${encodeURIComponent(bookingId)}/credit-note.pdf`;

/** A booking's status as people read it, for other features that list sessions (earnings). */
export { statusLabels } from './rules';
