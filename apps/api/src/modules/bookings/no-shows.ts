import type { NoShowParty, RefundStatus } from '@skillroute/shared/bookings';
import { meetMessages } from '@skillroute/shared/meet';
import {
  isNoShowDecisionDue,
  mentorMissed,
  NO_SHOW_DECISION_MINUTES,
  NO_SHOW_LIMIT,
  NO_SHOW_WINDOW_DAYS,
  noShowAdminMessages,
  noShowOf,
  noShowsCountFrom,
  reachesNoShowLimit,
  type MentorNoShows,
} from '@skillroute/shared/no-shows';
import { within, type ServiceContext, type WorkContext } from '../../context/service-context';
import { AppError } from '../../lib/errors';
import { recordCompletion } from '../ledger/service';
import { sendMailJob } from '../mail/service';
import { closeRoomAfterCommit } from '../meet/service';
import { BOOKINGS_PATH } from './announcement-texts';
import { announcementKey, bookingFor, forMail, mailViewOf, viewsOf } from './announcements';
import { completeBookingJob } from './job-types';
import { noShowMail, noShowNotice, type NoShowFacts } from './no-show-texts';
import { queueRefund, settleRefundNow } from './refunds';
import * as repository from './repository';

// Who came, and what follows when someone did not (DESIGN.md §4b "Session lifecycle", decision 062). The
// server keeps each person's first join of the room (meet/signalling.ts); NO_SHOW_DECISION_MINUTES after the
// start a sweeper that runs every minute settles each confirmed session nothing settled, one transaction per
// booking, by a conditional update: two processes sweeping at once settle a booking once. Both present: the
// completion job at the end does its usual work.

/** How many due sessions one run settles at most; the next run takes the rest. */
const SWEEP_BATCH = 100;
const MINUTE_MS = 60_000;

/** What the settlement of one booking decided, for the caller to finish after the commit. */
export interface NoShowSettled {
  bookingId: string;
  noShow: NoShowParty;
  /** The refund decided (a mentor who missed it), to be asked of the provider after the commit. */
  refund?: RefundStatus;
}

/**
 * Settles one confirmed session as a no-show in its own unit of work, if its decision is due at the clock's now
 * and someone never joined; answers what was decided, or undefined when nothing was (not due, both came, or
 * already settled by another run, the completion or a cancellation). The row is locked first, so a join
 * recorded at the same moment lands before the decision or after it, never in between.
 */
export async function settleNoShow(
  ctx: ServiceContext,
  input: { bookingId: string },
): Promise<NoShowSettled | undefined> {
  const { bookingId } = input;
  const now = ctx.clock.now();
  const settled = await ctx.unitOfWork(async (uow): Promise<NoShowSettled | undefined> => {
    const work = within(ctx, uow);
    const found = await repository.findBookingRowForUpdate(uow.tx, bookingId);
    if (found?.status !== 'confirmed' || !isNoShowDecisionDue(found.startTime, now)) return undefined;
    const noShow = noShowOf(found);
    if (noShow === undefined) return undefined;
    const row = await repository.markNoShow(uow.tx, bookingId, noShow);
    if (row === undefined) return undefined;
    // Settled here: the completion must not release the mentor's share of a session the mentee gets back.
    await uow.cancelJobs(completeBookingJob, bookingId);
    const facts: NoShowFacts = { noShow, price: row.amount };
    let refund: RefundStatus | undefined;
    if (mentorMissed(noShow)) {
      // An admin may have refunded the session while it was under way: the money went back once already.
      if (row.refundAmount === null)
        refund = await queueRefund(work, { bookingId, amountPaise: row.amount, reason: 'mentor_no_show' });
      Object.assign(facts, await countAgainstMentor(work, { mentorId: row.mentorId, now }));
    } else {
      // The mentee's absence: the mentor is paid as for a completed session.
      await recordCompletion(work, { bookingId });
    }
    await announceNoShow(work, { bookingId, facts });
    closeRoomAfterCommit(work, { roomId: row.roomId, message: meetMessages.noShow });
    return { bookingId, noShow, ...(refund === undefined ? {} : { refund }) };
  });
  if (settled?.refund !== undefined)
    settled.refund = await settleRefundNow(ctx, { bookingId, recorded: settled.refund });
  if (settled !== undefined)
    ctx.log.info({ bookingId, noShow: settled.noShow }, 'session settled as a no-show');
  return settled;
}

/**
 * One more no-show of a mentor, counted under their profile's lock: reaching NO_SHOW_LIMIT within the window
 * (since the last restore) takes them off the listing (the profile's trigger tells every listing cache).
 */
