import type { Availability, AvailabilityBodyInput, availabilityUpdateResponseSchema } from '@skillroute/shared/availability';
import type { MentorProfileResponse, MentorUpdateBody, MentorUpdateResponse } from '@skillroute/shared/mentors';
import type { z } from 'zod';
import { api } from '@/lib/api';

/** Spec §7 "Mentors": details are never kept once unused; a change invalidates them (tag MentorDetails). */
export const mentorsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMentorDetails: build.query<MentorProfileResponse, string>({
      query: (id) => `/api/mentor/details/${encodeURIComponent(id)}`,
      keepUnusedDataFor: 0,
      providesTags: ['MentorDetails'],
    }),
    updateMentor: build.mutation<MentorUpdateResponse, MentorUpdateBody>({
      query: (body) => ({ url: '/api/mentor', method: 'PUT', body }),
      invalidatesTags: ['MentorDetails'],
    }),
  }),
});

export const { useGetMentorDetailsQuery, useUpdateMentorMutation } = mentorsApi;

// ---- Availability (the mentor's Availability dialog) ----

/**
 * Spec §6, §7: a mentor's week is read only while their dialog is open and never kept afterwards; a save
 * invalidates it, and the mentor's details too, since the profile shows the price.
 */
export const availabilityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAvailability: build.query<Availability, string>({
      query: (mentorId) => `/api/mentors/availability/${encodeURIComponent(mentorId)}`,
      keepUnusedDataFor: 0,
      providesTags: ['AvailbilityMentor'],
    }),
    updateAvailability: build.mutation<z.infer<typeof availabilityUpdateResponseSchema>, AvailabilityBodyInput>({
      query: (body) => ({ url: '/api/mentors/availability', method: 'PUT', body }),
      invalidatesTags: ['AvailbilityMentor', 'MentorDetails'],
    }),
  }),
});

export const { useGetAvailabilityQuery, useUpdateAvailabilityMutation } = availabilityApi;
