import type {
  AdminQuestionList,
  AdminQuestionResponse,
  AdminStackList,
  AdminStackResponse,
  AssessmentTest,
  CreateStackBody,
  OwnTestList,
  QuestionInput,
  SaveAnswerBody,
  SavedAnswersResponse,
  SubmitTestBody,
  TestResult,
  UpdateStackBody,
} from '@skillroute/shared/assessments';
import type { MessageResponse } from '@skillroute/shared/auth';
import type { CreatedId } from '@skillroute/shared/ids';
import type { MentorApplication } from '@skillroute/shared/mentors';
import { api } from '@/lib/api';
import { selectCurrentUser, userRefreshed } from '@/features/auth/api';

const testTag = (id: string) => [{ type: 'AssessmentTest' as const, id }];

/**
 * Spec §7 "Assessment" and DESIGN.md §4 "Admin" (stacks and questions). Admin changes invalidate the
 * stacks list (lib/stacks-api.ts), so the Become a Mentor dialog and the admin pages agree.
 */
export const assessmentApi = api.injectEndpoints({
  endpoints: (build) => ({
    applyForStack: build.mutation<CreatedId, MentorApplication>({
      query: (body) => ({ url: '/api/assessment/tests', method: 'POST', body }),
    }),
    getOwnTests: build.query<OwnTestList, void>({
      query: () => '/api/assessment/tests',
      keepUnusedDataFor: 0,
    }),
    // The test is read fresh every time: the clock and a result scored on the server must never be stale.
    getTest: build.query<AssessmentTest, string>({
      query: (id) => `/api/assessment/tests/${encodeURIComponent(id)}`,
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, id) => testTag(id),
    }),
    // Start on the introduction: the server's clock starts now, and the running test it answers replaces the
    // cached one, so the page turns into the test without reading it again.
    startTest: build.mutation<AssessmentTest, string>({
      query: (id) => ({ url: `/api/assessment/tests/${encodeURIComponent(id)}/start`, method: 'POST' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) await dispatch(assessmentApi.util.upsertQueryData('getTest', id, data));
      },
    }),
    saveAnswer: build.mutation<SavedAnswersResponse, SaveAnswerBody & { testId: string }>({
      query: ({ testId, ...body }) => ({
        url: `/api/assessment/tests/${encodeURIComponent(testId)}/answers`,
        method: 'PUT',
        body,
      }),
    }),
    submitTest: build.mutation<TestResult, SubmitTestBody>({
      query: (body) => ({ url: '/api/assessment/tests/submit', method: 'POST', body }),
      // A pass changes the profile (role, skills), which the profile page reads through these tags.
      invalidatesTags: (_result, _error, body) => [...testTag(body.testId), 'Users', 'MentorDetails'],
      // A pass makes the signed-in user a mentor: the account menu offers "Add a skill" from then on.
      async onQueryStarted(_body, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        // The api slice types only its own state; the auth slice sits beside it in the same store.
        const user = selectCurrentUser(getState() as unknown as Parameters<typeof selectCurrentUser>[0]);
        if (data?.passed && user && user.role !== 'mentor')
          dispatch(userRefreshed({ ...user, role: 'mentor' }));
      },
    }),

    // Admin: the question bank.
    getAdminStacks: build.query<AdminStackList, void>({
      query: () => '/api/admin/stacks',
      providesTags: ['AssessmentStacks'],
    }),
    createStack: build.mutation<AdminStackResponse, CreateStackBody>({
      query: (body) => ({ url: '/api/admin/stacks', method: 'POST', body }),
      invalidatesTags: ['AssessmentStacks'],
    }),
    updateStack: build.mutation<AdminStackResponse, UpdateStackBody & { id: string }>({
      query: ({ id, ...body }) => ({
        url: `/api/admin/stacks/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: ['AssessmentStacks', 'AssessmentQuestions'],
    }),
    deleteStack: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `/api/admin/stacks/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['AssessmentStacks'],
    }),
    getStackQuestions: build.query<AdminQuestionList, string>({
      query: (stackId) => `/api/admin/stacks/${encodeURIComponent(stackId)}/questions`,
      providesTags: ['AssessmentQuestions'],
    }),
    addQuestion: build.mutation<AdminQuestionResponse, QuestionInput & { stackId: string }>({
      query: ({ stackId, ...body }) => ({
        url: `/api/admin/stacks/${encodeURIComponent(stackId)}/questions`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['AssessmentQuestions', 'AssessmentStacks'],
    }),
    editQuestion: build.mutation<AdminQuestionResponse, QuestionInput & { id: string }>({
      query: ({ id, ...body }) => ({
        url: `/api/admin/questions/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: ['AssessmentQuestions', 'AssessmentStacks'],
    }),
    deleteQuestion: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `/api/admin/questions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['AssessmentQuestions', 'AssessmentStacks'],
    }),
  }),
});

export const {
  useApplyForStackMutation,
  useLazyGetOwnTestsQuery,
  useGetTestQuery,
  useStartTestMutation,
  useSaveAnswerMutation,
  useSubmitTestMutation,
  useGetAdminStacksQuery,
  useCreateStackMutation,
  useUpdateStackMutation,
  useDeleteStackMutation,
  useGetStackQuestionsQuery,
  useAddQuestionMutation,
  useEditQuestionMutation,
  useDeleteQuestionMutation,
} = assessmentApi;
