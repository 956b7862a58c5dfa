// The one barrel the project allows (STYLE.md forbids the others): Drizzle needs every table, enum and
// relation in one schema object, which `import * as schema from './schema'` (db/client.ts, jobs/transaction.ts)
// builds from this file, and every caller keeps importing `db/schema` whatever file a table lives in.
// A new domain file is added here, or Drizzle's client and drizzle-kit do not see its tables.
export * from './seed-runs';
export * from './users';
export * from './admins';
export * from './admin-audit';
export * from './sessions';
export * from './mailed-codes';
export * from './notifications';
export * from './roadmaps';
export * from './assessments';
export * from './mentors';
export * from './bookings';
export * from './idempotency';
export * from './ledger';
export * from './payouts';
export * from './receipts';
export * from './learning';
