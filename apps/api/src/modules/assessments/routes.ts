import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ownTestListSchema,
  saveAnswerBodySchema,
  savedAnswersResponseSchema,
  stackListSchema,
  submitTestBodySchema,
  TEST_QUESTION_COUNT,
  testIdParamsSchema,
  testResultSchema,
  testSchema,
} from '@skillroute/shared/assessments';
import { errorEnvelopeSchema } from '@skillroute/shared/errors';
import { createdIdSchema } from '@skillroute/shared/ids';
import { mentorApplicationSchema } from '@skillroute/shared/mentors';
import { contextOf, userContextOf } from '../../plugins/services';
import {
  applyForStack,
  getTest,
  listOwnTests,
  listStacks,
  saveAnswer,
  startTest,
  submitTest,
} from './service';

const tags = ['assessment'];
const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/** `/api/assessment` (spec §7 "Assessment", DESIGN.md §4): applying, and taking the test. */
export const assessmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = { onRequest: app.requireUser };

  app.get(
    '/',
    { schema: { summary: 'The stacks one can apply for', tags, response: { 200: stackListSchema } } },
    async (request) => listStacks(contextOf(request)),
  );

  app.post(
    '/tests',
    {
      ...signedIn,
      schema: {
        summary: `Apply to become a mentor: the application, and ${TEST_QUESTION_COUNT} questions drawn for its test, whose clock starts on Start`,
        tags,
        body: mentorApplicationSchema,
        response: { 201: createdIdSchema, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send(await applyForStack(userContextOf(request), request.body)),
  );

  app.get(
    '/tests',
    {
      ...signedIn,
      schema: {
        summary: "The signed-in user's own tests, newest first",
        tags,
        response: { 200: ownTestListSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request) => ({
      tests: await listOwnTests(userContextOf(request)),
    }),
  );

  app.post(
    '/tests/submit',
    {
      ...signedIn,
      schema: {
        summary: 'Hand in a test (once); scored on the server',
        tags,
        body: submitTestBodySchema,
        response: { 200: testResultSchema, ...refusals },
      },
    },
    async (request) => submitTest(userContextOf(request), request.body),
  );

  app.get(
    '/tests/:id',
    {
      ...signedIn,
      schema: {
        summary: 'A test for its taker: questions without answers, the clock, saved answers, the result',
        tags,
        params: testIdParamsSchema,
        response: { 200: testSchema, ...refusals },
      },
    },
    async (request) => getTest(userContextOf(request), request.params.id),
  );

  app.post(
    '/tests/:id/start',
    {
      ...signedIn,
      schema: {
        summary:
          'Start the clock of a test, when its taker presses Start on the introduction (again: the running test, unchanged)',
        tags,
        params: testIdParamsSchema,
        response: { 200: testSchema, ...refusals },
      },
    },
    async (request) => startTest(userContextOf(request), request.params.id),
  );

  app.put(
    '/tests/:id/answers',
    {
      ...signedIn,
      schema: {
        summary: 'Save one answer as it is chosen (optionId null clears it), while the clock runs',
        tags,
        params: testIdParamsSchema,
        body: saveAnswerBodySchema,
        response: { 200: savedAnswersResponseSchema, ...refusals },
      },
    },
    async (request) => saveAnswer(userContextOf(request), { testId: request.params.id, body: request.body }),
  );
};
