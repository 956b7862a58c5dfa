import type {
  AdminQuestion,
  AdminStack,
  AssessmentTest,
  CreateStackBody,
  OwnTest,
  QuestionInput,
  SaveAnswerBody,
  Stack,
  SubmitTestBody,
  TestResult,
  UpdateStackBody,
} from '@skillroute/shared/assessments';
import type { MentorApplication } from '@skillroute/shared/mentors';
import { api } from '@/lib/api';

const testTag = (id: string) => [{ type: 'AssessmentTest' as const, id }];

/**
 * Spec §7 "Assessment" and DESIGN.md §4 "Admin" (stacks and questions). Admin changes invalidate the
 * stacks list, so the Become a Mentor dialog and the admin pages agree.
 */
export const assessmentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStacks: build.query<Stack[], void>({
      query: () => '/api/assessment',
      providesTags: ['AssessmentStacks'],
    }),
    applyForStack: build.mutation<{ id: string }, MentorApplication>({
      query: (body) => ({ url: '/api/assessment/tests', method: 'POST', body }),
    }),
    getOwnTests: build.query<{ tests: OwnTest[] }, void>({
      query: () => '/api/assessment/tests',
      keepUnusedDataFor: 0,
    }),
    // The test is read fresh every time: the clock and a result scored on the server must never be stale.
    getTest: build.query<AssessmentTest, string>({
      query: (id) => `/api/assessment/tests/${encodeURIComponent(id)}`,
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, id) => testTag(id),
    }),
    saveAnswer: build.mutation<{ answers: { questionId: string; optionId: string }[] }, SaveAnswerBody & { testId: string }>({
      query: ({ testId, ...body }) => ({ url: `/api/assessment/tests/${encodeURIComponent(testId)}/answers`, method: 'PUT', body }),
    }),
    submitTest: build.mutation<TestResult, SubmitTestBody>({
      query: (body) => ({ url: '/api/assessment/tests/submit', method: 'POST', body }),
      // A pass changes the profile (role, skills), which the profile page reads through these tags.
      invalidatesTags: (_result, _error, body) => [...testTag(body.testId), 'Users', 'MentorDetails'],
    }),

    // Admin: the question bank.
    getAdminStacks: build.query<{ stacks: AdminStack[] }, void>({
      query: () => '/api/admin/stacks',
      providesTags: ['AssessmentStacks'],
    }),
    createStack: build.mutation<{ stack: AdminStack }, CreateStackBody>({
      query: (body) => ({ url: '/api/admin/stacks', method: 'POST', body }),
      invalidatesTags: ['AssessmentStacks'],
    }),
    updateStack: build.mutation<{ stack: AdminStack }, UpdateStackBody & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/api/admin/stacks/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: ['AssessmentStacks', 'AssessmentQuestions'],
    }),
    deleteStack: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/api/admin/stacks/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['AssessmentStacks'],
    }),
    getStackQuestions: build.query<{ stack: AdminStack; questions: AdminQuestion[] }, string>({
      query: (stackId) => `/api/admin/stacks/${encodeURIComponent(stackId)}/questions`,
      providesTags: ['AssessmentQuestions'],
    }),
    addQuestion: build.mutation<{ question: AdminQuestion }, QuestionInput & { stackId: string }>({
      query: ({ stackId, ...body }) => ({ url: `/api/admin/stacks/${encodeURIComponent(stackId)}/questions`, method: 'POST', body }),
      invalidatesTags: ['AssessmentQuestions', 'AssessmentStacks'],
    }),
    editQuestion: build.mutation<{ question: AdminQuestion }, QuestionInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/api/admin/questions/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: ['AssessmentQuestions', 'AssessmentStacks'],
    }),
    deleteQuestion: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/api/admin/questions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['AssessmentQuestions', 'AssessmentStacks'],
    }),
  }),
});

export const {
  useGetStacksQuery,
  useApplyForStackMutation,
  useLazyGetOwnTestsQuery,
  useGetTestQuery,
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
