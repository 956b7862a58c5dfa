import { describe, expect, it } from 'vitest';
import { firstErrorMessage } from './errors';

describe('firstErrorMessage', () => {
  it('prefers the first entry of errors', () => {
    expect(
      firstErrorMessage({ message: 'Bad', errors: [{ message: 'Name is short', field: 'name' }] }, 'x'),
    ).toBe('Name is short');
  });
  it('falls back to message when errors is empty', () => {
    expect(firstErrorMessage({ message: 'Conflict', errors: [] }, 'x')).toBe('Conflict');
  });
  it('falls back to the given text for a body that is not an envelope', () => {
    expect(firstErrorMessage('<html>', 'Login failed. Please try again.')).toBe(
      'Login failed. Please try again.',
    );
    expect(firstErrorMessage(undefined, 'fallback')).toBe('fallback');
  });
});
