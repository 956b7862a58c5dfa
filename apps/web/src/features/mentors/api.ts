import type {
  Availability,
  AvailabilityBodyInput,
  availabilityUpdateResponseSchema,
  SlotsResponse,
} from '@skillroute/shared/availability';
import type { BookingSettings } from '@skillroute/shared/booking-settings';
import type { MentorReviewsResponse } from '@skillroute/shared/bookings';
import type { MentorListResponse, MentorUpdateBody, MentorUpdateResponse } from '@skillroute/shared/mentors';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { listUrl, type MentorListArgs } from './list-filters';

/** Spec §7 "Mentors". The details themselves, read by other features too, are in lib/mentor-details-api.ts. */
export const mentorsApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateMentor: build.mutation<MentorUpdateResponse, MentorUpdateBody>({
      query: (body) => ({ url: '/api/mentor', method: 'PUT', body }),
      invalidatesTags: ['MentorDetails'],
    }),
    /** `GET /api/mentor/{skill}?…` (DESIGN.md §4); kept the default minute so back and forth reads no page twice. */
    listMentors: build.query<MentorListResponse, MentorListArgs>({
      query: listUrl,
    }),
    /** A mentor's free hours from now for the next 60 days; free hours change as people book, so never kept. */
    getMentorSlots: build.query<SlotsResponse, { mentorId: string; from: string; to: string }>({
      query: ({ mentorId, from, to }) =>
        `/api/mentors/availability/${encodeURIComponent(mentorId)}/slots?${new URLSearchParams({ from, to }).toString()}`,
      keepUnusedDataFor: 0,
      providesTags: ['AvailbilityMentor'],
    }),
    /**
     * `GET /api/mentors/{id}/reviews?page=`, newest first, a page at a time; like the details, never kept, and
     * read again with them (tag MentorDetails) when a new review changes the rating.
     */
    getMentorReviews: build.infiniteQuery<MentorReviewsResponse, string, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, allPages, lastPageNumber) => {
          const shown = allPages.reduce((count, page) => count + page.reviews.length, 0);
          return lastPage.reviews.length > 0 && shown < lastPage.total ? lastPageNumber + 1 : undefined;
        },
      },
      query: ({ queryArg: mentorId, pageParam: page }) =>
        `/api/mentors/${encodeURIComponent(mentorId)}/reviews?page=${page}`,
      keepUnusedDataFor: 0,
      providesTags: ['MentorDetails'],
    }),
  }),
});

export const {
  useUpdateMentorMutation,
  useListMentorsQuery,
  useGetMentorSlotsQuery,
  useGetMentorReviewsInfiniteQuery,
} = mentorsApi;

// ---- Availability (the mentor's Availability dialog) ----

/**
 * Spec §6, §7: a mentor's week is read only while their dialog is open and never kept afterwards; a save
 * invalidates it, the free hours (same tag) and the mentor's details too, since the profile shows the price.
 */
export const availabilityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAvailability: build.query<Availability, string>({
      query: (mentorId) => `/api/mentors/availability/${encodeURIComponent(mentorId)}`,
      keepUnusedDataFor: 0,
      providesTags: ['AvailbilityMentor'],
    }),
    updateAvailability: build.mutation<
      z.infer<typeof availabilityUpdateResponseSchema>,
      AvailabilityBodyInput
    >({
      query: (body) => ({ url: '/api/mentors/availability', method: 'PUT', body }),
      invalidatesTags: ['AvailbilityMentor', 'MentorDetails'],
    }),
  }),
});

export const { useGetAvailabilityQuery, useUpdateAvailabilityMutation } = availabilityApi;

/**
 * The signed-in mentor's booking settings (minimum notice, buffer, sessions per day), read while the dialog is
 * open; a save changes which hours are free, so the free hours (their tag) are read again.
 */
export const bookingSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBookingSettings: build.query<BookingSettings, void>({
      query: () => '/api/mentors/booking-settings',
      keepUnusedDataFor: 0,
    }),
    updateBookingSettings: build.mutation<BookingSettings, BookingSettings>({
      query: (body) => ({ url: '/api/mentors/booking-settings', method: 'PUT', body }),
      invalidatesTags: ['AvailbilityMentor'],
    }),
  }),
});

export const { useGetBookingSettingsQuery, useUpdateBookingSettingsMutation } = bookingSettingsApi;
