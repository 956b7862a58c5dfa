import type { MentorProfileResponse, MentorUpdateBody, MentorUpdateResponse } from '@skillroute/shared/mentors';
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
