import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminQuestionListSchema,
  adminQuestionResponseSchema,
  adminStackListSchema,
  adminStackResponseSchema,
  createStackBodySchema,
  questionBodySchema,
  stackIdParamsSchema,
  updateStackBodySchema,
} from '@skillroute/shared/assessments';
import { messageResponseSchema } from '@skillroute/shared/auth';
import { adminContextOf } from '../../plugins/services';
import { errorEnvelopeSchema } from '@skillroute/shared/errors';
import {
  addQuestion,
  createStack,
  deleteQuestion,
  deleteStack,
  editQuestion,
  listStackQuestions,
  listStacksForAdmin,
  updateStack,
} from './question-bank';

const tags = ['admin', 'assessment'];
const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/** Stacks and questions under `/api/admin` (DESIGN.md §4 "Admin"). Admin cookies only. */
export const adminQuestionBankRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/stacks',
    {
      schema: {
        summary: 'Every stack with its question counts',
        tags,
        response: { 200: adminStackListSchema, ...refusals },
      },
    },
    async (request) => ({
      stacks: await listStacksForAdmin(adminContextOf(request)),
    }),
  );

  app.post(
    '/stacks',
    {
      schema: {
        summary: 'Add a stack',
        tags,
        body: createStackBodySchema,
        response: { 201: adminStackResponseSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ stack: await createStack(adminContextOf(request), request.body) }),
  );

  app.put(
    '/stacks/:id',
    {
      schema: {
        summary: 'Rename, deactivate or reactivate a stack',
        tags,
        params: stackIdParamsSchema,
        body: updateStackBodySchema,
        response: { 200: adminStackResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      stack: await updateStack(adminContextOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/stacks/:id',
    {
      schema: {
        summary: 'Delete a stack nobody has taken a test in, with its questions',
        tags,
        params: stackIdParamsSchema,
        response: { 200: messageResponseSchema, ...refusals },
      },
    },
    async (request) => {
      await deleteStack(adminContextOf(request), request.params.id);
      return { message: 'Stack deleted.' };
    },
  );

  app.get(
    '/stacks/:id/questions',
    {
      schema: {
        summary: "A stack's questions, with their answers",
        tags,
        params: stackIdParamsSchema,
        response: { 200: adminQuestionListSchema, ...refusals },
      },
    },
    async (request) => listStackQuestions(adminContextOf(request), request.params.id),
  );

  app.post(
    '/stacks/:id/questions',
    {
      schema: {
        summary: 'Add a question to a stack',
        tags,
        params: stackIdParamsSchema,
        body: questionBodySchema,
        response: { 201: adminQuestionResponseSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ question: await addQuestion(adminContextOf(request), request.params.id, request.body) }),
  );

  app.put(
    '/questions/:id',
    {
      schema: {
        summary: 'Replace a question’s text and options',
        tags,
        params: stackIdParamsSchema,
        body: questionBodySchema,
        response: { 200: adminQuestionResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      question: await editQuestion(adminContextOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/questions/:id',
    {
      schema: {
        summary: 'Delete a question (tests already drawn keep their copy)',
        tags,
        params: stackIdParamsSchema,
        response: { 200: messageResponseSchema, ...refusals },
      },
    },
    async (request) => {
      await deleteQuestion(adminContextOf(request), request.params.id);
      return { message: 'Question deleted.' };
    },
  );
};
