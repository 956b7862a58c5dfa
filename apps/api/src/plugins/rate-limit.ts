import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { errorMessages } from '@skillroute/shared/errors';
import { AppError } from '../lib/errors';

export interface RateLimitOptions {
  /** Requests per minute per client IP. */
  max: number;
  /** Shared counters for several replicas; in-process counters without it. */
  redis: Redis | undefined;
  /** Keeps unrelated apps (or test runs) on one Redis from sharing counts. */
  namespace: string;
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
      allowList: (request) => !request.url.startsWith('/api'),
      errorResponseBuilder: (_request, context) => new AppError('too_many_requests', errorMessages.tooManyRequests, [{ message: `Too many requests. Please try again in ${context.after}.` }]),
    });
  },
  { name: 'rate-limits' },
);
