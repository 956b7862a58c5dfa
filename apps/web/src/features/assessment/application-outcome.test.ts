import { describe, expect, it } from 'vitest';
import { applicationOutcome } from './application-outcome';

const envelope = (status: number, message: string) => ({ status, data: { message, errors: [{ message }] } });

describe('applicationOutcome', () => {
  it('maps 404 to the spec’s no-tests toast, 409 to the server’s first message, others to the generic toast', () => {
    expect(applicationOutcome(404, envelope(404, 'Stack not found.'))).toEqual({
      kind: 'refused',
      title: 'For this stack currently no tests.',
    });
    expect(applicationOutcome(409, envelope(409, 'You can take the React test again in 3 hours.'))).toEqual({
      kind: 'refused',
      title: 'You can take the React test again in 3 hours.',
    });
    expect(applicationOutcome(500, envelope(500, 'Something went wrong on our side.'))).toEqual({
      kind: 'refused',
      title: 'Uh oh! Something went wrong.',
    });
    expect(applicationOutcome(undefined, { status: 'FETCH_ERROR', error: 'offline' })).toEqual({
      kind: 'refused',
      title: 'Uh oh! Something went wrong.',
    });
  });

  it('treats a 400 as field errors to place, with the generic toast for what has no field', () => {
    expect(applicationOutcome(400, envelope(400, 'Bio is required'))).toEqual({
      kind: 'invalid',
      title: 'Uh oh! Something went wrong.',
    });
  });

  it('resumes the running test when the 409 says one is in progress', () => {
    const body = {
      status: 409,
      data: {
        message: 'You have a test in progress.',
        errors: [{ message: 'You have a test in progress.' }],
        reason: 'test_in_progress',
      },
    };
    expect(applicationOutcome(409, body)).toEqual({ kind: 'resume', title: 'You have a test in progress.' });
  });

  it('falls back to the generic toast when a 409 carries no message', () => {
    expect(applicationOutcome(409, { status: 409, data: 'nope' })).toEqual({
      kind: 'refused',
      title: 'Uh oh! Something went wrong.',
    });
  });
});
