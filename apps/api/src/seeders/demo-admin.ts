import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { passwordSchema } from '@skillroute/shared/auth';
import { admins } from '../db/schema';
import type { Seeder } from '../db/seed';
import { hashPassword } from '../lib/passwords';

export const DEMO_ADMIN_EMAIL = 'admin@skillroute.dev';
const DEMO_ADMIN_NAME = 'Admin';
const CREDENTIALS_FILE = 'demo-admin.json';

const credentialsSchema = z.object({ email: z.string(), password: z.string().min(1) });
export type DemoAdminCredentials = z.infer<typeof credentialsSchema>;

const fileOf = (dataDir: string) => path.join(dataDir, CREDENTIALS_FILE);

/** The demo admin's credentials as seeded into this DATA_DIR's database, or undefined when there are none. */
export function readDemoAdminCredentials(dataDir: string): DemoAdminCredentials | undefined {
  try {
    const parsed = credentialsSchema.safeParse(JSON.parse(readFileSync(fileOf(dataDir), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A random password that also passes the sign-up rule (a letter and a digit), so it looks like any other. */
function generatePassword(): string {
  for (;;) {
    const candidate = randomBytes(12).toString('base64url');
    if (passwordSchema.safeParse(candidate).success) return candidate;
  }
}

/** Generated once per data folder (beside secrets.json, owner-only) and reused, so every start prints the same. */
function readOrCreateDemoAdminCredentials(dataDir: string): DemoAdminCredentials {
  const stored = readDemoAdminCredentials(dataDir);
  if (stored !== undefined) return stored;
  const credentials = { email: DEMO_ADMIN_EMAIL, password: generatePassword() };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(fileOf(dataDir), `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  return credentials;
}

/** The printed credentials would be wrong once the demo admin's password is set some other way. */
export function forgetDemoAdminCredentials(dataDir: string): void {
  rmSync(fileOf(dataDir), { force: true });
}

/**
 * The demo admin (admin@skillroute.dev) with a password generated once into DATA_DIR/demo-admin.json.
 * `dataDir` is asked for when the seeder runs, not when it is built, so building the list reads no files.
 */
export function createDemoAdminSeeder(dataDir: () => string): Seeder {
  return {
    name: 'demo-admin',
    async run(tx) {
      const folder = dataDir();
      const credentials = readOrCreateDemoAdminCredentials(folder);
      const inserted = await tx
        .insert(admins)
        .values({
          email: credentials.email,
          name: DEMO_ADMIN_NAME,
          passwordHash: await hashPassword(credentials.password),
        })
        .onConflictDoNothing()
        .returning({ id: admins.id });
      // Someone made this admin already (admin:create) with a password of their own: print nothing false.
      if (inserted.length === 0) forgetDemoAdminCredentials(folder);
    },
  };
}

/**
 * The line `npm start` prints when demo data is on: "Demo admin: admin@skillroute.dev / <password> (sign in
 * at PUBLIC_URL/admin/login)"; undefined when demo data is off or no demo admin was seeded here.
 */
export function demoAdminLine(config: {
  seedDemo: boolean;
  dataDir: string;
  publicUrl: string;
}): string | undefined {
  if (!config.seedDemo) return undefined;
  const credentials = readDemoAdminCredentials(config.dataDir);
  if (credentials === undefined) return undefined;
  return `Demo admin: ${credentials.email} / ${credentials.password} (sign in at ${config.publicUrl}/admin/login)`;
}
