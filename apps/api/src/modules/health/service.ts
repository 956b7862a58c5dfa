import type pg from 'pg';
import type { HealthResponse } from '@skillroute/shared/health';
import { pingDatabase } from '../../db/client';

/** Short, so a load balancer's probe gets an answer even when the database hangs. */
export const DATABASE_CHECK_TIMEOUT_MS = 2000;
export const databaseDownMessage = 'The database is unreachable.';
export const drainingMessage = 'This api process is shutting down; send requests to another one.';

const pingsOnTheWay = new WeakMap<pg.Pool, Promise<HealthResponse>>();

/**
 * Whether the api can serve requests: today that is whether its database answers in time. Probes that
 * arrive while a ping is on its way share it, so a burst of them costs one round trip, not one each; an
 * answer is never older than that round trip, and a probe after an outage began sends a ping of its own.
 */
export function checkHealth(
  pool: pg.Pool,
  onDatabaseError: (error: unknown) => void,
): Promise<HealthResponse> {
  const onTheWay = pingsOnTheWay.get(pool);
  if (onTheWay !== undefined) return onTheWay;
  const ping = pingDatabase(pool, DATABASE_CHECK_TIMEOUT_MS).then(
    (): HealthResponse => ({ status: 'ok', db: 'ok' }),
    (error: unknown): HealthResponse => {
      onDatabaseError(error);
      return { status: 'degraded', db: 'down' };
    },
  );
  pingsOnTheWay.set(pool, ping);
  void ping.finally(() => pingsOnTheWay.delete(pool));
  return ping;
}
