import { describe, expect, it } from 'vitest';
import { requestIdFrom } from './request-id';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestIdFrom', () => {
  it('keeps a sane incoming id', () => {
    expect(requestIdFrom('lb-7f3a.12:9')).toBe('lb-7f3a.12:9');
    expect(requestIdFrom(['first', 'second'])).toBe('first');
  });

  it('replaces a missing, overlong or unsafe id with a new UUID', () => {
    for (const header of [undefined, '', 'x'.repeat(129), 'id with spaces', 'line\nbreak', '{"json":1}']) {
      expect(requestIdFrom(header)).toMatch(uuid);
    }
  });
});
