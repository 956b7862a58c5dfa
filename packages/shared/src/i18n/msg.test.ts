import { describe, expect, it } from 'vitest';
import { isMessage, msg, sourceOf } from './msg';

describe('msg', () => {
  it('writes the English with its values, and knows its source and values again', () => {
    const text = msg('Name must be at least {min} characters long', { min: 3 });
    expect(text).toBe('Name must be at least 3 characters long');
    expect(sourceOf(text)).toEqual({
      source: 'Name must be at least {min} characters long',
      values: { min: 3 },
    });
  });

  it('takes a whole message as its own source', () => {
    expect(msg('Name is required')).toBe('Name is required');
    expect(sourceOf('Name is required')).toEqual({ source: 'Name is required' });
  });

  it('remembers only the latest texts made from values, so a stream of them keeps memory bounded', () => {
    const first = msg('{count} sessions held with {name}', { count: 0, name: 'Ada' });
    for (let count = 1; count <= 5_000; count += 1)
      msg('{count} sessions held with {name}', { count, name: 'Ada' });
    expect(sourceOf(first)).toEqual({ source: first });
    expect(sourceOf('5000 sessions held with Ada').source).toBe('{count} sessions held with {name}');
  });

  it('keeps a text that is read again among the latest, so a message used often outlives a stream of new ones', () => {
    const often = msg('You may hold {max} sessions at once', { max: 3 });
    for (let count = 1; count <= 5_000; count += 1) {
      msg('{count} requests from {name}', { count, name: 'Ada' });
      if (count % 1_000 === 0) sourceOf(often);
    }
    expect(sourceOf(often).source).toBe('You may hold {max} sessions at once');
  });

  it('knows the texts it made, whole or from values, from any other text', () => {
    expect(isMessage(msg('About an hour'))).toBe(true);
    expect(isMessage(msg('{minutes} minutes', { minutes: 25 }))).toBe(true);
    expect(isMessage('Ada Lovelace')).toBe(false);
  });
});
