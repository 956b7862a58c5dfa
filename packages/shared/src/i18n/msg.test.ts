import { describe, expect, it } from 'vitest';
import { msg, sourceOf } from './msg';

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
});
