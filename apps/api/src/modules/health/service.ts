import type pg from 'pg';
import type { HealthResponse } from '@skillroute/shared/health';
import { pingDatabase } from '../../db/client';

/** Short, so a load balancer's probe gets an answer even when the database hangs. */
export const DATABASE_CHECK_TIMEOUT_MS = 2000;
export const databaseDownMessage = 'The database is unreachable.';

/** Whether the api can serve requests: today that is whether its database answers in time. */
export async function checkHealth(pool: pg.Pool, onDatabaseError: (error: unknown) => void): Promise<HealthResponse> {
  try {
    await pingDatabase(pool, DATABASE_CHECK_TIMEOUT_MS);
    return { status: 'ok', db: 'ok' };
  } catch (error) {
    onDatabaseError(error);
    return { status: 'degraded', db: 'down' };
  }
}
