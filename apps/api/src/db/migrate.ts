import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

// Any fixed number works; it only has to be the same for every replica of this app.
const MIGRATION_LOCK_KEY = 7_310_452_001;

/**
 * Applies the committed drizzle-kit migrations. Several replicas starting at once take turns on an
 * advisory lock, so each migration runs exactly once.
 */
export async function migrateDatabase(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}
