import { bookingMessages, type Booking, type CreateBookingBody } from '@skillroute/shared/bookings';
import { LAPSED_HOLDS_WINDOW_HOURS } from '@skillroute/shared/marketplace-limits';
import { mentorMessages } from '@skillroute/shared/mentors';
import { within, type UserContext } from '../../context/service-context';
import { constraintOf, isDeadlock, isExclusionViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import {
  bookingSettingsReach,
  bookingSettingsRefusalGiven,
  readBookableMentor,
  isScheduledSlot,
  noticeRefusal,
} from '../availability/service';
import { checkBookingLearning } from '../learning/service';
import { localLocks } from './local-locks';
import * as repository from './repository';
import { collision, holdExpiry, holdRefusal, overlapMessage, SESSION_MS } from './rules';
import { busyTimesOf } from './service';
import { lockTime, startTimeRefused, timeChanged } from './time';
import { toBooking } from './wire';

const LAPSED_HOLDS_WINDOW_MS = LAPSED_HOLDS_WINDOW_HOURS * 60 * 60 * 1000;

/**
 * `POST /api/bookings`: holds one free slot of a listed mentor for 15 minutes while the mentee pays.
 * The slot must be one of the mentor's schedule (400 otherwise); time already taken by a live booking of the
 * mentor or the mentee, or an hour the mentor's booking settings leave out (too soon, too close to another
 * session, a full day), is a 409. Requests for the same people queue in this process first; then, in one
 * transaction, the time is locked and read again with what the settings and the hold limits weigh (time.ts
 * lockTime), checked, and the row inserted (announcing the change and answering it with both people): five
 * round trips from begin to commit, and none after (decisions 065 and 072; the minute's sweep expires it).
 */
export async function createBooking(ctx: UserContext, body: CreateBookingBody): Promise<Booking> {
  const menteeId = ctx.user.id;
  const { mentorId } = body;
  if (mentorId === menteeId) throw new AppError('forbidden', bookingMessages.bookingYourself);
  const owner = await readBookableMentor(ctx, mentorId);
  if (owner === undefined) throw new AppError('not_found', mentorMessages.mentorNotFound);
  const { availability } = owner;
  const now = ctx.clock.now();
  const start = Date.parse(body.startTime);
  const end = start + SESSION_MS;
  // The schedule alone decides here, so time already taken answers 409 below, not 400.
  if (availability === null || !isScheduledSlot(availability, start, now))
    throw startTimeRefused(bookingMessages.notAFreeSlot);
  // The notice alone needs no reading: refused before any queue or transaction.
  const tooSoon = noticeRefusal(owner, start, now);
  if (tooSoon !== undefined) throw new AppError('conflict', tooSoon);
  // The roadmap and topics the session is about, checked before anything is written (400 otherwise).
  const learning = await checkBookingLearning(ctx, { menteeId, ...body });

  const booking = { mentorId, menteeId, startTime: new Date(start), endTime: new Date(end) };
  const people = [mentorId, menteeId];
  try {
    const row = await localLocks.run(people, async (queued) => {
      // After the one ahead in this process's queue committed, a request for the same time ends here, without
      // a transaction (a burst for one slot); a request that did not wait has nothing new to find.
      if (queued) {
        const busy = await busyTimesOf(ctx, {
          userIds: people,
          from: booking.startTime,
          to: booking.endTime,
        });
        const taken = collision(busy, { mentorId, menteeId, start, end });
        if (taken !== undefined) throw new AppError('conflict', taken);
      }
      return ctx.unitOfWork(async (uow) => {
        const work = within(ctx, uow);
        // Again under the locks (another process may have booked since), with what the mentor's settings and
        // the mentee's hold limits weigh, read in the same statement.
        const { taken, busy, holds } = await lockTime(work, booking, {
          reach: bookingSettingsReach(owner, start),
          holdsSince: new Date(now.getTime() - LAPSED_HOLDS_WINDOW_MS),
        });
        if (taken !== undefined) throw new AppError('conflict', taken);
        // The mentor's buffer and daily limit, over their bookings as they stand under the locks.
        const refused = bookingSettingsRefusalGiven(owner, start, now, busy.get(mentorId) ?? []);
        if (refused !== undefined) throw new AppError('conflict', refused);
        // Under the mentee's lock: two holds of one person at once are counted one after the other.
        const refusal = holdRefusal({ mentorId, ...holds, now });
        if (refusal !== undefined)
          throw new AppError(refusal.code, refusal.message, undefined, {
            retryAfterSeconds: refusal.code === 'too_many_requests' ? refusal.retryAfterSeconds : undefined,
          });
        const row = await repository.insertBooking(uow.tx, {
          ...booking,
          agenda: body.agenda ? body.agenda : null,
          ...learning,
          amount: availability.pricePerSession,
          holdExpiresAt: holdExpiry(now),
        });
        await timeChanged(work, [booking], { announced: true });
        return row;
      });
    });
    return toBooking(row, 'party');
  } catch (error) {
    if (isExclusionViolation(error)) throw new AppError('conflict', overlapMessage(constraintOf(error)));
    if (isDeadlock(error)) throw new AppError('conflict', bookingMessages.slotTaken);
    throw error;
  }
}
