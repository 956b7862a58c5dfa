import type { MentorProfileResponse } from '@skillroute/shared/mentors';
import { api } from './api';

/**
 * A mentor's details (spec §7 "Mentors"), read by more than one feature: the mentor's page, the profile's
 * mentor fields and the Become a Mentor dialog. Never kept once unused; a change invalidates them (tag
 * MentorDetails).
 */
export const mentorDetailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMentorDetails: build.query<MentorProfileResponse, string>({
      query: (id) => `/api/mentor/details/${encodeURIComponent(id)}`,
      keepUnusedDataFor: 0,
      providesTags: ['MentorDetails'],
    }),
  }),
});

export const { useGetMentorDetailsQuery } = mentorDetailsApi;
