import {
  ADMIN_PAGE_SIZE,
  adminConsoleMessages,
  DASHBOARD_DAYS,
  type AdminBookingsQuery,
  type AdminBookingsResponse,
  type AdminRefundResponse,
  type AdminUser,
  type AdminUserDetailsResponse,
  type AdminUsersQuery,
  type AdminUsersResponse,
  type DashboardResponse,
} from '@skillroute/shared/admin-console';
import type { AdminAuditListResponse } from '@skillroute/shared/admin-audit';
import type { RestoreListingResponse } from '@skillroute/shared/no-shows';
import { within, type AdminContext } from '../../context/service-context';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { pageWindow } from '../../lib/paging';
import { revokeAllSessions } from '../../sessions/repository';
import { listAdminActions, recordAdminAction } from '../audit/service';
import { settleRefundNow } from '../bookings/refunds';
import { readBooking } from '../bookings/service';
import {
  cancelUpcomingOfBlocked,
  expireHoldsOfBlocked,
  listAllBookings,
  listBookingsOfPerson,
  refundInFullByStaff,
  retryRefundByStaff,
  type DecidedRefund,
} from '../bookings/staff';
import { mentorNoShowsOf, restoreListing } from '../bookings/no-shows';
import { ledgerTotals } from '../ledger/service';
import * as repository from './repository';
import { msg } from '@skillroute/shared/i18n/msg';

/** How many of a user's bookings their details show (the latest). */
export const USER_DETAILS_BOOKINGS = 50;
/** The reason both people read when a booking is cancelled because one of them was blocked. */
export const BLOCKED_CANCEL_REASON = msg('One of the two accounts was suspended by Skillroute.');

function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    blocked: row.blockedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * `GET /api/admin/dashboard`: the totals and the last DASHBOARD_DAYS days, counted by the database; the money
 * held and paid out summed over the ledger's accounts.
 */
export async function dashboard(ctx: AdminContext): Promise<DashboardResponse> {
  const totals = await repository.dashboardTotals(ctx.db);
  const money = await ledgerTotals(ctx);
  const daily = await repository.dailyFigures(ctx.db, ctx.clock.now(), DASHBOARD_DAYS);
  return { totals: { ...totals, ...money }, daily };
}

/** `GET /api/admin/users`. */
export async function listUsers(ctx: AdminContext, query: AdminUsersQuery): Promise<AdminUsersResponse> {
  const { rows, total } = await repository.listUsers(ctx.db, {
    search: query.search,
    role: query.role,
    blocked: query.blocked,
    ...pageWindow(query.page, query.limit),
  });
  return { users: rows.map(toAdminUser), total };
}

