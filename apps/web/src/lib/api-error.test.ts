import { firstErrorMessage } from '@skillroute/shared/errors';
import { describe, expect, it } from 'vitest';
import { errorItems, errorMessage, errorReason, errorStatus, type ApiError } from './api-error';

const failed = (status: number, data: unknown): ApiError => ({ status, data });

describe('reading the error envelope', () => {
  it.each<[string, unknown]>([
    [
      'an envelope with entries',
      { message: 'Bad', errors: [{ message: 'Name is required', field: 'name' }] },
    ],
    ['an envelope without entries', { message: 'Too many requests', errors: [] }],
    ['a body that is not an envelope', { error: 'nope' }],
    ['entries of the wrong shape', { message: 'Bad', errors: [{ text: 'x' }] }],
    ['no body', null],
    ['a text body', '<html>'],
  ])('agrees with the shared firstErrorMessage for %s', (_what, body) => {
    expect(errorMessage(failed(400, body), 'fallback')).toBe(firstErrorMessage(body, 'fallback'));
  });

  it('gives the fallback for network failures and thrown errors', () => {
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, 'fallback')).toBe(
      'fallback',
    );
    expect(errorMessage({ message: 'boom' }, 'fallback')).toBe('fallback');
    expect(errorMessage(undefined, 'fallback')).toBe('fallback');
  });

  it('reads the reason, the entries and the status', () => {
    const error = failed(403, {
      message: 'Verify first',
      errors: [{ message: 'Verify first' }],
      reason: 'unverified',
    });
    expect(errorReason(error)).toBe('unverified');
    expect(errorReason(failed(403, { message: 'No', errors: [] }))).toBeUndefined();
    expect(
      errorItems(failed(400, { message: 'Bad', errors: [{ message: 'Too short', field: 'name' }] })),
    ).toEqual([{ message: 'Too short', field: 'name' }]);
    expect(errorStatus(error)).toBe(403);
    expect(errorStatus({ status: 'FETCH_ERROR', error: 'x' })).toBeUndefined();
  });
});
