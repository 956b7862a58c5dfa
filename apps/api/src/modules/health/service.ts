import type pg from 'pg';
import type { HealthResponse } from '@skillroute/shared/health';
import type { ServiceLogger } from '../../context/ports';
import { pingDatabase } from '../../db/client';
import { probeWritableFolder, whyNotWritable } from '../../lib/writable-folder';

/** Short, so a load balancer's probe gets an answer even when the database hangs. */
export const DATABASE_CHECK_TIMEOUT_MS = 2000;
/** A write that takes longer than this (a hung network disk) counts as a failed one. */
export const STORAGE_CHECK_TIMEOUT_MS = 2000;
/** How long a storage answer is reused: probes arrive every few seconds, and each write costs a little. */
export const STORAGE_CHECK_CACHE_MS = 2000;
export const databaseDownMessage = 'The database is unreachable.';
export const storageUnwritableMessage = 'The data folder cannot be written, so uploads fail.';
export const drainingMessage = 'This api process is shutting down; send requests to another one.';

type DatabaseState = HealthResponse['db'];
export type StorageState = HealthResponse['storage'];

const pingsOnTheWay = new WeakMap<pg.Pool, Promise<DatabaseState>>();

/**
 * Whether the database answers in time. Probes that arrive while a ping is on its way share it, so a burst
 * of them costs one round trip, not one each; an answer is never older than that round trip, and a probe
 * after an outage began sends a ping of its own.
 */
export function checkDatabase(
  pool: pg.Pool,
  onDatabaseError: (error: unknown) => void,
): Promise<DatabaseState> {
  const onTheWay = pingsOnTheWay.get(pool);
  if (onTheWay !== undefined) return onTheWay;
  const ping = pingDatabase(pool, DATABASE_CHECK_TIMEOUT_MS).then(
    (): DatabaseState => 'ok',
    (error: unknown): DatabaseState => {
      onDatabaseError(error);
      return 'down';
    },
  );
  pingsOnTheWay.set(pool, ping);
  void ping.finally(() => pingsOnTheWay.delete(pool));
  return ping;
}

/** What the health answer says, from its parts; a process on its way out says so whatever they say. */
export function healthOf(db: DatabaseState, storage: StorageState, draining: boolean): HealthResponse {
  const status = draining ? 'draining' : db === 'ok' && storage === 'ok' ? 'ok' : 'degraded';
  return { status, db, storage };
}

export interface StorageCheck {
  /** Whether every folder takes a file: a cached answer when fresh, else one shared write probe. */
  (): Promise<StorageState>;
}

/**
 * Whether the api can still write its files (DATA_DIR, the uploads folder), found by writing a small file
 * into each: only a write notices a read-only remount or a full disk. The answer is kept for
 * STORAGE_CHECK_CACHE_MS, so frequent probes cost one write now and then; a change is logged once. A write
 * that hangs answers "unwritable" after STORAGE_CHECK_TIMEOUT_MS, and no other starts until it ends.
 */
export function createStorageCheck(folders: string[], log: ServiceLogger): StorageCheck {
  let last: { state: StorageState; at: number } | undefined;
  let answering: Promise<StorageState> | undefined;
  let writing: Promise<{ folder: string; error: unknown } | undefined> | undefined;

  async function writeIntoEach() {
    for (const folder of folders) {
      try {
        await probeWritableFolder(folder);
      } catch (error) {
        return { folder, error };
      }
    }
    return undefined;
  }

  async function answer(): Promise<StorageState> {
    writing ??= writeIntoEach().finally(() => (writing = undefined));
    const failure = await withTimeout(writing, STORAGE_CHECK_TIMEOUT_MS).catch((error: unknown) => ({
      folder: folders.join(', '),
      error,
    }));
    if (failure !== undefined) {
      if (last?.state !== 'unwritable')
        log.warn(
          {
            err: failure.error,
            folder: failure.folder,
            reason: whyNotWritable(failure.folder, failure.error),
          },
          'health check: the data folder cannot be written; uploads will fail',
        );
      return 'unwritable';
    }
    if (last?.state === 'unwritable')
      log.info({ folders }, 'health check: the data folder is writable again');
    return 'ok';
  }

  return function checkStorage() {
    if (last !== undefined && Date.now() - last.at < STORAGE_CHECK_CACHE_MS)
      return Promise.resolve(last.state);
    answering ??= answer().then((state) => {
      last = { state, at: Date.now() };
      answering = undefined;
      return state;
    });
    return answering;
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no write finished within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
