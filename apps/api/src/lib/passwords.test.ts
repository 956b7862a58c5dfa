import { describe, expect, it } from 'vitest';
import { dummyPasswordHash, hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';

describe('passwords', () => {
  it('are hashed with argon2id, salted, and verified', async () => {
    const first = await hashPassword('correct horse 1');
    expect(first).toMatch(/^\$argon2id\$/);
    expect(await hashPassword('correct horse 1')).not.toBe(first);
    expect(await verifyPassword(first, 'correct horse 1')).toBe(true);
    expect(await verifyPassword(first, 'correct horse 2')).toBe(false);
  });

  it('are refused, without throwing, against a hash that is not argon2', async () => {
    expect(await verifyPassword('not-a-hash', 'anything1')).toBe(false);
    expect(await verifyPassword('', 'anything1')).toBe(false);
  });

  it("refuse with no account after the work of a real check: the dummy hash has a user hash's parameters", async () => {
    // Equal argon2 parameters mean equal work, so a missing account is not given away by a faster answer.
    // (How long the two answers take side by side is measured in a benchmark, never asserted in a test.)
    const parameters = (encoded: string) => encoded.split('$').slice(1, 4).join('$');
    const real = await hashPassword('correct horse 1');
    const dummy = await dummyPasswordHash();
    expect(parameters(real)).toMatch(/^argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/);
    expect(parameters(dummy)).toBe(parameters(real));
    expect(await verifyAgainstDummy('dummy-password-that-no-one-has-1')).toBe(false);
    expect(await verifyAgainstDummy('x')).toBe(false);
  });
});
