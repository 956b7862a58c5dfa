import { normalizeIP } from '@fastify/rate-limit';
import { describe, expect, it } from 'vitest';
import { clientKey } from './rate-limit';

describe('clientKey', () => {
  it('answers what @fastify/rate-limit would key the client by', () => {
    for (const ip of [
      '127.0.0.1',
      '203.0.113.9',
      '::ffff:127.0.0.1',
      '::FFFF:203.0.113.9',
      '::1',
      '2001:db8::1',
      '2001:db8:0:0:abcd::1',
      '::ffff:7f00:1',
      'fe80::1',
    ]) {
      expect(clientKey(ip), ip).toBe(normalizeIP(ip));
    }
  });

  it('counts two addresses of one IPv6 /64 as one client, and IPv4-mapped ones as their IPv4', () => {
    expect(clientKey('2001:db8::1')).toBe(clientKey('2001:db8::ffff'));
    expect(clientKey('::ffff:198.51.100.4')).toBe('198.51.100.4');
  });
});
