import type { StackList } from '@skillroute/shared/assessments';
import { api } from './api';

/**
 * The stacks on offer (`GET /api/assessment`), read by more than one feature: the mentor search filters by
 * them and the Become a Mentor dialog applies for one. Here, so neither feature imports the other; the admin's
 * changes invalidate the list through its tag.
 */
export const stacksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStacks: build.query<StackList, void>({
      query: () => '/api/assessment',
      providesTags: ['AssessmentStacks'],
    }),
  }),
});

export const { useGetStacksQuery } = stacksApi;
