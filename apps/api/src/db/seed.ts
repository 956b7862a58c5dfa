import { sql } from 'drizzle-orm';
import type { Database, Transaction } from './client';
import { seedRuns } from './schema';

/** Demo data of one feature. `run` is called at most once per database, inside a transaction. */
export interface Seeder {
  name: string;
  run(tx: Transaction): Promise<void>;
}

const SEED_LOCK_KEY = 7_310_452_002;

/**
 * Runs each seeder that has not run on this database yet, and records it in `seed_runs` in the same
 * transaction: a second start, or a second replica, inserts nothing twice.
 * Returns the names of the seeders that ran now.
 */
export async function runSeeders(db: Database, seeders: readonly Seeder[]): Promise<string[]> {
  const ran: string[] = [];
  for (const seeder of seeders) {
    const didRun = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      const inserted = await tx
        .insert(seedRuns)
        .values({ name: seeder.name })
        .onConflictDoNothing()
        .returning({ name: seedRuns.name });
      if (inserted.length === 0) return false;
      await seeder.run(tx);
      return true;
    });
    if (didRun) ran.push(seeder.name);
  }
  return ran;
}
