import { WAITLIST_HORIZON_DAYS, waitlistMessages, type WaitlistResponse } from '@skillroute/shared/bookings';
import { mentorMessages } from '@skillroute/shared/mentors';
import { freedSlotMail, freedSlotText } from '../../adapters/mail/templates';
import type { ServiceContext, UserContext, WorkContext } from '../../context/service-context';
import { AppError } from '../../lib/errors';
import { countFreeSlots, findBookableMentor, isScheduledSlot } from '../availability/service';
import { sendMailJob } from '../mail/service';
import * as repository from './repository';
import { isWithinWaitlistHorizon, mentorProfilePath, toldBefore } from './rules';

async function bookableMentorOrNotFound(ctx: ServiceContext, mentorId: string): Promise<void> {
  if ((await findBookableMentor(ctx.db, mentorId)) === undefined)
    throw new AppError('not_found', mentorMessages.mentorNotFound);
}

/** `GET /api/mentors/:mentorId/waitlist`: whether the caller waits (never true on oneself, who cannot join). */
export async function getWaitlistStatus(ctx: UserContext, mentorId: string): Promise<WaitlistResponse> {
  await bookableMentorOrNotFound(ctx, mentorId);
  return { waiting: await repository.isWaiting(ctx.db, mentorId, ctx.user.id) };
}

/** `POST /api/mentors/:mentorId/waitlist`: joins; joining again changes nothing. Answers whether this call joined. */
export async function joinWaitlist(ctx: UserContext, mentorId: string): Promise<{ joined: boolean }> {
  if (mentorId === ctx.user.id) throw new AppError('forbidden', waitlistMessages.notOnYourself);
  await bookableMentorOrNotFound(ctx, mentorId);
  return { joined: await repository.joinWaitlist(ctx.db, mentorId, ctx.user.id) };
}

/** `DELETE /api/mentors/:mentorId/waitlist`: leaves; leaving a list one is not on changes nothing. */
export async function leaveWaitlist(ctx: UserContext, mentorId: string): Promise<WaitlistResponse> {
  await bookableMentorOrNotFound(ctx, mentorId);
  await repository.leaveWaitlist(ctx.db, mentorId, ctx.user.id);
  return { waiting: false };
}

/**
 * A slot of the mentor freed up (a hold lapsed, a booking was cancelled): in the same unit of work, every
 * person waiting for this mentor who was not told in the last WAITLIST_NOTICE_HOURS gets a notification (live
 * after the commit) and a mail, saying how many slots are free now. Only a slot that starts after `now`, within
 * WAITLIST_HORIZON_DAYS, and is still one of the mentor's schedule (past the booking notice) is told of:
 * anything else is no slot anyone could book. However many slots free up, and however often (holds lapse
 * every quarter hour), a waiting person hears of this mentor once a day at most.
 *
 * The waiting people stay on the list: one freed slot goes to whoever books first, and the others (or the same
 * person, for another session) still want the next one. Leaving is theirs to do.
 */
export async function announceFreedSlot(
  ctx: WorkContext,
  slot: { mentorId: string; startTime: Date; endTime: Date },
): Promise<void> {
  const { uow } = ctx;
  const now = ctx.clock.now();
  if (!isWithinWaitlistHorizon(slot.startTime, now)) return;
  const mentor = await findBookableMentor(uow.tx, slot.mentorId);
  if (
    mentor?.availability == null ||
    !isScheduledSlot(mentor.availability, slot.startTime.getTime(), now, mentor.bookingSettings)
  )
    return;
  const freeNow = await countFreeSlots(uow.tx, { mentor, now, days: WAITLIST_HORIZON_DAYS });
  if (freeNow === 0) return;
  const waiting = await repository.claimWaitingToTell(uow.tx, {
    mentorId: slot.mentorId,
    now,
    toldBefore: toldBefore(now),
  });
  if (waiting.length === 0) return;
  const mentorName = (await repository.findUserName(uow.tx, slot.mentorId)) ?? '';
  const link = new URL(mentorProfilePath(slot.mentorId), ctx.settings.publicUrl).toString();
  for (const person of waiting) {
    // Each in their own language.
    const locale = person.locale ?? 'en';
    await uow.notify(person.id, {
      type: 'slot_available',
      message: freedSlotText(mentorName, freeNow, locale),
      link: mentorProfilePath(slot.mentorId),
    });
    await uow.enqueue(
      sendMailJob,
      freedSlotMail(person.email, { name: person.name, mentorName, freeNow, link }, locale),
    );
  }
}
