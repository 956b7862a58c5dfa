import { isIPv4 } from 'node:net';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { errorMessages } from '@skillroute/shared/errors';
import { AppError } from '../lib/errors';
import { msg } from '@skillroute/shared/i18n/msg';
import { waitInWords } from '@skillroute/shared/marketplace-limits';
import { userOf } from './auth';

export interface RateLimitOptions {
  /** Requests per minute per client IP. */
  max: number;
  /** Shared counters for several replicas; in-process counters without it. */
  redis: Redis | undefined;
  /** Keeps unrelated apps (or test runs) on one Redis from sharing counts. */
  namespace: string;
}

const IPV4_MAPPED = '::ffff:';

/**
 * The client a request counts against: what @fastify/rate-limit's own key generator answers (IPv4 as it is,
 * IPv4-mapped IPv6 as IPv4, other IPv6 by its /64), without parsing an IPv6 address for every IPv4 client:
 * a server listening on `::` sees every IPv4 client as `::ffff:a.b.c.d`, and that parse cost more than the
 * rest of the rate limit together.
 */
export function clientKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  if (ip.startsWith(IPV4_MAPPED) && isIPv4(ip.slice(IPV4_MAPPED.length))) return ip.slice(IPV4_MAPPED.length);
  return normalizeIP(ip);
}

/**
 * One budget per client per minute for the API, its 404 answers included. The SPA's files and uploaded
 * images are not counted: one page load fetches several of them, and a reader browsing quickly must not
 * spend the budget their sign-in needs.
 */
export const rateLimits = fp(
  async function rateLimits(app: FastifyInstance, options: RateLimitOptions) {
    await app.register(rateLimit, {
      global: true,
      max: options.max,
      timeWindow: '1 minute',
      redis: options.redis,
      nameSpace: options.namespace,
      // A Redis outage must not take the whole API down with it: requests pass unlimited meanwhile.
      skipOnError: true,
      keyGenerator: (request) => clientKey(request.ip),
      allowList: (request) => !request.url.startsWith('/api'),
      errorResponseBuilder: (_request, context) =>
        new AppError('too_many_requests', errorMessages.tooManyRequests, [
          // The wait in the same words as the marketplace's own limits (and so in the reader's language).
          {
            message: msg('Too many requests. Please try again in {wait}.', {
              wait: waitInWords(context.ttl / 1000),
            }),
          },
        ]),
    });
  },
  { name: 'rate-limits' },
);

/**
 * A route's own limit per signed-in user (after its `requireUser` guard, so many accounts behind one address
 * each keep theirs): `max` requests in `windowMs`, counted under `name`, refused with `message(waitSeconds)`
 * (the shared words of that limit) or, without one, the global limit's words. Goes in the route's `config`.
 */
export function perUserLimit(input: {
  name: string;
  max: number;
  windowMs: number;
  message?: (waitSeconds: number) => string;
}) {
  const { name, max, windowMs, message } = input;
  return {
    rateLimit: {
      max,
      timeWindow: windowMs,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `${name}:${userOf(request).id}`,
      ...(message === undefined
        ? {}
        : {
            errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
              new AppError('too_many_requests', message(context.ttl / 1000)),
          }),
    },
  };
}
