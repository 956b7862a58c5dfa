import { describe, expect, it } from 'vitest';
import {
  adminBookingsQuerySchema,
  adminConsoleMessages,
  adminRefundBodySchema,
  adminUsersQuerySchema,
  blockUserBodySchema,
  passRate,
  canRetryRefund,
  refundableByStaff,
} from './admin-console';
import { BOOKING_STATUSES, REFUND_STATUSES } from './bookings';

describe('the admin console schemas', () => {
  it('reads the users query as the address bar gives it: blocked as a boolean, page and limit as numbers with defaults', () => {
    expect(adminUsersQuerySchema.parse({ search: '  priya ', blocked: 'true', page: '2' })).toEqual({
      search: 'priya',
      blocked: true,
      page: 2,
      limit: 20,
    });
    expect(adminUsersQuerySchema.parse({ blocked: 'false' }).blocked).toBe(false);
    expect(adminUsersQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
    expect(adminUsersQuerySchema.safeParse({ blocked: '1' }).error?.issues[0]?.message).toBe(
      adminConsoleMessages.blockedFilter,
    );
    expect(adminUsersQuerySchema.safeParse({ limit: '101' }).error?.issues[0]?.message).toBe(
      adminConsoleMessages.limitRange,
    );
    expect(adminUsersQuerySchema.safeParse({ role: 'admin' }).error?.issues[0]?.message).toBe(
      adminConsoleMessages.roleUnknown,
    );
  });

  it('takes a booking status from the list of statuses only', () => {
    expect(adminBookingsQuerySchema.parse({ status: 'cancelled' })).toEqual({ status: 'cancelled', page: 1 });
    expect(adminBookingsQuerySchema.safeParse({ status: 'refunded' }).error?.issues[0]?.message).toBe(
      adminConsoleMessages.statusUnknown,
    );
  });

  it('wants a refund reason of 5 to 500 characters after trimming, and blocked as a real boolean', () => {
    expect(adminRefundBodySchema.parse({ reason: '  Never held  ' })).toEqual({ reason: 'Never held' });
    expect(adminRefundBodySchema.safeParse({ reason: '    ' }).error?.issues[0]?.message).toBe(
      adminConsoleMessages.reasonRequired,
    );
    expect(adminRefundBodySchema.safeParse({ reason: 'four' }).error?.issues[0]?.message).toBe(
      adminConsoleMessages.reasonTooShort,
    );
    expect(adminRefundBodySchema.safeParse({ reason: 'x'.repeat(501) }).error?.issues[0]?.message).toBe(
      adminConsoleMessages.reasonTooLong,
    );
    expect(blockUserBodySchema.safeParse({ blocked: 'true' }).success).toBe(false);
  });

  it('gives the pass rate as a whole percentage, and none when no test was taken', () => {
    expect(passRate({ taken: 0, passed: 0 })).toBeNull();
    expect(passRate({ taken: 3, passed: 2 })).toBe(67);
    expect(passRate({ taken: 4, passed: 4 })).toBe(100);
  });

  it('lets staff refund only a booking that was paid for a session held or to come', () => {
    expect(BOOKING_STATUSES.filter(refundableByStaff)).toEqual(['confirmed', 'completed']);
  });

  it('lets staff retry only a failed refund: a pending one is being asked for, a settled one is done', () => {
    expect(REFUND_STATUSES.filter(canRetryRefund)).toEqual(['failed']);
    expect(canRetryRefund(null)).toBe(false);
    expect(canRetryRefund(undefined)).toBe(false);
  });
});
