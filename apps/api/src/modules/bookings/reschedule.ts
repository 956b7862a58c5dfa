import {
  bookingMessages,
  partyOf,
  rescheduleMessages,
  rescheduleRefusal,
  rescheduleRefusalMessages,
  type Booking,
  type CancellingParty,
  type RescheduleBookingBody,
} from '@skillroute/shared/bookings';
import { within, type UserContext } from '../../context/service-context';
import { constraintOf, isDeadlock, isExclusionViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import {
  bookingSettingsReach,
  bookingSettingsRefusalGiven,
  findBookableMentor,
  isScheduledSlot,
  noticeRefusal,
} from '../availability/service';
import { announceFreedSlot } from '../waitlist/service';
import { announceRescheduled } from './announcements';
import { completeBookingJob } from './job-types';
import { localLocks } from './local-locks';
import * as repository from './repository';
import { collision, overlapMessage, SESSION_MS } from './rules';
import { busyTimesOf, readBooking } from './service';
import { lockTime, startTimeRefused, timeChanged } from './time';

/**
 * `POST /api/bookings/:id/reschedule`: either person moves a confirmed session to another free slot of the
 * same mentor, within the policy (shared `rescheduleRefusal`: the mentee more than 12 hours ahead, the mentor
 * before the start, at most twice). Nothing is charged and the room stays. The new time is taken as a new
 * hold takes it: the same queue and advisory locks, the booking's own old time left out of the check, the
 * mentor's booking settings, and the exclusion constraints under the update; so the old hour is freed and the
 * new one taken at once or not at all. Then the completion job follows the new end, the old hour goes to the
 * mentor's waitlist, and both people are told with the invite that replaces the event.
 */
export async function rescheduleBooking(
  ctx: UserContext,
  input: { bookingId: string; body: RescheduleBookingBody },
): Promise<Booking> {
  const { bookingId, body } = input;
  const found = await repository.findBookingRow(ctx.db, bookingId);
  if (found === undefined) throw new AppError('not_found', bookingMessages.notFound);
  const now = ctx.clock.now();
  const refusal = rescheduleRefusal(found, ctx.user.id, now);
  if (refusal === 'not_yours') throw new AppError('not_found', bookingMessages.notFound);
  if (refusal !== undefined) throw new AppError('conflict', rescheduleRefusalMessages[refusal]);
  const movedBy = partyOf(found, ctx.user.id)!;
  const start = Date.parse(body.startTime);
  if (start === found.startTime.getTime()) throw startTimeRefused(rescheduleMessages.sameTime);
  const owner = await findBookableMentor(ctx.db, found.mentorId);
  if (owner === undefined) throw new AppError('conflict', bookingMessages.mentorNotBookable);
  if (owner.availability === null || !isScheduledSlot(owner.availability, start, now))
    throw startTimeRefused(bookingMessages.notAFreeSlot);
  const tooSoon = noticeRefusal(owner, start, now);
  if (tooSoon !== undefined) throw new AppError('conflict', tooSoon);

  const { mentorId, menteeId } = found;
  const moved = {
    id: bookingId,
    mentorId,
    menteeId,
    startTime: new Date(start),
    endTime: new Date(start + SESSION_MS),
  };
  const people = [mentorId, menteeId];
  try {
    await localLocks.run(people, async (queued) => {
      // As for a new hold (holds.ts): a request that waited behind another in this process looks first.
      if (queued) {
        const busy = await busyTimesOf(ctx, {
          userIds: people,
          from: moved.startTime,
          to: moved.endTime,
          except: bookingId,
        });
        const taken = collision(busy, { mentorId, menteeId, start, end: moved.endTime.getTime() });
        if (taken !== undefined) throw new AppError('conflict', inWordsOf(movedBy, taken));
      }
      await ctx.unitOfWork(async (uow) => {
        const work = within(ctx, uow);
        const { taken, busy } = await lockTime(work, moved, { reach: bookingSettingsReach(owner, start) });
        if (taken !== undefined) throw new AppError('conflict', inWordsOf(movedBy, taken));
        // The buffer and the daily limit without the booking's own hour (lockTime left it out).
        const refused = bookingSettingsRefusalGiven(owner, start, now, busy.get(mentorId) ?? []);
        if (refused !== undefined) throw new AppError('conflict', refused);
        const row = await repository.moveBooking(uow.tx, bookingId, {
          from: found.startTime,
          to: moved.startTime,
          end: moved.endTime,
          count: found.rescheduleCount,
        });
        // Moved, cancelled or held meanwhile by another request: what it is now decides, so say that.
        if (row === undefined) throw new AppError('conflict', await refusalNow(ctx, bookingId));
        await uow.cancelJobs(completeBookingJob, bookingId);
        await uow.enqueue(
          completeBookingJob,
          { bookingId },
          { startAfter: row.endTime, singletonKey: bookingId },
        );
        // The hour it left and the hour it took.
        await timeChanged(work, [found, row]);
        await announceFreedSlot(work, found);
        await announceRescheduled(work, { bookingId, move: { movedBy, previousStart: found.startTime } });
      });
    });
  } catch (error) {
    if (isExclusionViolation(error)) throw new AppError('conflict', overlapMessage(constraintOf(error)));
    if (isDeadlock(error)) throw new AppError('conflict', bookingMessages.slotTaken);
    throw error;
  }
  return readBooking(ctx, { bookingId, audience: 'party' });
}

/** A collision as the mover reads it: "you already have a session" is the mentee's to hear, not the mentor's. */
const inWordsOf = (movedBy: CancellingParty, collided: string): string =>
  movedBy === 'mentor' && collided === bookingMessages.overlapOwn ? rescheduleMessages.menteeBusy : collided;

/** Why the booking cannot be moved as it is now (read again after a move lost a race). */
async function refusalNow(ctx: UserContext, bookingId: string): Promise<string> {
  const row = await repository.findBookingRow(ctx.db, bookingId);
  const refusal = row === undefined ? 'not_confirmed' : rescheduleRefusal(row, ctx.user.id, ctx.clock.now());
  // Still movable: another move of it won, from another hour; this one's old hour is gone.
  if (refusal === undefined || refusal === 'not_yours') return bookingMessages.slotTaken;
  return rescheduleRefusalMessages[refusal];
}
