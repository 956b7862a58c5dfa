import type pg from 'pg';
import type { FileStore } from '../adapters/files/file-store';
import type { PaymentProvider } from '../adapters/payments/payment-provider';
import type { Database } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import type {
  Clock,
  ListingCache,
  LiveAdminSession,
  LiveUserSession,
  Notifier,
  RoadmapCache,
  ServiceLogger,
  ServiceSettings,
  Sockets,
} from './ports';
import { runUnitOfWork, type UnitOfWork } from './unit-of-work';

export const systemClock: Clock = { now: () => new Date() };

/**
 * What every module's service receives, the same way everywhere: the database, the job queue, the notifier,
 * the sockets, the two caches, the payment provider, the clock, the logger and the settings, plus the acting
 * user or admin where there is one (`UserContext`, `AdminContext`). Routes build it from the request; jobs
 * and seeders from the app. Each part is a port of ports.ts, so context/ knows no module.
 */
export interface ServiceContext {
  readonly db: Database;
  readonly jobs: JobQueue;
  readonly notifier: Notifier;
  /** Ending a session also drops its live sockets; cancelling a booking closes its meeting room. */
  readonly sockets: Sockets;
  /** Published roadmaps as readers get them; a change forgets its roadmap after the commit (`uow.afterCommit`). */
  readonly roadmapCache: RoadmapCache;
  /**
   * Pages of the mentor listing and mentors' free slots as sent: a change to a profile drops them all (`forgetAll`),
   * a booking those that show its people's time (`forgetTimeOf`, through bookings/time.ts `timeChanged`).
   */
  readonly mentorListingCache: ListingCache;
  /** Whoever takes the money (PAYMENT_PROVIDER): the sandbox, Razorpay or Stripe. */
  readonly payments: PaymentProvider;
  /** Where uploaded files (avatars) are kept (FILE_STORAGE): the disk or an S3 bucket. */
  readonly files: FileStore;
  readonly clock: Clock;
  readonly log: ServiceLogger;
  /** The configuration services read (links in mails, the mail sender, token secrets, the rooms' ICE). */
  readonly settings: ServiceSettings;
  /**
   * Rows, jobs and notifications in one transaction; socket events after the commit. It reports through the
   * `log` of the context it is called on (`ctx.unitOfWork(...)`), so a request's context logs with its id.
   */
  unitOfWork<T>(this: ServiceContext, work: (uow: UnitOfWork) => Promise<T>): Promise<T>;
}

export interface UserContext extends ServiceContext {
  readonly user: LiveUserSession;
}

export interface AdminContext extends ServiceContext {
  readonly admin: LiveAdminSession;
}

/**
 * A context inside a unit of work that someone else opened: a step of a larger change (a payment event
 * confirming its booking, an admin's block cancelling sessions) writes through `uow` and commits with it.
 */
export interface WorkContext extends ServiceContext {
  readonly uow: UnitOfWork;
}

/** `ctx` inside the unit of work `uow`, for the steps that take a `WorkContext`. */
export function within<C extends ServiceContext>(ctx: C, uow: UnitOfWork): C & WorkContext {
  return { ...ctx, uow };
}

export interface ServiceContextParts {
  db: Database;
  pool: pg.Pool;
  jobs: JobQueue;
  notifier: Notifier;
  sockets: Sockets;
  roadmapCache: RoadmapCache;
  mentorListingCache: ListingCache;
  payments: PaymentProvider;
  files: FileStore;
  clock: Clock;
  log: ServiceLogger;
  settings: ServiceSettings;
}

export function createServiceContext(parts: ServiceContextParts): ServiceContext {
  const { pool, ...rest } = parts;
  return {
    ...rest,
    // A method reading `this.log`, not a closure over `parts.log`: a copy with another logger (`withLogger`,
    // a user's or admin's context spread from it) then reports through that logger. `this: ServiceContext`
    // in the type makes a detached call (`const { unitOfWork } = ctx`) a compile error.
    unitOfWork(work) {
      return runUnitOfWork({ pool, jobs: parts.jobs, notifier: parts.notifier, log: this.log }, work);
    },
  };
}

/** The same context, reporting through another logger (a request's, which carries its id), its unit of work too. */
export function withLogger<C extends ServiceContext>(ctx: C, log: ServiceLogger): C {
  return { ...ctx, log };
}

/**
 * The same context, whose every unit of work first runs `prelude` in its transaction: a request's
 * idempotency key is written in the same transaction as the change it stands for, so they commit together.
 */
export function withWorkPrelude<C extends ServiceContext>(
  ctx: C,
  prelude: (uow: UnitOfWork) => Promise<void>,
): C {
  const unitOfWork = ctx.unitOfWork;
  return {
    ...ctx,
    unitOfWork(work) {
      return unitOfWork.call(this, async (uow) => {
        await prelude(uow);
        return work(uow);
      });
    },
  };
}
