import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { dataDirError } from './data-dir';

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
    // A DATA_DIR that is a file, or sits under one, is told as such, not as a stack trace.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && !(error instanceof SyntaxError))
      throw dataDirError(dataDir, error);
  }
  const secrets: DevSecrets = {
    jwtSecret: randomBytes(32).toString('hex'),
    adminJwtSecret: randomBytes(32).toString('hex'),
  };
  try {
    mkdirSync(dataDir, { recursive: true });
    // Owner-only: the file holds what signs every session of this installation.
    writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  } catch (error) {
    throw dataDirError(dataDir, error);
  }
  return secrets;
}
