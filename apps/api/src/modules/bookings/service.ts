import { bookingMessages, type Booking, type BookingListQuery, type CreateBookingBody } from '@skillroute/shared/bookings';
import { mentorMessages } from '@skillroute/shared/mentors';
import type { ServiceContext, UserContext } from '../../context/service-context';
import type { UnitOfWork } from '../../context/unit-of-work';
import type { BookingRow } from '../../db/schema';
import { jobType } from '../../jobs/queue';
import { constraintOf, isDeadlock, isExclusionViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { busyIntervalsOf, findBookableMentor, isScheduledSlot, type BusyInterval } from '../availability/service';
import { announceFreedSlot } from '../waitlist/service';
import { KeyedLocks } from './local-locks';
import * as repository from './repository';
import { holdExpiry, inListOrder, lockKeysInOrder, overlapMessage, overlapsAny, SESSION_MS } from './rules';

/** This process's queue per person in front of the database's advisory locks (see local-locks.ts). */
const localLocks = new KeyedLocks();

/** Expires a hold that is still pending payment when it lapses; queued with the booking, keyed by its id. */
export const expireHoldJob = jobType<{ bookingId: string }>('bookings.expire-hold');
/** Marks a confirmed booking completed after its end; queued by `confirmBooking`, keyed by the booking id. */
export const completeBookingJob = jobType<{ bookingId: string }>('bookings.complete');

export function toBooking(row: repository.BookingWithParties): Booking {
  const booking: Booking = {
    id: row.id,
    mentorId: row.mentorId,
    menteeId: row.menteeId,
    mentor: row.mentor,
    mentee: row.mentee,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    status: row.status,
    amount: row.amount,
    currency: 'INR',
    holdExpiresAt: row.holdExpiresAt.toISOString(),
    roomId: row.roomId,
  };
  if (row.cancelledAt !== null) {
    booking.cancellation = { cancelledBy: row.cancelledBy === row.mentorId ? 'mentor' : 'mentee', reason: row.cancelReason ?? '', cancelledAt: row.cancelledAt.toISOString() };
  }
  return booking;
}

const notAFreeSlot = () => new AppError('bad_request', bookingMessages.notAFreeSlot, [{ message: bookingMessages.notAFreeSlot, field: 'startTime' }]);

/**
 * What taking [start, end) for mentor and mentee would collide with, given their busy times: the mentor's
 * time (as mentor or as someone's mentee) is "just taken", the mentee's own is "you already have a session".
 */
function collision(busy: Map<string, BusyInterval[]>, mentorId: string, menteeId: string, start: number, end: number): string | undefined {
  if (overlapsAny(start, end, busy.get(mentorId) ?? [])) return bookingMessages.slotTaken;
  if (overlapsAny(start, end, busy.get(menteeId) ?? [])) return bookingMessages.overlapOwn;
  return undefined;
}

/**
 * `POST /api/bookings`: holds one free slot of a listed mentor for 15 minutes while the mentee pays.
 * The slot must be one of the mentor's schedule (400 otherwise); time already taken by a live booking of the
 * mentor or the mentee is a 409. Requests for the same people queue in this process first; then, in one transaction: both people's advisory locks in a fixed order, their
 * lapsed holds expired, the overlap checked again under the locks, the row inserted (the exclusion constraints
 * refuse an overlap whatever happens above them) and the hold's expiry job queued.
 */
export async function createBooking(ctx: UserContext, body: CreateBookingBody): Promise<Booking> {
  const menteeId = ctx.user.id;
  const { mentorId } = body;
  if (mentorId === menteeId) throw new AppError('forbidden', bookingMessages.bookingYourself);
  const owner = await findBookableMentor(ctx.db, mentorId);
  if (owner === undefined) throw new AppError('not_found', mentorMessages.mentorNotFound);
  const { availability } = owner;
  const now = ctx.clock.now();
  const start = Date.parse(body.startTime);
  const end = start + SESSION_MS;
  // The schedule alone decides here, so time already taken answers 409 below, not 400.
  if (availability === null || !isScheduledSlot(availability, start, now)) throw notAFreeSlot();

  const startTime = new Date(start);
  const endTime = new Date(end);
  const people = [mentorId, menteeId];
  try {
    const id = await localLocks.run(people, async () => {
      // After the one ahead in the queue committed, a request for the same time ends here, without a transaction.
      const taken = collision(await busyIntervalsOf(ctx.db, people, startTime, endTime, now), mentorId, menteeId, start, end);
      if (taken !== undefined) throw new AppError('conflict', taken);
      return ctx.unitOfWork(async (uow) => {
        await repository.lockPeople(uow.tx, lockKeysInOrder(people));
        // Each lapsed hold frees its time for the mentor's waitlist, except the one this booking takes again.
        for (const hold of await repository.expireLapsedHolds(uow.tx, people, now)) if (hold.mentorId !== mentorId || hold.startTime.getTime() !== start) await announceFreedSlot(uow, hold, now);
        // Again under the locks: another process may have booked since the check above.
        const takenNow = collision(await busyIntervalsOf(uow.tx, people, startTime, endTime, now), mentorId, menteeId, start, end);
        if (takenNow !== undefined) throw new AppError('conflict', takenNow);
        const row = await repository.insertBooking(uow.tx, { mentorId, menteeId, startTime, endTime, amount: availability.pricePerSession, holdExpiresAt: holdExpiry(now) });
        await uow.enqueue(expireHoldJob, { bookingId: row.id }, { startAfter: row.holdExpiresAt, singletonKey: row.id });
        await repository.announceListingChange(uow.tx);
        return row.id;
      });
    });
    return await getBookingRow(ctx, id);
  } catch (error) {
    if (isExclusionViolation(error)) throw new AppError('conflict', overlapMessage(constraintOf(error)));
    if (isDeadlock(error)) throw new AppError('conflict', bookingMessages.slotTaken);
    throw error;
  }
}

async function getBookingRow(ctx: ServiceContext, bookingId: string): Promise<Booking> {
  const row = await repository.findBooking(ctx.db, bookingId);
  if (row === undefined) throw new AppError('not_found', bookingMessages.notFound);
  return toBooking(row);
}

/** `GET /api/bookings/detail/:id`: for its mentor and its mentee; 404 to anyone else, as for no booking. */
export async function getBooking(ctx: UserContext, bookingId: string): Promise<Booking> {
  const row = await repository.findBooking(ctx.db, bookingId);
  if (row === undefined || (row.mentorId !== ctx.user.id && row.menteeId !== ctx.user.id)) throw new AppError('not_found', bookingMessages.notFound);
  return toBooking(row);
}

/**
 * `GET /api/bookings/:mentorId` (as mentor only) and `GET /api/bookings/profile/:mentorId` (as mentor and as
 * mentee): only one's own id. Sessions not yet over first, soonest first; then past ones, newest first.
 */
export async function listBookings(ctx: UserContext, userId: string, query: BookingListQuery, scope: 'as_mentor' | 'all'): Promise<Booking[]> {
  if (userId !== ctx.user.id) throw new AppError('forbidden', bookingMessages.notYourBookings);
  const rows = await repository.listBookings(ctx.db, { userId, asMentorOnly: scope === 'as_mentor', status: query.status });
  return inListOrder(rows, ctx.clock.now()).map(toBooking);
}

/**
 * pending_payment → confirmed, in the payment's unit of work (the payments work calls this from its webhook):
 * the hold's expiry job is dropped and the completion is queued for the end of the session. Answers the row,
 * or undefined when the booking was not pending payment (expired, failed, already confirmed): the caller
 * decides what a payment for it means.
 */
export async function confirmBooking(uow: UnitOfWork, bookingId: string): Promise<BookingRow | undefined> {
  const row = await repository.markConfirmed(uow.tx, bookingId);
  if (row === undefined) return undefined;
  await uow.cancelJobs(expireHoldJob, bookingId);
  await uow.enqueue(completeBookingJob, { bookingId }, { startAfter: row.endTime, singletonKey: bookingId });
  return row;
}

/**
 * When to try again for something due at `due` by the app's clock, which says it is `now`: the time left, from
 * the real now (pg-boss goes by the database's clock), and at least a second, so a clock behind never spins.
 */
const afterRemaining = (due: Date, now: Date): Date => new Date(Date.now() + Math.max(1000, due.getTime() - now.getTime()));

/**
 * The worker of `bookings.expire-hold`: a hold still pending payment at its lapse becomes expired. A job that
 * runs before the lapse by the app's clock (the database's clock runs pg-boss) comes back at the lapse.
 */
export async function expireHold(ctx: ServiceContext, bookingId: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.unitOfWork(async (uow) => {
    const expired = await repository.expireHold(uow.tx, bookingId, now);
    if (expired !== undefined) {
      await announceFreedSlot(uow, expired, now);
      return repository.announceListingChange(uow.tx);
    }
    const row = await repository.findBookingRow(uow.tx, bookingId);
    if (row?.status === 'pending_payment') await uow.enqueue(expireHoldJob, { bookingId }, { startAfter: afterRemaining(row.holdExpiresAt, now), singletonKey: bookingId });
  });
}

/** The worker of `bookings.complete`: a confirmed booking whose end has passed becomes completed. */
export async function completeBooking(ctx: ServiceContext, bookingId: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.unitOfWork(async (uow) => {
    const completed = await repository.markCompleted(uow.tx, bookingId, now);
    if (completed !== undefined) return;
    const row = await repository.findBookingRow(uow.tx, bookingId);
    if (row?.status === 'confirmed') await uow.enqueue(completeBookingJob, { bookingId }, { startAfter: afterRemaining(row.endTime, now), singletonKey: bookingId });
  });
}

export async function registerBookingWorkers(ctx: ServiceContext): Promise<void> {
  await ctx.jobs.register(expireHoldJob, ({ bookingId }) => expireHold(ctx, bookingId), { unique: true, batchSize: 20 });
  await ctx.jobs.register(completeBookingJob, ({ bookingId }) => completeBooking(ctx, bookingId), { unique: true, batchSize: 20 });
}
