import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of @node-rs/argon2: its enum is a const enum, which isolated modules cannot import. */
const ARGON2ID = 2;

/**
 * argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane): about 30 ms here, slow enough to make
 * guessing expensive and fast enough for a sign-in.
 */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a hash that is not an argon2 hash at all: never throws on bad data. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** The hash a sign-in without an account is checked against: made once, with the same parameters as every user's. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('dummy-password-that-no-one-has-1');
  return dummyHash;
}

/**
 * Spends the time of one real check when there is no account (or no password) to check against, so the
 * answer to a wrong e-mail takes as long as the answer to a wrong password (no enumeration by timing).
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(await dummyPasswordHash(), password);
  return false;
}
