import type { RecommendationsResponse } from '@skillroute/shared/learning';
import type { MyProgressResponse } from '@skillroute/shared/roadmap-api';
import { api } from '@/lib/api';

/**
 * `GET /api/roadmap/progress/mine` for the home page's "Continue learning". An endpoint, not a plain fetch
 * like the public list (docs/decisions/016, 024): only signed-in people ask, their pages load RTK Query
 * anyway, and the base query refreshes a lapsed session before the row would have to give up.
 */
export const progressSummaryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyProgress: build.query<MyProgressResponse, void>({
      query: () => '/api/roadmap/progress/mine',
      providesTags: [{ type: 'RoadmapProgress', id: 'MINE' }],
      keepUnusedDataFor: 0,
    }),
    /** The home page's "Your mentor suggests": topics the reader's mentors recommended, newest first. */
    getMyRecommendations: build.query<RecommendationsResponse, void>({
      query: () => '/api/user/recommendations',
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetMyProgressQuery, useGetMyRecommendationsQuery } = progressSummaryApi;
