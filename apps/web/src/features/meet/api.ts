import type { MeetRoom } from '@skillroute/shared/meet';
import { api } from '@/lib/api';

/**
 * Meeting rooms (DESIGN.md §4): the room of a booking, for its two people only (404 to anyone else). Never
 * kept once unused: whether it is open, and the TURN credentials, are only good for a while.
 */
export const meetApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMeetRoom: build.query<MeetRoom, string>({
      query: (roomId) => `/api/meet/${encodeURIComponent(roomId)}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetMeetRoomQuery } = meetApi;
