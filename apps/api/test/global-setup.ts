import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type RunningPostgres } from '../src/db/embedded-postgres';
import { migrateDatabase } from '../src/db/migrate';
import { quoteIdentifier, runOnServer, uniqueDatabaseName, withDatabase } from './database-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the test PostgreSQL server (its `postgres` database). */
    testServerUrl: string;
    /** The migrated database each test file clones. */
    templateDatabase: string;
  }
}

const quietLogger = {
  debug() {},
  info() {},
  warn: (details: object, message: string) => console.warn(message, details),
};

/**
 * Starts one PostgreSQL for the whole run (embedded in a temp folder, or the server of DATABASE_URL)
 * and migrates a template database once.
 */
export default async function setup(project: TestProject) {
  let postgres: RunningPostgres | undefined;
  let folder: string | undefined;
  let serverUrl = process.env.DATABASE_URL;
  if (serverUrl === undefined) {
    folder = mkdtempSync(path.join(tmpdir(), 'skillroute-test-pg-'));
    postgres = await startEmbeddedPostgres(path.join(folder, 'postgres'), quietLogger);
    serverUrl = postgres.connectionString;
  }
  const templateDatabase = uniqueDatabaseName('skillroute_template');
  await runOnServer(serverUrl, `CREATE DATABASE ${quoteIdentifier(templateDatabase)}`);
  await migrateDatabase(withDatabase(serverUrl, templateDatabase));

  project.provide('testServerUrl', serverUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    if (postgres) await postgres.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
    // On a shared server, leave nothing behind: the template and every per-file clone of this run.
    if (postgres === undefined && serverUrl !== undefined) {
      await runOnServer(
        serverUrl,
        `DROP DATABASE IF EXISTS ${quoteIdentifier(templateDatabase)} WITH (FORCE)`,
      );
    }
  };
}
