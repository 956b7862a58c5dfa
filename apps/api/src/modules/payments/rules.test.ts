import { describe, expect, it } from 'vitest';
import { normalizeCardNumber, sandboxCardOutcome } from './rules';

describe('sandbox test cards as typed', () => {
  it('keeps the digits', () => {
    expect(normalizeCardNumber('4242 4242-4242 4242')).toBe('4242424242424242');
  });

  it('succeeds with 4242…, declines 4000 0000 0000 0002, and knows no other card', () => {
    expect(sandboxCardOutcome('4242424242424242')).toBe('payment_succeeded');
    expect(sandboxCardOutcome(' 4000-0000-0000-0002 ')).toBe('payment_failed');
    for (const other of ['', '4242', '4000 0000 0000 0003', 'abcd'])
      expect(sandboxCardOutcome(other)).toBeUndefined();
  });
});
