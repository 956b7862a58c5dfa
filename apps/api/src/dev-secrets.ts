import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const secretsFileSchema = z.object({ jwtSecret: z.string().min(32), adminJwtSecret: z.string().min(32) });
export type DevSecrets = z.infer<typeof secretsFileSchema>;

/**
 * Development and test signing secrets: generated once into DATA_DIR/secrets.json and reused, so a
 * restart keeps everyone signed in. Production never comes here (config requires real secrets).
 */
export function readOrCreateDevSecrets(dataDir: string): DevSecrets {
  const file = path.join(dataDir, 'secrets.json');
  try {
    const stored = secretsFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (stored.success) return stored.data;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && !(error instanceof SyntaxError)) throw error;
  }
  const secrets: DevSecrets = {
    jwtSecret: randomBytes(32).toString('hex'),
    adminJwtSecret: randomBytes(32).toString('hex'),
  };
  mkdirSync(dataDir, { recursive: true });
  // Owner-only: the file holds what signs every session of this installation.
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}
