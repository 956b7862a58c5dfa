import { bookingMessages, partyOf, type Booking, type BookingListQuery } from '@skillroute/shared/bookings';
import type { ServiceContext, UserContext } from '../../context/service-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { documentNumbersOf } from '../receipts/service';
import * as repository from './repository';
import { busyByPerson, inListOrder, type BusyInterval } from './rules';
import { toBooking, type BookingAudience } from './wire';

// Reading bookings: one's own, one as sent, and the time bookings take (which free slots leave out). Holding
// time is holds.ts, cancelling cancellations.ts, what payments change transitions.ts, admins' staff.ts, the
// workers jobs.ts.

/**
 * A booking as sent, whoever asks (the caller decided they may see it): to staff unless the caller says it is
 * one of the booking's two people (`audience: 'party'`), who also read the agenda and the notes.
 */
export async function readBooking(
  ctx: ServiceContext,
  input: { bookingId: string; audience?: BookingAudience },
): Promise<Booking> {
  const row = await repository.findBooking(ctx.db, input.bookingId);
  if (row === undefined) throw new AppError('not_found', bookingMessages.notFound);
  return toBooking(row, input.audience ?? 'staff');
}

/** `GET /api/bookings/detail/:id`: for its mentor and its mentee; 404 to anyone else, as for no booking. */
export async function getBooking(ctx: UserContext, input: { bookingId: string }): Promise<Booking> {
  const row = await repository.findBooking(ctx.db, input.bookingId);
  if (row === undefined || partyOf(row, ctx.user.id) === undefined)
    throw new AppError('not_found', bookingMessages.notFound);
  return toBooking(row, 'party');
}

/**
 * `GET /api/bookings/:mentorId` (as mentor only) and `GET /api/bookings/profile/:mentorId` (as mentor and as
 * mentee): only one's own id. Sessions not yet over first, soonest first; then past ones, newest first. As
 * mentee, each carries the numbers of its receipt and credit note, once issued.
 */
export async function listBookings(
  ctx: UserContext,
  input: { userId: string; query: BookingListQuery; scope: 'as_mentor' | 'all' },
): Promise<Booking[]> {
  const { userId, query, scope } = input;
  if (userId !== ctx.user.id) throw new AppError('forbidden', bookingMessages.notYourBookings);
  const rows = await repository.listBookings(ctx.db, {
    userId,
    asMentorOnly: scope === 'as_mentor',
    status: query.status,
  });
  const listed = inListOrder(rows, ctx.clock.now()).map((row) => toBooking(row, 'party'));
  // The mentee's receipt and credit note numbers, for their download links (the documents are theirs only).
  const asMentee = listed.filter((booking) => booking.menteeId === ctx.user.id);
  const numbers = await documentNumbersOf(ctx, { bookingIds: asMentee.map((booking) => booking.id) });
  return listed.map((booking) =>
    booking.menteeId === ctx.user.id ? { ...booking, ...numbers.get(booking.id) } : booking,
  );
}

/**
 * The times each of `userIds` is taken in [from, to) at `now` by bookings that hold their time (held and not
 * lapsed, or confirmed), as mentor or as mentee, read through `db` (the pool, or a transaction under locks).
 * `except` leaves out a booking being moved: its own time does not stand in its way.
 */
export async function busyTimes(
  db: Executor,
  input: { userIds: readonly string[]; from: Date; to: Date; now: Date; except?: string },
): Promise<Map<string, BusyInterval[]>> {
  const { userIds, from, to, now, except } = input;
  return busyByPerson(await repository.timeHoldingBookingsOf(db, userIds, from, to, except), userIds, now);
}

/** `busyTimes` now: a mentor's free slots and the listing's next free slot leave these out. */
export async function busyTimesOf(
  ctx: ServiceContext,
  input: { userIds: readonly string[]; from: Date; to: Date; except?: string },
): Promise<Map<string, BusyInterval[]>> {
  return busyTimes(ctx.db, { ...input, now: ctx.clock.now() });
}
