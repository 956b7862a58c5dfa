import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminResponseSchema, loginBodySchema, messageResponseSchema } from '@skillroute/shared/auth';
import { errorEnvelopeSchema } from '@skillroute/shared/errors';
import type { Config } from '../../config';
import { clearSessionCookies, cookieNames, setSessionCookies } from '../../lib/cookies';
import { sessionMessages, signOut, type SessionTokens } from '../../sessions/service';
import { signInLimit } from '../../sessions/sign-in-limit';
import { adminContextOf, clientOf, contextOf } from '../../plugins/services';
import { currentAdmin, refreshAdminSession, signInAdmin } from './service';

export interface AdminRoutesOptions {
  config: Pick<Config, 'nodeEnv'>;
}

/** As user sign-in: 10 attempts per 15 minutes per e-mail and IP, counted apart from the users'. */
export const adminSignInLimit = signInLimit('admin-sign-in');

const refusals = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 429: errorEnvelopeSchema };
const tags = ['admin'];

/**
 * `/api/admin`: the admin's own session. Only the admin cookies count here (`requireAdmin` reads
 * adminAccessToken, signed with ADMIN_JWT_SECRET for the admin audience), so a user's cookies never
 * reach an admin route.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { config }) => {
  const cookiePolicy = { secure: config.nodeEnv === 'production' };
  const signIn = (reply: FastifyReply, tokens: SessionTokens) =>
    setSessionCookies(reply, 'admin', cookiePolicy, tokens);

  app.post(
    '/login',
    {
      config: {
        rateLimit: {
          max: adminSignInLimit.max,
          timeWindow: adminSignInLimit.timeWindowMs,
          // Counted after validation, so the key uses the parsed e-mail.
          hook: 'preHandler',
          keyGenerator: (request) =>
            adminSignInLimit.key((request.body as { email?: unknown } | undefined)?.email, request.ip),
        },
      },
      schema: {
        summary: 'Admin sign-in',
        tags,
        body: loginBodySchema,
        response: { 200: adminResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { admin, tokens } = await signInAdmin(contextOf(request), {
        body: request.body,
        client: clientOf(request),
      });
      signIn(reply, tokens);
      return { admin };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        summary: 'End this admin session',
        tags,
        response: { 200: messageResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      await signOut(contextOf(request), {
        audience: 'admin',
        cookies: {
          refreshToken: request.cookies[cookieNames.admin.refresh],
          accessToken: request.cookies[cookieNames.admin.access],
        },
      });
      clearSessionCookies(reply, 'admin', cookiePolicy);
      return { message: sessionMessages.loggedOut };
    },
  );

  app.post(
    '/refreshToken',
    {
      schema: {
        summary: 'Rotate the admin session cookies',
        tags,
        response: { 200: adminResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      try {
        const { admin, tokens } = await refreshAdminSession(contextOf(request), {
          refreshToken: request.cookies[cookieNames.admin.refresh],
          client: clientOf(request),
        });
        signIn(reply, tokens);
        return { admin };
      } catch (error) {
        // A refused refresh leaves nothing behind that the browser would keep sending.
        clearSessionCookies(reply, 'admin', cookiePolicy);
        throw error;
      }
    },
  );

  app.get(
    '/me',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'The signed-in admin',
        tags,
        response: { 200: adminResponseSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request) => ({
      admin: await currentAdmin(adminContextOf(request)),
    }),
  );
};
