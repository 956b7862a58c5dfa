import { z } from 'zod';
import { roleSchema } from './auth';
import {
  BOOKING_STATUSES,
  bookingSchema,
  refundSchema,
  type BookingStatus,
  type RefundStatus,
} from './bookings';
import { msg } from './i18n/msg';
import { idSchema } from './ids';
import { mentorNoShowsSchema } from './no-shows';
import { limitQuerySchema, pageInfoSchema, pageMessage, pageQuerySchema } from './paging';

/**
 * The admin console (issue 15; DESIGN.md §4 "Admin"): the dashboard, user management and the bookings list,
 * written once for the api's validation and OpenAPI document and the admin pages. Money is integer paise in
 * INR, as everywhere outside a mentor's price; dates are UTC.
 */

export const adminConsoleMessages = {
  userNotFound: msg('User not found.'),
  bookingNotFound: msg('Booking not found.'),
  notRefundable: msg('Only a confirmed or completed booking can be refunded.'),
  alreadyRefunded: msg('This booking has already been refunded.'),
  notPaid: msg('This booking was never paid, so there is nothing to refund.'),
  refundNotFailed: msg('Only a failed refund can be retried.'),
  reasonRequired: msg('Please give a reason for the refund.'),
  reasonTooShort: msg('The reason must be at least 5 characters.'),
  reasonTooLong: msg('Keep the reason under 500 characters.'),
  blockedRequired: msg('blocked must be true or false'),
  pageRange: pageMessage,
  limitRange: msg('Limit is a whole number from 1 to 100'),
  searchTooLong: msg('Search is at most 100 characters'),
  roleUnknown: msg('Role is user or mentor'),
  blockedFilter: msg('blocked is true or false'),
  statusUnknown: msg('Status is one of {statuses}', { statuses: BOOKING_STATUSES.join(', ') }),
} as const;

/** The bookings an admin may refund in full (once): money taken for a session that was or will be held. */
export function refundableByStaff(status: BookingStatus): boolean {
  return status === 'confirmed' || status === 'completed';
}

/** The dashboard's charts cover this many UTC days, today included. */
export const DASHBOARD_DAYS = 30;
export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_PAGE_LIMIT_MAX = 100;
export const ADMIN_SEARCH_MAX = 100;
export const REFUND_REASON_MIN = 5;
export const REFUND_REASON_MAX = 500;

const count = z.number().int().nonnegative();

// ——— Dashboard ———

/**
 * `GET /api/admin/dashboard`. `revenue` is what was paid for sessions (bookings confirmed, completed or cancelled
 * after payment, and payments that came too late), `refunds` what was decided to go back (pending or settled).
 * `daily` has one entry per UTC day of the last DASHBOARD_DAYS, oldest first, zeros included: sign-ups are
 * accounts made that day, bookings the paid bookings made that day and revenue their amounts.
 */
