import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { errorMessages } from '@skillroute/shared/errors';
import { cookieNames } from '../lib/cookies';
import { AppError } from '../lib/errors';
import type { LiveAdminSession, LiveUserSession } from '../context/ports';
import { findLiveAdminSession, findLiveUserSession, readUserClaims } from '../sessions/service';

/** The signed-in user as routes see it; read fresh from the database on every request. */
export type AuthUser = LiveUserSession;
export type AuthAdmin = LiveAdminSession;

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: 401 unless a live user session signs the request; sets `request.user`. */
    requireUser: preHandlerAsyncHookHandler;
    /** preHandler: 401 unless a live admin session signs the request; sets `request.admin`. */
    requireAdmin: preHandlerAsyncHookHandler;
    /**
     * preHandler of routes open to everyone that show more to some (a draft to its author or an admin):
     * sets `request.user` and `request.admin` from whichever live sessions sign the request, and never refuses.
     */
    identify: preHandlerAsyncHookHandler;
    /**
     * preHandler of public reads that show one reader more than anyone (a mentor their own e-mail): `identify`'s
     * `request.user`, but asked of the database only when the access token is signed for the user `subjectOf`
     * names; anyone else reads what everyone reads, and no statement is sent for them.
     */
    identifyIfTokenFor(
      subjectOf: (request: FastifyRequest) => string | undefined,
    ): preHandlerAsyncHookHandler;
    /**
     * preHandler of public reads that only leave their reader out (the listing): sets `request.reader` from the
     * access token's signed claims, without asking whether its session is still live.
     */
    readToken: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    admin: AuthAdmin | null;
    /**
     * Set by `identify`: a user access cookie came with the request but no longer proves a live session
     * (expired, revoked, tampered). A route may answer 401 then, so the client refreshes and asks again,
     * instead of treating a signed-in person whose token just lapsed as a stranger.
     */
    userSessionLapsed: boolean;
    /**
     * Set by `readToken`: whom a valid access token names, and their role when it was signed (a refresh, at most
     * 15 minutes later, signs the current one). Not proof of a live session: never show it anything private.
     */
    reader: TokenReader | null;
  }
}

export type TokenReader = Pick<LiveUserSession, 'id' | 'role'>;

export interface AuthOptions {
  jwtSecret: string;
  adminJwtSecret: string;
}

/** The user of a route guarded by `requireUser`. */
export function userOf(request: FastifyRequest): AuthUser {
  if (request.user === null) throw new AppError('unauthorized', errorMessages.unauthorized);
  return request.user;
}

/** The admin of a route guarded by `requireAdmin`. */
export function adminOf(request: FastifyRequest): AuthAdmin {
  if (request.admin === null) throw new AppError('unauthorized', errorMessages.unauthorized);
  return request.admin;
}

/**
 * Authentication by cookie. A valid signature is not enough: the session row must still be live (not
 * revoked, not expired) and a user must not be blocked, so logout, a password reset or a block take effect
 * on the next request. One indexed query per request that must know who asks, and nothing cached. Public reads
 * ask only when the answer would show the reader something of their own (`identifyIfTokenFor`), or read the
 * token's claims alone when they only leave the reader out (`readToken`).
 */
export const auth = fp(
  async function auth(app: FastifyInstance, options: AuthOptions) {
    app.decorateRequest('user', null);
    app.decorateRequest('admin', null);
    app.decorateRequest('userSessionLapsed', false);
    app.decorateRequest('reader', null);

    const findUser = (token: string | undefined) =>
      findLiveUserSession(app.db, options.jwtSecret, token, app.clock.now());
    const findAdmin = (token: string | undefined) =>
      findLiveAdminSession(app.db, options.adminJwtSecret, token, app.clock.now());

    app.decorate('requireUser', async function requireUser(request: FastifyRequest) {
      const user = await findUser(request.cookies[cookieNames.user.access]);
      if (user === undefined) throw new AppError('unauthorized', errorMessages.unauthorized);
      request.user = user;
    });

    app.decorate('requireAdmin', async function requireAdmin(request: FastifyRequest) {
      const admin = await findAdmin(request.cookies[cookieNames.admin.access]);
      if (admin === undefined) throw new AppError('unauthorized', errorMessages.unauthorized);
      request.admin = admin;
    });

    app.decorate('identify', async function identify(request: FastifyRequest) {
      const userToken = request.cookies[cookieNames.user.access];
      const adminToken = request.cookies[cookieNames.admin.access];
      const [user, admin] = await Promise.all([findUser(userToken), findAdmin(adminToken)]);
      request.user = user ?? null;
      request.admin = admin ?? null;
      request.userSessionLapsed = user === undefined && userToken !== undefined && userToken !== '';
    });

    const readClaims = (request: FastifyRequest) =>
      readUserClaims(options.jwtSecret, request.cookies[cookieNames.user.access], app.clock.now());

    app.decorate('identifyIfTokenFor', function identifyIfTokenFor(subjectOf) {
      return async function identifyTheSubject(request: FastifyRequest) {
        const claims = await readClaims(request);
        if (claims === undefined || claims.sub !== subjectOf(request)) return;
        request.user = (await findUser(request.cookies[cookieNames.user.access])) ?? null;
      };
    });

    app.decorate('readToken', async function readToken(request: FastifyRequest) {
      const claims = await readClaims(request);
      request.reader =
        claims === undefined ? null : { id: claims.sub, role: claims.role === 'mentor' ? 'mentor' : 'user' };
    });
  },
  { name: 'auth', dependencies: ['database', 'clock', '@fastify/cookie'] },
);
