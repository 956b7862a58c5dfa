import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isForeignKeyViolation, isUniqueViolation } from './db-errors';

describe('isUniqueViolation', () => {
  it('finds the SQLSTATE on the error or on its cause, and matches the constraint when named', () => {
    const driverError = Object.assign(new Error('duplicate key'), {
      code: '23505',
      constraint: 'stacks_name_unique',
    });
    expect(isUniqueViolation(driverError)).toBe(true);
    expect(isUniqueViolation(new Error('wrapped', { cause: driverError }), 'stacks_name_unique')).toBe(true);
    expect(isUniqueViolation(new Error('wrapped', { cause: driverError }), 'other')).toBe(false);
  });

  it('tells a foreign key violation apart', () => {
    const driverError = Object.assign(new Error('still referenced'), {
      code: '23503',
      constraint: 'assessment_tests_stack_id_stacks_id_fk',
    });
    expect(isForeignKeyViolation(new Error('wrapped', { cause: driverError }))).toBe(true);
    expect(isUniqueViolation(driverError)).toBe(false);
    expect(isForeignKeyViolation(Object.assign(new Error('restrict'), { code: '23001' }))).toBe(true);
  });

  it('is false for other errors', () => {
    expect(isUniqueViolation(Object.assign(new Error('fk'), { code: '23503' }))).toBe(false);
    expect(isUniqueViolation('text')).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});

describe('isDatabaseUnavailable', () => {
  it('recognises a timeout, a lost connection and a server that is shutting down, however wrapped', () => {
    expect(
      isDatabaseUnavailable(
        new Error('Failed query', { cause: new Error('timeout exceeded when trying to connect') }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('Query read timeout'))).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('is false for a query the database refused on its merits', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
