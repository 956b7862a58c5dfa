import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-nesting';

describe('nestsDeeperThan', () => {
  it('counts objects and arrays together', () => {
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
  });

  it('counts the depth reached, not the brackets seen', () => {
    expect(nestsDeeperThan('[[1],[2],[3],{"a":1}]', 2)).toBe(false);
  });

  it('leaves brackets inside strings out, escaped quotes included', () => {
    expect(nestsDeeperThan('{"a":"[[[[{{{{"}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\"[[[[","b":1}', 1)).toBe(false);
    expect(nestsDeeperThan('["\\\\",[[1]]]', 2)).toBe(true);
  });

  it('reads twenty thousand levels without a stack', () => {
    expect(nestsDeeperThan('['.repeat(20_000) + ']'.repeat(20_000), 64)).toBe(true);
    expect(nestsDeeperThan('['.repeat(64) + ']'.repeat(64), 64)).toBe(false);
  });
});
