import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per seeder that has run against this database, so seeding is idempotent: a second start finds
 * the row and inserts nothing again. Features add their own tables in files beside this one.
 */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});
