import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import { msg } from '@skillroute/shared/i18n/msg';

export const VITE_DEV_PORT = 5173;
export const foreignOriginMessage = msg('This request came from another site, so it was refused.');

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface OriginRule {
  publicUrl: string;
  port: number;
  nodeEnv: 'development' | 'production' | 'test';
}

/**
 * The origins a browser may send state-changing requests from: PUBLIC_URL, and in development also
 * this port on localhost and 127.0.0.1 and the Vite dev server, so opening http://127.0.0.1:3000
 * does not lock a newcomer out.
 */
export function allowedOrigins(rule: OriginRule): Set<string> {
  const origins = new Set([new URL(rule.publicUrl).origin]);
  if (rule.nodeEnv === 'development') {
    for (const host of ['localhost', '127.0.0.1']) {
      origins.add(`http://${host}:${rule.port}`);
      origins.add(`http://${host}:${VITE_DEV_PORT}`);
    }
  }
  return origins;
}

/** Whether a request may go on: no Origin header (curl, server-to-server) or a listed one. */
export function isOriginAllowed(method: string, origin: string | undefined, allowed: Set<string>): boolean {
  if (!stateChangingMethods.has(method.toUpperCase())) return true;
  if (origin === undefined) return true;
  // "null" (sandboxed frames, some redirects) and malformed values never match a listed origin.
  if (!URL.canParse(origin)) return false;
  return allowed.has(new URL(origin).origin);
}

/** Refuses cross-site state changes (CSRF) before the body is even read. */
export const originCheck = fp(
  async function originCheck(app: FastifyInstance, rule: OriginRule) {
    const allowed = allowedOrigins(rule);
    app.addHook('onRequest', async (request) => {
      if (!isOriginAllowed(request.method, request.headers.origin, allowed)) {
        request.log.warn(
          { origin: request.headers.origin, method: request.method, url: request.url },
          'foreign origin refused',
        );
        throw new AppError('forbidden', foreignOriginMessage);
      }
    });
  },
  { name: 'origin-check' },
);