/** `GET /api/admin/users/:id`: the user, their roadmaps, their latest bookings in either role, and their tests. */
export async function userDetails(ctx: AdminContext, userId: string): Promise<AdminUserDetailsResponse> {
  const row = await repository.findUser(ctx.db, userId);
  if (row === undefined) throw new AppError('not_found', adminConsoleMessages.userNotFound);
  const [roadmaps, bookings, tests, noShows] = await Promise.all([
    repository.roadmapsOf(ctx.db, userId),
    listBookingsOfPerson(ctx, { userId, limit: USER_DETAILS_BOOKINGS }),
    repository.testsOf(ctx.db, userId),
    mentorNoShowsOf(ctx, { mentorId: userId }),
  ]);
  return {
    user: {
      ...toAdminUser(row),
      avatar: row.avatar,
      verified: row.verifiedAt !== null,
      blockedAt: row.blockedAt?.toISOString() ?? null,
    },
    roadmaps: roadmaps.map((roadmap) => ({ ...roadmap, createdAt: roadmap.createdAt.toISOString() })),
    bookings,
    ...(noShows === undefined ? {} : { noShows }),
    tests: tests.map((test) => ({
      ...test,
      createdAt: test.createdAt.toISOString(),
      submittedAt: test.submittedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * `PATCH /api/admin/users/:id` {blocked}. Blocking, in one transaction with its audit entry: the mark (which
 * the mentor listing's trigger hears, so the listing forgets its pages at commit), every session revoked, and
 * each confirmed session yet to come cancelled with a full refund to its mentee, both people told. After the
 * commit the user's sockets are dropped and the refunds asked of the provider. Every request the user makes
 * from then on is refused (the session row and the block are checked on each one), and so is a sign-in.
 * Setting what is already set changes nothing and records nothing.
 */
export async function setUserBlocked(
  ctx: AdminContext,
  input: { userId: string; blocked: boolean },
): Promise<AdminUser> {
  const { userId, blocked } = input;
  const now = ctx.clock.now();
  const outcome = await ctx.unitOfWork(async (uow) => {
    const changed = await repository.setBlocked(uow.tx, userId, blocked ? now : null);
    if (changed === undefined)
      return { row: await repository.findUser(uow.tx, userId), refunds: [] as DecidedRefund[] };
    let refunds: DecidedRefund[] = [];
    if (blocked) {
      await revokeAllSessions(uow.tx, { subject: 'user', userId }, now);
      refunds = await cancelUpcomingOfBlocked(within(ctx, uow), { userId, reason: BLOCKED_CANCEL_REASON });
      await expireHoldsOfBlocked(within(ctx, uow), { userId });
      uow.afterCommit(() => ctx.sockets.disconnectUser(userId));
    }
    // This process forgets its listing pages at once; the others hear the users trigger at commit.
    uow.afterCommit(() => ctx.mentorListingCache.forgetAll());
    await recordAdminAction(uow.tx, ctx.admin, {
      action: blocked ? 'user.block' : 'user.unblock',
      targetType: 'user',
      targetId: userId,
      details: blocked
        ? {
            email: changed.email,
            name: changed.name,
            cancelledBookings: refunds.map((refund) => refund.bookingId),
          }
        : { email: changed.email, name: changed.name },
    });
    return { row: changed, refunds };
  });
  if (outcome.row === undefined) throw new AppError('not_found', adminConsoleMessages.userNotFound);
  for (const refund of outcome.refunds)
    await settleRefundNow(ctx, { bookingId: refund.bookingId, recorded: refund.status });
  return toAdminUser(outcome.row);
}

/**
 * `POST /api/admin/mentors/:id/restore-listing`: a mentor taken off the listing for their no-shows is listed and
 * bookable again, with its audit entry, in one transaction; the no-shows before it no longer count.
 */
export async function restoreMentorListing(
  ctx: AdminContext,
  mentorId: string,
): Promise<RestoreListingResponse> {
  return ctx.unitOfWork(async (uow) => {
    const noShows = await restoreListing(within(ctx, uow), { mentorId });
    const mentor = await repository.findUser(uow.tx, mentorId);
    await recordAdminAction(uow.tx, ctx.admin, {
      action: 'user.restore_listing',
      targetType: 'user',
      targetId: mentorId,
      details: { email: mentor?.email, name: mentor?.name },
    });
    return { noShows };
  });
}

/** `GET /api/admin/audit`: a page of the trail, newest first. */
export async function auditTrail(ctx: AdminContext, page: number): Promise<AdminAuditListResponse> {
  return listAdminActions(ctx.db, { page });
}

/** `GET /api/admin/bookings`. */
export async function listBookings(
  ctx: AdminContext,
  query: AdminBookingsQuery,
): Promise<AdminBookingsResponse> {
  const { bookings, total } = await listAllBookings(ctx, { query, limit: ADMIN_PAGE_SIZE });
  return { bookings, total, page: query.page, limit: ADMIN_PAGE_SIZE };
}

/**
 * What an audit entry keeps of a booking, so the trail names it as it was ("Ravi with Maya" and its start)
 * rather than by an id, even after names change or the booking is gone.
 */
async function bookingInWords(
  ctx: AdminContext,
  bookingId: string,
): Promise<{ mentee: string; mentor: string; startTime: string }> {
  const booking = await readBooking(ctx, { bookingId });
  return { mentee: booking.mentee.name, mentor: booking.mentor.name, startTime: booking.startTime };
}

/** `POST /api/admin/bookings/:id/refund` {reason}: decided with its audit entry in one transaction, then asked of the provider. */
export async function refundBooking(
  ctx: AdminContext,
  input: { bookingId: string; reason: string },
): Promise<AdminRefundResponse> {
  const { bookingId, reason } = input;
  const decided = await ctx.unitOfWork(async (uow) => {
    const refund = await refundInFullByStaff(within(ctx, uow), { bookingId, reason });
    await recordAdminAction(uow.tx, ctx.admin, {
      action: 'booking.refund',
      targetType: 'booking',
      targetId: bookingId,
      details: { ...(await bookingInWords(ctx, bookingId)), amount: refund.amount, reason },
    });
    return refund;
  });
  const status = await settleRefundNow(ctx, { bookingId, recorded: decided.status });
  return {
    booking: await readBooking(ctx, { bookingId }),
    refund: { amount: decided.amount, currency: 'INR', status },
  };
}

/**
 * `POST /api/admin/bookings/:id/refund/retry`: a failed refund pending again, with its audit entry, in one
 * transaction; the refund job asks the provider once it committed.
 */
export async function retryRefund(
  ctx: AdminContext,
  input: { bookingId: string },
): Promise<AdminRefundResponse> {
  const { bookingId } = input;
  const reopened = await ctx.unitOfWork(async (uow) => {
    const refund = await retryRefundByStaff(within(ctx, uow), { bookingId });
    await recordAdminAction(uow.tx, ctx.admin, {
      action: 'booking.refund_retry',
      targetType: 'booking',
      targetId: bookingId,
      details: { ...(await bookingInWords(ctx, bookingId)), amount: refund.amount },
    });
    return refund;
  });
  return {
    booking: await readBooking(ctx, { bookingId }),
    refund: { amount: reopened.amount, currency: 'INR', status: reopened.status },
  };
}
