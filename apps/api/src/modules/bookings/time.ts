import type { WorkContext } from '../../context/service-context';
import { AppError } from '../../lib/errors';
import { announceFreedSlot } from '../waitlist/service';
import * as repository from './repository';
import {
  busyByPerson,
  collision,
  lockKeysInOrder,
  menteeHoldsOf,
  type BusyInterval,
  type MenteeHolds,
} from './rules';

/** What a booking's checks read under the locks (time.ts lockTime). */
export interface TimeUnderLocks {
  /** What the booking collides with (a 409's words), or undefined when its time is free. */
  taken: string | undefined;
  /** Both people's busy times over the booking's hour and the rest of the window asked for. */
  busy: Map<string, BusyInterval[]>;
  /** The mentee's holds as the hold limits read them, when asked for (empty otherwise). */
  holds: MenteeHolds;
}

/**
 * Makes a booking's time ready to take, in the caller's unit of work: both people's advisory locks in one
 * order (so two bookings that share people wait for each other instead of deadlocking), their lapsed holds
 * expired (each freeing its time for the mentor's waitlist, but for the one this booking takes again), and
 * their busy times read again under the locks. Answers what the booking collides with, with what else the
 * caller asked to read under the same locks: the busy times over a wider window (`reach`, what the mentor's
 * booking settings weigh) and the mentee's holds since `holdsSince` (the hold limits). Two statements
 * whatever is asked: the locks, then the rest in one. Every way time is taken (a new hold, a late payment, a
 * move) goes through here; the exclusion constraints back it whatever happens above them. A booking being
 * moved passes its `id`, so its own current time does not count against it.
 */
export async function lockTime(
  ctx: WorkContext,
  booking: { id?: string; mentorId: string; menteeId: string; startTime: Date; endTime: Date },
  also: { reach?: { from: Date; to: Date }; holdsSince?: Date } = {},
): Promise<TimeUnderLocks> {
  const { id, mentorId, menteeId, startTime, endTime } = booking;
  const { reach, holdsSince } = also;
  const { tx } = ctx.uow;
  const now = ctx.clock.now();
  const people = [mentorId, menteeId];
  await repository.lockPeople(tx, lockKeysInOrder(people));
  const read = await repository.expireHoldsAndReadTime(tx, {
    userIds: people,
    lapsedBy: now,
    from: reach === undefined || reach.from > startTime ? startTime : reach.from,
    to: reach === undefined || reach.to < endTime ? endTime : reach.to,
    except: id,
    holdsOf: holdsSince === undefined ? undefined : { menteeId, since: holdsSince },
  });
  for (const hold of read.expired)
    if (hold.mentorId !== mentorId || hold.startTime.getTime() !== startTime.getTime())
      await announceFreedSlot(ctx, hold);
  // Their holds' other people too: a lapsed hold held their time until now, in answers kept since.
  if (read.expired.length > 0) await timeChanged(ctx, read.expired);
  const busy = busyByPerson(read.timeHolding, people, now);
  return {
    taken: collision(busy, { mentorId, menteeId, start: startTime.getTime(), end: endTime.getTime() }),
    busy,
    holds: menteeHoldsOf(read.holds, now),
  };
}

/**
 * Bookings took or freed time, their mentors' and mentees', which the listing's next free slots and a mentor's
 * free slots show: every process hears it at commit (NOTIFY, mentors/listing-changes.ts) and drops the answers
 * it can alter, this one at once, so the answer to this request's next read is already current.
 * `announced`: the statement that changed the time sent the NOTIFY itself (repository.insertBooking), saving a
 * round trip.
 */
export async function timeChanged(
  ctx: WorkContext,
  changed: ReadonlyArray<{ mentorId: string; menteeId: string; startTime: Date }>,
  options: { announced?: boolean } = {},
): Promise<void> {
  const change = {
    people: [...new Set(changed.flatMap((booking) => [booking.mentorId, booking.menteeId]))],
    // One change for them all, from the earliest: it alters at least what each booking's own change would.
    from: Math.min(...changed.map((booking) => booking.startTime.getTime())),
  };
  if (options.announced !== true) await repository.announceTimeChange(ctx.uow.tx, change);
  ctx.uow.afterCommit(() => ctx.mentorListingCache.forgetTimeOf(change));
}

/** A start a booking or a move cannot take (not one of the mentor's slots, the same hour): 400 on `startTime`. */
export const startTimeRefused = (message: string): AppError =>
  new AppError('bad_request', message, [{ message, field: 'startTime' }]);