export const dashboardResponseSchema = z.object({
  totals: z.object({
    users: count,
    mentors: count,
    blockedUsers: count,
    bookings: z.object(
      Object.fromEntries(BOOKING_STATUSES.map((status) => [status, count])) as Record<
        (typeof BOOKING_STATUSES)[number],
        typeof count
      >,
    ),
    revenue: count,
    refunds: count,
    /** Paise, sums over the ledger's accounts (decision 054): the platform's fees and the GST on them, net of refunds. */
    platformFees: count,
    gstOnFees: count,
    /** Paise: mentors' shares of sessions not yet held, held and not paid out, and paid out. */
    mentorPending: count,
    mentorAvailable: count,
    paidOut: count,
    roadmaps: z.object({ drafted: count, published: count, rejected: count }),
    tests: z.object({ taken: count, passed: count }),
  }),
  daily: z.array(z.object({ date: z.string(), signUps: count, bookings: count, revenue: count })),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
export type DashboardDay = DashboardResponse['daily'][number];

/** Passed tests as a whole percentage of the tests taken; null when none were taken. */
export function passRate(tests: { taken: number; passed: number }): number | null {
  return tests.taken === 0 ? null : Math.round((tests.passed / tests.taken) * 100);
}

// ——— Paging ———

const pageSchema = pageQuerySchema();
const limitSchema = limitQuerySchema(ADMIN_PAGE_LIMIT_MAX, ADMIN_PAGE_SIZE, adminConsoleMessages.limitRange);

// ——— Users ———

/** `GET /api/admin/users?search=&role=&blocked=&page=&limit=`: search matches a part of the name or the e-mail, any case. */
export const adminUsersQuerySchema = z.object({
  search: z.string().trim().max(ADMIN_SEARCH_MAX, adminConsoleMessages.searchTooLong).optional(),
  role: z.enum(['user', 'mentor'], adminConsoleMessages.roleUnknown).optional(),
  blocked: z
    .enum(['true', 'false'], adminConsoleMessages.blockedFilter)
    .transform((value) => value === 'true')
    .optional(),
  page: pageSchema,
  limit: limitSchema,
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;
/** The query as the admin pages send it, before the api coerces it. */
export interface AdminUsersQueryInput {
  search?: string;
  role?: 'user' | 'mentor';
  blocked?: 'true' | 'false';
  page?: number;
  limit?: number;
}

export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  blocked: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersResponseSchema = z.object({ users: z.array(adminUserSchema), total: count });
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const adminUserIdParamsSchema = z.object({ id: idSchema });

/** `GET /api/admin/users/:id`: the user with their roadmaps, bookings (either role, newest first) and tests. */
export const adminUserDetailsResponseSchema = z.object({
  user: adminUserSchema.extend({
    avatar: z.string().nullable(),
    verified: z.boolean(),
    blockedAt: z.string().nullable(),
  }),
  roadmaps: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      status: z.enum(['drafted', 'published', 'rejected']),
      isActive: z.boolean(),
      createdAt: z.string(),
    }),
  ),
  bookings: z.array(bookingSchema),
  /** A mentor's no-shows and whether they keep them off the listing (mentors only). */
  noShows: mentorNoShowsSchema.optional(),
  tests: z.array(
    z.object({
      id: z.string(),
      stack: z.string(),
      status: z.enum(['in_progress', 'passed', 'failed']),
      score: z.number().int().nullable(),
      createdAt: z.string(),
      submittedAt: z.string().nullable(),
    }),
  ),
});
export type AdminUserDetailsResponse = z.infer<typeof adminUserDetailsResponseSchema>;

/** `PATCH /api/admin/users/:id` → `{user}`. */
export const blockUserBodySchema = z.object({ blocked: z.boolean(adminConsoleMessages.blockedRequired) });
export type BlockUserBody = z.infer<typeof blockUserBodySchema>;
export const adminUserResponseSchema = z.object({ user: adminUserSchema });
export type AdminUserResponse = z.infer<typeof adminUserResponseSchema>;

// ——— Bookings ———

/** `GET /api/admin/bookings?status=&page=`: newest first (by the session's start). */
export const adminBookingsQuerySchema = z.object({
  status: z.enum(BOOKING_STATUSES, adminConsoleMessages.statusUnknown).optional(),
  page: pageSchema,
});
export type AdminBookingsQuery = z.infer<typeof adminBookingsQuerySchema>;
export interface AdminBookingsQueryInput {
  status?: (typeof BOOKING_STATUSES)[number];
  page?: number;
}

export const adminBookingsResponseSchema = z.object({
  bookings: z.array(bookingSchema),
  total: count,
  ...pageInfoSchema,
});
export type AdminBookingsResponse = z.infer<typeof adminBookingsResponseSchema>;

export const adminBookingIdParamsSchema = z.object({ id: idSchema });

/** `POST /api/admin/bookings/:id/refund` {reason}: a full refund of a confirmed or completed booking. */
export const adminRefundBodySchema = z.object({
  reason: z
    .string(adminConsoleMessages.reasonRequired)
    .trim()
    .min(1, adminConsoleMessages.reasonRequired)
    .min(REFUND_REASON_MIN, adminConsoleMessages.reasonTooShort)
    .max(REFUND_REASON_MAX, adminConsoleMessages.reasonTooLong),
});
export type AdminRefundBody = z.infer<typeof adminRefundBodySchema>;
export const adminRefundResponseSchema = z.object({ booking: bookingSchema, refund: refundSchema });
export type AdminRefundResponse = z.infer<typeof adminRefundResponseSchema>;

/**
 * `POST /api/admin/bookings/:id/refund/retry`: a refund that failed for good (the provider refused it, or never
 * answered through all the job's retries) is asked anew; the answer is the same as a refund's, pending.
 */
export const canRetryRefund = (refundStatus: RefundStatus | null | undefined): boolean =>
  refundStatus === 'failed';
