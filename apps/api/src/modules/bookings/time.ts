import type { WorkContext } from '../../context/service-context';
import { AppError } from '../../lib/errors';
import { announceFreedSlot } from '../waitlist/service';
import * as repository from './repository';
import { collision, lockKeysInOrder } from './rules';
import { busyTimes } from './service';

/**
 * Makes a booking's time ready to take, in the caller's unit of work: both people's advisory locks in one
 * order (so two bookings that share people wait for each other instead of deadlocking), their lapsed holds
 * expired (each freeing its time for the mentor's waitlist, but for the one this booking takes again), and
 * their busy times read again under the locks. Answers what the booking collides with (a 409's words), or
 * undefined when its time is free. Every way time is taken (a new hold, a late payment, a move) goes through
 * here; the exclusion constraints back it whatever happens above them. A booking being moved passes its `id`,
 * so its own current time does not count against it.
 */
export async function lockTime(
  ctx: WorkContext,
  booking: { id?: string; mentorId: string; menteeId: string; startTime: Date; endTime: Date },
): Promise<string | undefined> {
  const { id, mentorId, menteeId, startTime, endTime } = booking;
  const { tx } = ctx.uow;
  const now = ctx.clock.now();
  const people = [mentorId, menteeId];
  await repository.lockPeople(tx, lockKeysInOrder(people));
  for (const hold of await repository.expireHolds(tx, { userIds: people, lapsedBy: now }))
    if (hold.mentorId !== mentorId || hold.startTime.getTime() !== startTime.getTime())
      await announceFreedSlot(ctx, hold);
  const busy = await busyTimes(tx, { userIds: people, from: startTime, to: endTime, now, except: id });
  return collision(busy, { mentorId, menteeId, start: startTime.getTime(), end: endTime.getTime() });
}

/**
 * A booking took or freed time, which the listing's next free slots and a mentor's free slots show: every
 * process hears it at commit (NOTIFY, mentors/listing-cache.ts), this one at once, so the answer to this
 * request's next read is already current.
 */
export async function timeChanged(ctx: WorkContext): Promise<void> {
  await repository.announceListingChange(ctx.uow.tx);
  ctx.uow.afterCommit(() => ctx.mentorListingCache.forgetAll());
}

/** A start a booking or a move cannot take (not one of the mentor's slots, the same hour): 400 on `startTime`. */
export const startTimeRefused = (message: string): AppError =>
  new AppError('bad_request', message, [{ message, field: 'startTime' }]);
