import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import { executorFor, type JobExecutor } from './queue';

/**
 * A transaction whose rows and queued jobs commit or roll back together: a code is never mailed for a row
 * that was rolled back, and a committed row never lacks its mail. Drizzle and pg-boss share one client.
 */
export async function withJobTransaction<T>(pool: pg.Pool, work: (tx: Database, jobs: JobExecutor) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    // A Drizzle handle on this one client: the same queries as the pool's, inside this transaction.
    const tx = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Database;
    const result = await work(tx, executorFor(client));
    await client.query('commit');
    client.release();
    return result;
  } catch (error) {
    // A client whose rollback failed is in an unknown state: destroy it rather than return it to the pool.
    const rolledBack = await client.query('rollback').then(
      () => true,
      () => false,
    );
    client.release(rolledBack ? undefined : true);
    throw error;
  }
}
