import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FileStore } from '../adapters/files/file-store';
import type { PaymentProvider } from '../adapters/payments/payment-provider';
import type { ServiceSettings } from '../context/ports';
import type { UnitOfWork } from '../context/unit-of-work';
import {
  createServiceContext,
  withLogger,
  withWorkPrelude,
  type AdminContext,
  type ServiceContext,
  type UserContext,
} from '../context/service-context';
import type { ClientInfo } from '../sessions/repository';
import { adminOf, userOf } from './auth';

declare module 'fastify' {
  interface FastifyInstance {
    /** The service context of the app itself (jobs, seeders); routes take theirs from the request. */
    services: ServiceContext;
  }
  interface FastifyRequest {
    /** Runs first in each unit of work of this request's services (an idempotency key's claim). */
    workPrelude?: (uow: UnitOfWork) => Promise<void>;
  }
}

/** Builds the one service context every module receives, once the parts it is made of are registered. */
export const services = fp(
  async function services(
    app: FastifyInstance,
    options: { payments: PaymentProvider; files: FileStore; settings: ServiceSettings },
  ) {
    app.decorate(
      'services',
      createServiceContext({
        db: app.db,
        pool: app.pool,
        jobs: app.jobs,
        notifier: app.notifications,
        sockets: app.realtime,
        roadmapCache: app.roadmapCache,
        mentorListingCache: app.mentorListingCache,
        payments: options.payments,
        files: options.files,
        clock: app.clock,
        log: app.log,
        settings: options.settings,
      }),
    );
  },
  { name: 'services', dependencies: ['database', 'jobs', 'realtime', 'clock', 'roadmap-read-cache'] },
);

/** The context of a request: the app's, reporting through the request's logger (it carries the request id). */
export function contextOf(request: FastifyRequest): ServiceContext {
  const ctx = withLogger(request.server.services, request.log);
  return request.workPrelude === undefined ? ctx : withWorkPrelude(ctx, request.workPrelude);
}

/** Where a sign-in comes from, kept with its session so sessions can be told apart. */
export function clientOf(request: FastifyRequest): ClientInfo {
  return { userAgent: request.headers['user-agent'], ip: request.ip };
}

/** The context of a route guarded by `requireUser`, with the acting user. */
export function userContextOf(request: FastifyRequest): UserContext {
  return { ...contextOf(request), user: userOf(request) };
}

/** The context of a route guarded by `requireAdmin`, with the acting admin. */
export function adminContextOf(request: FastifyRequest): AdminContext {
  return { ...contextOf(request), admin: adminOf(request) };
}
