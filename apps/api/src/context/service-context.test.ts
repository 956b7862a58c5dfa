import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentProvider } from '../adapters/payments/payment-provider';
import type { JobQueue } from '../jobs/queue';
import type { Notifier, ServiceLogger } from './ports';
import { createServiceContext, withLogger } from './service-context';

/** A pool whose one client answers every statement (begin, commit) with nothing. */
function fakePool(): pg.Pool {
  const client = { query: async () => ({ rows: [] }), release() {} };
  return { connect: async () => client } as unknown as pg.Pool;
}

const logger = () => ({
  info: vi.fn<ServiceLogger['info']>(),
  warn: vi.fn<ServiceLogger['warn']>(),
  error: vi.fn<ServiceLogger['error']>(),
});

function context(log: ServiceLogger) {
  return createServiceContext({
    db: {} as never,
    pool: fakePool(),
    jobs: { wake() {}, async writeChanges() {} } as unknown as JobQueue,
    notifier: {} as Notifier,
    sockets: { disconnectSession() {}, disconnectUser() {}, closeRoom() {} },
    roadmapCache: { forget() {}, readRoadmap: vi.fn(), readPublishedList: vi.fn() },
    mentorListingCache: {
      forgetAll() {},
      forgetTimeOf() {},
      read: vi.fn(),
      readAnswer: vi.fn(),
      readValue: vi.fn(),
    },
    payments: {} as PaymentProvider,
    clock: { now: () => new Date() },
    log,
    files: {} as never,
    settings: {} as never,
  });
}

const failingEffect = async ({ afterCommit }: { afterCommit(effect: () => void): void }) => {
  afterCommit(() => {
    throw new Error('the socket was gone');
  });
};

describe('the unit of work of a context', () => {
  it('reports a failed after-commit effect through the logger of the context it is called on', async () => {
    const appLog = logger();
    const requestLog = logger();
    const app = context(appLog);

    await withLogger(app, requestLog).unitOfWork(failingEffect);
    // A user's or admin's context is spread from the request's, and keeps its logger.
    const userContext = { ...withLogger(app, requestLog), user: { id: 'u' } };
    await userContext.unitOfWork(failingEffect);

    expect(requestLog.warn).toHaveBeenCalledTimes(2);
    expect(requestLog.warn).toHaveBeenCalledWith(
      { err: expect.any(Error) },
      'a change was committed but what should follow it failed',
    );
    expect(appLog.warn).not.toHaveBeenCalled();

    await app.unitOfWork(failingEffect);
    expect(appLog.warn).toHaveBeenCalledTimes(1);
  });
});
