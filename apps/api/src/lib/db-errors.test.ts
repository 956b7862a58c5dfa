import { describe, expect, it } from 'vitest';
import { isForeignKeyViolation, isUniqueViolation } from './db-errors';

describe('isUniqueViolation', () => {
  it('finds the SQLSTATE on the error or on its cause, and matches the constraint when named', () => {
    const driverError = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'stacks_name_unique' });
    expect(isUniqueViolation(driverError)).toBe(true);
    expect(isUniqueViolation(new Error('wrapped', { cause: driverError }), 'stacks_name_unique')).toBe(true);
    expect(isUniqueViolation(new Error('wrapped', { cause: driverError }), 'other')).toBe(false);
  });

  it('tells a foreign key violation apart', () => {
    const driverError = Object.assign(new Error('still referenced'), { code: '23503', constraint: 'assessment_tests_stack_id_stacks_id_fk' });
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
