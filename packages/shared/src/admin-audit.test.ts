import { describe, expect, it } from 'vitest';
import { adminActions, adminActionTarget, adminAuditQuerySchema, adminTargetTypeSchema } from './admin-audit';

describe('adminActionTarget', () => {
  it('names the target type of every action, which the target list holds', () => {
    expect(adminActionTarget('roadmap.approve')).toBe('roadmap');
    expect(adminActionTarget('booking.refund')).toBe('booking');
    for (const action of adminActions)
      expect(adminTargetTypeSchema.safeParse(adminActionTarget(action)).success).toBe(true);
  });
});

describe('adminAuditQuerySchema', () => {
  it('reads page from 1, 1 when absent', () => {
    expect(adminAuditQuerySchema.parse({})).toEqual({ page: 1 });
    expect(adminAuditQuerySchema.parse({ page: '3' })).toEqual({ page: 3 });
  });

  it('refuses zero, negative, fractional, non-numeric and huge pages', () => {
    for (const page of ['0', '-1', '1.5', 'abc', '10001', 'Infinity'])
      expect(adminAuditQuerySchema.safeParse({ page }).success).toBe(false);
  });
});
