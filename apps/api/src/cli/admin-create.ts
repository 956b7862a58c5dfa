// `npm run admin:create -- --email E --password P [--name N]`: creates an admin, or gives an existing one
// (same e-mail) a new password and name. Works on DATABASE_URL, or on the embedded PostgreSQL in DATA_DIR
// exactly as `npm start` runs it (which must not be running on the same DATA_DIR at the same time).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PASSWORD_MIN } from '@skillroute/shared/auth';
import { ConfigError, loadConfig } from '../config';
import { DataDirError } from '../data-dir';
import { createDatabase, createPool } from '../db/client';
import { startEmbeddedPostgres, type RunningPostgres } from '../db/embedded-postgres';
import { migrateDatabase } from '../db/migrate';
import { adminAccountSchema, createOrUpdateAdmin } from '../modules/admin/service';
import { DEMO_ADMIN_EMAIL, forgetDemoAdminCredentials } from '../seeders/demo-admin';

const usage = `Usage: npm run admin:create -- --email admin@example.org --password <${PASSWORD_MIN}+ characters with a letter and a digit> [--name Admin]`;

function fail(message: string, exitCode = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(exitCode);
}

/** The command line, checked with the same rules as sign-up; exits with a readable message otherwise. */
function readInput() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${usage}`, 2);
  }
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  if (values.email === undefined || values.password === undefined)
    fail(`Both --email and --password are needed.\n${usage}`, 2);
  const parsed = adminAccountSchema.safeParse({
    email: values.email,
    password: values.password,
    name: values.name,
  });
  if (!parsed.success) {
    fail(
      `The admin was not saved:\n${parsed.error.issues.map((issue) => `  --${issue.path.join('.')}: ${issue.message}`).join('\n')}`,
      2,
    );
  }
  return parsed.data;
}

// Embedded PostgreSQL talks a lot at debug level; only what needs a person's attention is shown.
const quietLogger = {
  debug() {},
  info() {},
  warn: (_details: object, message: string) => process.stderr.write(`${message}\n`),
};

async function main(): Promise<void> {
  const input = readInput();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(`The configuration is not valid.\n${error.message}`);
    if (error instanceof DataDirError) fail(error.message);
    throw error;
  }

  let postgres: RunningPostgres | undefined;
  let databaseUrl = config.databaseUrl;
  if (databaseUrl === undefined) {
    postgres = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'), quietLogger);
    databaseUrl = postgres.connectionString;
  }
  const pool = createPool(databaseUrl, quietLogger, 1);
  try {
    await migrateDatabase(databaseUrl);
    const { admin, created } = await createOrUpdateAdmin(createDatabase(pool), input);
    // `npm start` would otherwise keep printing the demo admin's old, now wrong, password.
    if (admin.email === DEMO_ADMIN_EMAIL) forgetDemoAdminCredentials(config.dataDir);
    process.stdout.write(
      created
        ? `Admin created: ${admin.email} (${admin.name}). Sign in at ${config.publicUrl}/admin/login\n`
        : `Admin updated: ${admin.email} (${admin.name}) has the new password. Sign in at ${config.publicUrl}/admin/login\n`,
    );
  } finally {
    await pool.end();
    await postgres?.stop();
  }
}

main().catch((error: unknown) =>
  fail(`Could not save the admin: ${error instanceof Error ? error.message : String(error)}`),
);
