import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serializeError, withoutUserInput } from './log-redaction';

const pgError = (message: string, fields: Record<string, string>) =>
  Object.assign(new Error(message), fields);

describe('serializeError', () => {
  it("keeps a failed query's text and SQLSTATE but none of its parameters, wherever they appear", () => {
    const cause = pgError('duplicate key value violates unique constraint "users_email_unique"', {
      code: '23505',
      detail: 'Key (email)=(asha@example.com) already exists.',
      constraint: 'users_email_unique',
    });
    const error = new DrizzleQueryError(
      'insert into users (email, password_hash) values ($1, $2)',
      ['asha@example.com', 'hash-of-secret'],
      cause,
    );
    const text = JSON.stringify(serializeError(error));
    expect(text).not.toContain('asha@example.com');
    expect(text).not.toContain('hash-of-secret');
    expect(text).toContain('insert into users (email, password_hash) values ($1, $2)');
    expect(text).toContain('users_email_unique');
    expect(text).toContain('"code":"23505"');
  });

  it('cuts the refused value out of a data exception', () => {
    const error = pgError('invalid input syntax for type uuid: "my secret"', { code: '22P02' });
    expect((withoutUserInput(error) as Error).message).toBe('invalid input syntax for type uuid: [redacted]');
  });

  it('leaves other errors as they were, and does not change the error it was given', () => {
    const error = new Error('something of ours broke');
    expect(JSON.stringify(serializeError(error))).toContain('something of ours broke');
    const original = new DrizzleQueryError('select $1', ['x'], undefined);
    serializeError(original);
    expect(original.params).toEqual(['x']);
  });
});
