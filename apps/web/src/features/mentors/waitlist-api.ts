import type { WaitlistResponse } from '@skillroute/shared/bookings';
import { api } from '@/lib/api';

const waitlistUrl = (mentorId: string) => `/api/mentors/${encodeURIComponent(mentorId)}/waitlist`;

/**
 * DESIGN.md §4 "Waitlist": whether the signed-in person waits for a slot of a mentor, and joining or leaving.
 * Joining and leaving answer the new state, written straight into the read, so nothing is read twice.
 */
export const waitlistApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWaitlist: build.query<WaitlistResponse, string>({
      query: waitlistUrl,
      keepUnusedDataFor: 0,
    }),
    joinWaitlist: build.mutation<WaitlistResponse, string>({
      query: (mentorId) => ({ url: waitlistUrl(mentorId), method: 'POST' }),
      async onQueryStarted(mentorId, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(waitlistApi.util.upsertQueryData('getWaitlist', mentorId, data));
      },
    }),
    leaveWaitlist: build.mutation<WaitlistResponse, string>({
      query: (mentorId) => ({ url: waitlistUrl(mentorId), method: 'DELETE' }),
      async onQueryStarted(mentorId, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(waitlistApi.util.upsertQueryData('getWaitlist', mentorId, data));
      },
    }),
  }),
});

export const { useGetWaitlistQuery, useJoinWaitlistMutation, useLeaveWaitlistMutation } = waitlistApi;
