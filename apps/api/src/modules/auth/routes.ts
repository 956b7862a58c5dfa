import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailBodySchema,
  googleLoginBodySchema,
  loginBodySchema,
  messageResponseSchema,
  OTP_LENGTH,
  resetPasswordBodySchema,
  signupBodySchema,
  signupResponseSchema,
  userResponseSchema,
  verifyOtpBodySchema,
} from '@skillroute/shared/auth';
import { errorEnvelopeSchema } from '@skillroute/shared/errors';
import type { Config } from '../../config';
import { clearSessionCookies, cookieNames, setSessionCookies } from '../../lib/cookies';
import { requestLocale } from '../../lib/i18n';
import { sessionMessages, signOut, type SessionTokens } from '../../sessions/service';
import { userOf } from '../../plugins/auth';
import { clientOf, contextOf } from '../../plugins/services';
import { requestPasswordReset, resetPassword } from './password-reset';
import { authRateLimits } from './rate-limits';
import { currentUser, logIn, logInWithGoogle, refreshUserSession } from './sign-in';
import { resendCode, signUp, verifyCode } from './sign-up';

export interface AuthRoutesOptions {
  config: Config;
}

const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
const tags = ['auth'];

function emailOf(request: FastifyRequest): unknown {
  return (request.body as { email?: unknown } | undefined)?.email;
}

/** A route's own limit, counted after validation so the key can use the parsed e-mail. */
function limit(
  rule: { max: number; timeWindowMs: number },
  keyGenerator: (request: FastifyRequest) => string,
) {
  return {
    rateLimit: { max: rule.max, timeWindow: rule.timeWindowMs, hook: 'preHandler' as const, keyGenerator },
  };
}

/** `/api/auth`: sign-up with a mailed code, sign-in, refresh, logout, password reset, the current session. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { config }) => {
  const cookiePolicy = { secure: config.nodeEnv === 'production' };
  const signIn = (reply: FastifyReply, tokens: SessionTokens) =>
    setSessionCookies(reply, 'user', cookiePolicy, tokens);

  app.post(
    '/',
    {
      config: limit({ ...authRateLimits.signUp, max: config.signUpLimitPerHour }, (request) =>
        authRateLimits.signUp.key(request.ip),
      ),
      schema: {
        summary: `Sign up; mails a ${OTP_LENGTH}-digit code`,
        tags,
        body: signupBodySchema,
        response: { 201: signupResponseSchema, 409: errorEnvelopeSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await signUp(contextOf(request), request.body, requestLocale(request))),
  );

  app.post(
    '/verify-otp',
    {
      schema: {
        summary: 'Check the mailed code; verifies the account and signs in',
        tags,
        body: verifyOtpBodySchema,
        response: { 200: userResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { user, tokens } = await verifyCode(contextOf(request), {
        body: request.body,
        client: clientOf(request),
        requestLocale: requestLocale(request),
      });
      signIn(reply, tokens);
      return { user };
    },
  );

  app.post(
    '/resent-otp',
    {
      config: limit(authRateLimits.codeRequest, (request) =>
        authRateLimits.codeRequest.key(emailOf(request)),
      ),
      schema: {
        summary: 'Mail a new code (one a minute)',
        tags,
        body: emailBodySchema,
        response: { 200: messageResponseSchema, ...refusals },
      },
    },
    async (request) => resendCode(contextOf(request), request.body.email, requestLocale(request)),
  );

  app.post(
    '/login',
    {
      config: limit(authRateLimits.signIn, (request) =>
        authRateLimits.signIn.key(emailOf(request), request.ip),
      ),
      schema: {
        summary: 'Sign in with e-mail and password',
        tags,
        body: loginBodySchema,
        response: { 200: userResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { user, tokens } = await logIn(contextOf(request), {
        body: request.body,
        client: clientOf(request),
        requestLocale: requestLocale(request),
      });
      signIn(reply, tokens);
      return { user };
    },
  );

  app.post(
    '/google-login',
    {
      schema: {
        summary: 'Sign in with a Google ID token (404 when Google sign-in is not configured)',
        tags,
        body: googleLoginBodySchema,
        response: {
          200: userResponseSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          503: errorEnvelopeSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const { user, tokens } = await logInWithGoogle(contextOf(request), {
        google: config.google,
        credential: request.body.credential,
        timezone: request.body.timezone,
        locale: request.body.locale,
        requestLocale: requestLocale(request),
        client: clientOf(request),
      });
      signIn(reply, tokens);
      return { user };
    },
  );

  app.post(
    '/logout',
    { schema: { summary: 'End this session', tags, response: { 200: messageResponseSchema, ...refusals } } },
    async (request, reply) => {
      await signOut(contextOf(request), {
        audience: 'user',
        cookies: {
          refreshToken: request.cookies[cookieNames.user.refresh],
          accessToken: request.cookies[cookieNames.user.access],
        },
      });
      clearSessionCookies(reply, 'user', cookiePolicy);
      return { message: sessionMessages.loggedOut };
    },
  );

  app.post(
    '/refreshToken',
    {
      schema: {
        summary: 'Rotate the session cookies',
        tags,
        response: { 200: userResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      try {
        const { user, tokens } = await refreshUserSession(contextOf(request), {
          refreshToken: request.cookies[cookieNames.user.refresh],
          client: clientOf(request),
        });
        signIn(reply, tokens);
        return { user };
      } catch (error) {
        // A refused refresh leaves nothing behind that the browser would keep sending.
        clearSessionCookies(reply, 'user', cookiePolicy);
        throw error;
      }
    },
  );

  app.post(
    '/forgot-password',
    {
      config: limit(authRateLimits.forgotPassword, (request) =>
        authRateLimits.forgotPassword.key(emailOf(request)),
      ),
      schema: {
        summary: 'Mail a password reset link (same answer for every e-mail)',
        tags,
        body: emailBodySchema,
        response: { 200: messageResponseSchema, ...refusals },
      },
    },
    async (request) => requestPasswordReset(contextOf(request), request.body.email, requestLocale(request)),
  );

  app.post(
    '/reset-password',
    {
      schema: {
        summary: 'Set a new password with a mailed link; ends every session',
        tags,
        body: resetPasswordBodySchema,
        response: { 200: messageResponseSchema, ...refusals },
      },
    },
    async (request) => resetPassword(contextOf(request), request.body),
  );

  app.get(
    '/session',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'The signed-in user',
        tags,
        response: { 200: userResponseSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request) => ({
      user: await currentUser(contextOf(request), userOf(request).id),
    }),
  );
};