async function countAgainstMentor(
  ctx: WorkContext,
  input: { mentorId: string; now: Date },
): Promise<{ mentorNoShows: number; hidden: boolean }> {
  const { mentorId, now } = input;
  const marks = await repository.mentorNoShowMarks(ctx.uow.tx, mentorId, { forUpdate: true });
  // A mentor whose profile is gone (their role taken back) is listed nowhere: nothing to count against.
  if (marks === undefined) return { mentorNoShows: 0, hidden: false };
  const count = await repository.countMentorNoShows(
    ctx.uow.tx,
    mentorId,
    noShowsCountFrom(now, marks.noShowsClearedAt),
  );
  const hidden =
    reachesNoShowLimit(count) && (await repository.hideMentorForNoShows(ctx.uow.tx, mentorId, now));
  if (hidden) {
    ctx.uow.afterCommit(() => ctx.mentorListingCache.forgetAll());
    ctx.log.warn({ mentorId, count }, 'a mentor is off the listing for their no-shows');
  }
  return { mentorNoShows: count, hidden };
}

/** Both people told what was decided, a notification and a mail each, once (keyed by booking, event and person). */
async function announceNoShow(
  ctx: WorkContext,
  input: { bookingId: string; facts: NoShowFacts },
): Promise<void> {
  const { bookingId, facts } = input;
  const { uow } = ctx;
  const booking = await bookingFor(uow.tx, bookingId);
  const views = viewsOf(booking);
  for (const view of [views.mentee, views.mentor]) {
    const userId = view.role === 'mentee' ? booking.menteeId : booking.mentorId;
    await uow.notify(userId, {
      type: 'booking_no_show',
      key: announcementKey(bookingId, 'no-show', userId),
      message: noShowNotice(view, facts),
      link: BOOKINGS_PATH,
    });
  }
  const mailed = forMail(booking);
  const mailViews = viewsOf(mailed);
  for (const view of [mailViews.mentee, mailViews.mentor]) {
    const mail = noShowMail(mailViewOf(view, mailed, ctx.settings), facts);
    await uow.enqueue(sendMailJob, { ...mail, key: announcementKey(bookingId, 'no-show', mail.to) });
  }
}

/**
 * The sweeper: every confirmed session whose decision is due (its start NO_SHOW_DECISION_MINUTES ago or more),
 * each settled in its own unit of work. Answers how many it settled (another process may settle some of the same).
 */
export async function sweepNoShows(ctx: ServiceContext): Promise<{ settled: number }> {
  const startedBy = new Date(ctx.clock.now().getTime() - NO_SHOW_DECISION_MINUTES * MINUTE_MS);
  const due = await repository.confirmedStartedBy(ctx.db, { startedBy, limit: SWEEP_BATCH });
  let settled = 0;
  for (const bookingId of due) {
    try {
      if ((await settleNoShow(ctx, { bookingId })) !== undefined) settled += 1;
    } catch (error) {
      // One booking that cannot be settled now does not hold up the others; the next run tries it again.
      ctx.log.error({ err: error, bookingId }, 'a no-show could not be settled');
    }
  }
  return { settled };
}

// ——— The admin's view ———

/** A mentor's no-shows as an admin sees them; undefined for someone who is not a mentor. */
export async function mentorNoShowsOf(
  ctx: ServiceContext,
  input: { mentorId: string },
): Promise<MentorNoShows | undefined> {
  const marks = await repository.mentorNoShowMarks(ctx.db, input.mentorId);
  if (marks === undefined) return undefined;
  return shownNoShows(
    marks,
    await repository.countMentorNoShows(
      ctx.db,
      input.mentorId,
      noShowsCountFrom(ctx.clock.now(), marks.noShowsClearedAt),
    ),
  );
}

const shownNoShows = (
  marks: { hiddenForNoShowsAt: Date | null; noShowsClearedAt: Date | null },
  count: number,
): MentorNoShows => ({
  count,
  limit: NO_SHOW_LIMIT,
  windowDays: NO_SHOW_WINDOW_DAYS,
  hiddenAt: marks.hiddenForNoShowsAt?.toISOString() ?? null,
  clearedAt: marks.noShowsClearedAt?.toISOString() ?? null,
});

/**
 * An admin's restore of a mentor taken off the listing for their no-shows, in the caller's unit of work (with
 * its audit entry): listed and bookable again, and the no-shows before now no longer count. 404 for someone
 * who is not a mentor, 409 for a mentor who is listed.
 */
export async function restoreListing(ctx: WorkContext, input: { mentorId: string }): Promise<MentorNoShows> {
  const { mentorId } = input;
  const now = ctx.clock.now();
  const marks = await repository.mentorNoShowMarks(ctx.uow.tx, mentorId, { forUpdate: true });
  if (marks === undefined) throw new AppError('not_found', noShowAdminMessages.notAMentor);
  if (!(await repository.restoreMentorListing(ctx.uow.tx, mentorId, now)))
    throw new AppError('conflict', noShowAdminMessages.notHidden);
  ctx.uow.afterCommit(() => ctx.mentorListingCache.forgetAll());
  // Nothing before the restore counts any more.
  return shownNoShows({ hiddenForNoShowsAt: null, noShowsClearedAt: now }, 0);
}
