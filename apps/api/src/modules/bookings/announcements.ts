import { readerZone } from '@skillroute/shared/time-zones';
import {
  NOTES_ANNOUNCE_AFTER_MINUTES,
  type CancellingParty,
  type RefundStatus,
} from '@skillroute/shared/bookings';
import type { MailMessage } from '../../adapters/mail/mailer';
import { PRODUCT, userWritten } from '../../adapters/mail/templates';
import type { ServiceSettings } from '../../context/ports';
import type { ServiceContext, WorkContext } from '../../context/service-context';
import type { Executor } from '../../db/client';
import { sendMailJob } from '../mail/service';
import {
  BOOKINGS_PATH,
  blockedRefundNotice,
  cancelledMail,
  cancelledNotice,
  confirmedMail,
  confirmedNotice,
  inviteDescription,
  inviteSummary,
  lateRefundMail,
  lateRefundNotice,
  notesMail,
  notesNotice,
  paymentFailedNotice,
  REMINDER_LEADS,
  reminderMail,
  reminderNotice,
  rescheduledMail,
  rescheduledNotice,
  staffRefundNotice,
  type CancellationFacts,
  type MailView,
  type MoveFacts,
  type ReminderLead,
  type SessionView,
} from './announcement-texts';
import { announceNotesJob, remindJob } from './job-types';
import { findBookingForMail, type BookingForMail } from './repository';
import { cancellerOf } from './rules';
import { sessionInvite, type InvitePerson } from './session-invite';

/**
 * Telling both people what happened to their booking (DESIGN.md §4): a notification and the mails (queued
 * to `mail.send`), in the unit of work of the change, so both exist exactly when the change does; a mail for
 * confirmed, cancelled and the two reminders; a calendar invite with the confirmation (and its withdrawal
 * with the cancellation). Links and the invite's organizer come from `ctx.settings`.
 */

export type RefundNotice = { amount: number; status: RefundStatus };

type BookingMailData =
  | { bookingId: string; kind: 'confirmed' }
  | { bookingId: string; kind: 'cancelled'; refund: RefundNotice }
  | { bookingId: string; kind: 'late_payment_refunded' }
  | { bookingId: string; kind: 'rescheduled'; move: MoveFacts };

export const reminderKey = (bookingId: string, lead: ReminderLead): string => `${bookingId}:${lead}`;

/**
 * The event of a booking's announcement: a session moved is told once per move, and its reminders are new
 * ones (a 24-hour reminder sent for the old time does not stop the one for the new time).
 */
const eventOf = (kind: string, booking: { rescheduleCount: number }): string =>
  booking.rescheduleCount === 0 ? kind : `${kind}-moved-${booking.rescheduleCount}`;

/** PUBLIC_URL (without a trailing slash) and MAIL_FROM, the invite's organizer, so neither person's address is shown to the other. */
export type AnnouncementLinks = Pick<ServiceSettings, 'publicUrl' | 'mailFrom'>;

/**
 * What makes a booking's notification or mail one of a kind: the booking, the event and the recipient (a
 * user id or an address). Written again with the same key, a notification is not added and a mail not sent,
 * so a job that runs twice (its process died before it was marked done) tells nobody twice.
 */
export const announcementKey = (bookingId: string, event: string, recipient: string): string =>
  `booking:${bookingId}:${event}:${recipient}`;

/** Queues the mails of a booking event in the unit of work that made it. */
async function queueMails(ctx: WorkContext, booking: BookingForMail, data: BookingMailData): Promise<void> {
  const event = eventOf(data.kind, booking);
  for (const mail of bookingMails(booking, data, ctx.settings))
    await ctx.uow.enqueue(sendMailJob, { ...mail, key: announcementKey(booking.id, event, mail.to) });
}

/** The booking with what its people wrote (names, the cancellation reason) made fit for a mail: `userWritten`. */
export function forMail(booking: BookingForMail): BookingForMail {
  return {
    ...booking,
    cancelReason: booking.cancelReason === null ? null : userWritten(booking.cancelReason),
    mentor: { ...booking.mentor, name: userWritten(booking.mentor.name) },
    mentee: { ...booking.mentee, name: userWritten(booking.mentee.name) },
  };
}

export async function bookingFor(db: Executor, bookingId: string): Promise<BookingForMail> {
  const booking = await findBookingForMail(db, bookingId);
  // The callers have just changed this row in the same transaction: not finding it is a bug, not a request.
  if (booking === undefined) throw new Error(`booking ${bookingId} was not found to announce`);
  return booking;
}

/**
 * Each person's view, in their own zone (a mentor without one in their availability's; else India's) and
 * their own language.
 */
export function viewsOf(booking: BookingForMail): { mentor: SessionView; mentee: SessionView } {
  return {
    mentor: {
      role: 'mentor',
      reader: {
        name: booking.mentor.name,
        email: booking.mentor.email,
        timeZone: readerZone(booking.mentor.timezone),
        locale: booking.mentor.locale,
      },
      peerName: booking.mentee.name,
      startTime: booking.startTime,
    },
    mentee: {
      role: 'mentee',
      reader: {
        name: booking.mentee.name,
        email: booking.mentee.email,
        timeZone: readerZone(booking.mentee.timezone),
        locale: booking.mentee.locale,
      },
      peerName: booking.mentor.name,
      startTime: booking.startTime,
    },
  };
}

const mentorPagePath = (mentorId: string) => `/mentor-profile/${mentorId}`;

/**
 * After pending_payment → confirmed, in the payment's unit of work: both people notified, the mails with the
 * calendar invite queued, and the reminders scheduled for 24 hours and 15 minutes before the start (a time
 * already past gets none: a booking made 3 hours ahead is reminded only at 15 minutes).
 */
export async function announceConfirmed(ctx: WorkContext, input: { bookingId: string }): Promise<void> {
  const { bookingId } = input;
  const { uow } = ctx;
  const booking = await bookingFor(uow.tx, bookingId);
  const views = viewsOf(booking);
  await uow.notify(booking.menteeId, {
    type: 'booking_confirmed',
    key: announcementKey(bookingId, 'confirmed', booking.menteeId),
    message: confirmedNotice(views.mentee),
    link: BOOKINGS_PATH,
  });
  await uow.notify(booking.mentorId, {
    type: 'booking_confirmed',
    key: announcementKey(bookingId, 'confirmed', booking.mentorId),
    message: confirmedNotice(views.mentor),
    link: BOOKINGS_PATH,
  });
  await queueMails(ctx, booking, { bookingId, kind: 'confirmed' });
  await scheduleReminders(ctx, booking);
}

/** The reminders of a session at its start, 24 hours and 15 minutes before (a time already past gets none). */
async function scheduleReminders(ctx: WorkContext, booking: BookingForMail): Promise<void> {
  // Real time, not a service clock: pg-boss fires a reminder by the database's clock.
  const now = Date.now();
  for (const lead of Object.keys(REMINDER_LEADS) as ReminderLead[]) {
    const due = booking.startTime.getTime() - REMINDER_LEADS[lead].ms;
    if (due > now)
      await ctx.uow.enqueue(
        remindJob,
        { bookingId: booking.id, lead },
        { startAfter: new Date(due), singletonKey: reminderKey(booking.id, lead) },
      );
  }
}

async function dropReminders(ctx: WorkContext, bookingId: string): Promise<void> {
  for (const lead of Object.keys(REMINDER_LEADS) as ReminderLead[])
    await ctx.uow.cancelJobs(remindJob, reminderKey(bookingId, lead));
}

/**
 * After a confirmed session moved, in the move's unit of work (the row has its new time): both people
 * notified and mailed, each mail with the invite that replaces the event in their calendar (same UID, the
 * SEQUENCE of the move), and the reminders moved to the new time.
 */
export async function announceRescheduled(
  ctx: WorkContext,
  input: { bookingId: string; move: MoveFacts },
): Promise<void> {
  const { bookingId, move } = input;
  const { uow } = ctx;
  const booking = await bookingFor(uow.tx, bookingId);
  const views = viewsOf(booking);
  const event = eventOf('rescheduled', booking);
  for (const view of [views.mentee, views.mentor]) {
    const userId = view.role === 'mentee' ? booking.menteeId : booking.mentorId;
    await uow.notify(userId, {
      type: 'booking_rescheduled',
      key: announcementKey(bookingId, event, userId),
      message: rescheduledNotice(view, move),
      link: BOOKINGS_PATH,
    });
  }
  await queueMails(ctx, booking, { bookingId, kind: 'rescheduled', move });
  await dropReminders(ctx, bookingId);
  await scheduleReminders(ctx, booking);
}

/**
 * After confirmed → cancelled, in the cancellation's unit of work (the row already says who cancelled and
 * why): both people notified and mailed, the mentee told of the refund, and both reminders dropped.
 */
export async function announceCancelled(
  ctx: WorkContext,
  input: { bookingId: string; refund: RefundNotice },
): Promise<void> {
  const { bookingId, refund } = input;
  const { uow } = ctx;
  const booking = await bookingFor(uow.tx, bookingId);
  const views = viewsOf(booking);
  const facts = cancellationOf(booking, refund);
  await uow.notify(booking.menteeId, {
    type: 'booking_cancelled',
    key: announcementKey(bookingId, 'cancelled', booking.menteeId),
    message: cancelledNotice(views.mentee, facts),
    link: BOOKINGS_PATH,
  });
  await uow.notify(booking.mentorId, {
    type: 'booking_cancelled',
    key: announcementKey(bookingId, 'cancelled', booking.mentorId),
    message: cancelledNotice(views.mentor, facts),
    link: BOOKINGS_PATH,
  });
  await queueMails(ctx, booking, { bookingId, kind: 'cancelled', refund });
  await dropReminders(ctx, bookingId);
}

function cancellationOf(booking: BookingForMail, refund: RefundNotice): CancellationFacts {
  return {
    cancelledBy: cancellerOf(booking),
    reason: booking.cancelReason ?? '',
    refund,
    price: booking.amount,
  };
}

/** An admin's full refund of a session that stays as it is (completed, or under way): both people are told. */
export async function announceStaffRefund(
  ctx: WorkContext,
  input: { bookingId: string; reason: string },
): Promise<void> {
  const { bookingId, reason } = input;
  const { uow } = ctx;
  const booking = await bookingFor(uow.tx, bookingId);
  const views = viewsOf(booking);
  const facts = { amount: booking.amount, reason };
  await uow.notify(booking.menteeId, {
    type: 'payment_refunded',
    message: staffRefundNotice(views.mentee, facts),
    link: BOOKINGS_PATH,
  });
  await uow.notify(booking.mentorId, {
    type: 'payment_refunded',
    message: staffRefundNotice(views.mentor, facts),
    link: BOOKINGS_PATH,
  });
}

/** After pending_payment → payment_failed: the mentee hears the slot was released (no mail: nothing was paid). */
export async function announcePaymentFailed(ctx: WorkContext, input: { bookingId: string }): Promise<void> {
  const booking = await bookingFor(ctx.uow.tx, input.bookingId);
  await ctx.uow.notify(booking.menteeId, {
    type: 'payment_failed',
    message: paymentFailedNotice(booking.mentor.name, booking.mentee.locale ?? 'en'),
    link: mentorPagePath(booking.mentorId),
  });
}

/** A payment that came after the hold lapsed and the slot was taken, refunded in full: the payer is told and mailed. */
export async function announceLatePaymentRefunded(
  ctx: WorkContext,
  input: { bookingId: string },
): Promise<void> {
  const { bookingId } = input;
  const booking = await bookingFor(ctx.uow.tx, bookingId);
  await ctx.uow.notify(booking.menteeId, {
    type: 'payment_refunded',
    key: announcementKey(bookingId, 'late_payment_refunded', booking.menteeId),
    message: lateRefundNotice(viewsOf(booking).mentee, booking.amount),
    link: mentorPagePath(booking.mentorId),
  });
  await queueMails(ctx, booking, { bookingId, kind: 'late_payment_refunded' });
}

/** A payment for a booking one of whose people is blocked, refunded in full: the payer is told. */
export async function announceBlockedPaymentRefunded(
  ctx: WorkContext,
  input: { bookingId: string },
): Promise<void> {
  const booking = await bookingFor(ctx.uow.tx, input.bookingId);
  await ctx.uow.notify(booking.menteeId, {
    type: 'payment_refunded',
    message: blockedRefundNotice(viewsOf(booking).mentee, booking.amount),
    link: BOOKINGS_PATH,
  });
}

// ——— Workers ———

/** "Skillroute <no-reply@…>" or a bare address, as the invite's organizer. */
export function organizerOf(mailFrom: string): InvitePerson {
  const named = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(mailFrom);
  return named === null
    ? { name: PRODUCT, email: mailFrom.trim() }
    : { name: named[1] || PRODUCT, email: named[2]!.trim() };
}

export function mailViewOf(view: SessionView, booking: BookingForMail, links: AnnouncementLinks): MailView {
  return {
    ...view,
    roomUrl: `${links.publicUrl}/meet/${booking.roomId}`,
    bookingsUrl: `${links.publicUrl}${BOOKINGS_PATH}`,
  };
}

function inviteFor(
  booking: BookingForMail,
  view: MailView,
  links: AnnouncementLinks,
  method: 'REQUEST' | 'CANCEL',
) {
  return sessionInvite({
    bookingId: booking.id,
    startTime: booking.startTime,
    endTime: booking.endTime,
    summary: inviteSummary(booking.mentor.name, booking.mentee.name, view.reader.locale ?? 'en'),
    description: inviteDescription(view),
    roomUrl: view.roomUrl,
    organizer: organizerOf(links.mailFrom),
    attendee: { name: view.reader.name, email: view.reader.email },
    method,
    revision: booking.rescheduleCount,
  });
}

/**
 * The calendar invite the confirmation mail gave `party` of a confirmed booking, again: the same event (UID,
 * times, room link), for "Add to calendar" on the payment page.
 */
export function confirmedInvite(written: BookingForMail, party: CancellingParty, links: AnnouncementLinks) {
  const booking = forMail(written);
  const view = viewsOf(booking)[party];
  return inviteFor(booking, mailViewOf(view, booking, links), links, 'REQUEST');
}

/** The mails of one booking event, as they read now; none for a confirmation already overtaken by a cancellation. */
export function bookingMails(
  written: BookingForMail,
  data: BookingMailData,
  links: AnnouncementLinks,
): MailMessage[] {
  const booking = forMail(written);
  const { mentor, mentee } = viewsOf(booking);
  const both = [mailViewOf(mentee, booking, links), mailViewOf(mentor, booking, links)];
  switch (data.kind) {
    case 'confirmed':
      // A REQUEST arriving after the CANCEL would put a cancelled session back in the calendar.
      if (booking.status !== 'confirmed') return [];
      return both.map((view) => confirmedMail(view, inviteFor(booking, view, links, 'REQUEST')));
    case 'cancelled':
      return both.map((view) =>
        cancelledMail(view, cancellationOf(booking, data.refund), inviteFor(booking, view, links, 'CANCEL')),
      );
    case 'rescheduled':
      // Moved and then cancelled before this was written: the cancellation's mail says what counts.
      if (booking.status !== 'confirmed') return [];
      return both.map((view) => rescheduledMail(view, data.move, inviteFor(booking, view, links, 'REQUEST')));
    case 'late_payment_refunded':
      return [
        lateRefundMail(
          mailViewOf(mentee, booking, links),
          booking.amount,
          `${links.publicUrl}${mentorPagePath(booking.mentorId)}`,
        ),
      ];
  }
}

/**
 * The worker of `bookings.remind`. It reads the booking again and does nothing unless the session is still
 * confirmed and not yet started: a cancellation drops the jobs, and this is the defence if one slipped through.
 */
export async function remindSession(
  ctx: ServiceContext,
  input: { bookingId: string; lead: ReminderLead },
): Promise<void> {
  const { bookingId, lead } = input;
  await ctx.unitOfWork(async (uow) => {
    const booking = await findBookingForMail(uow.tx, bookingId);
    if (booking?.status !== 'confirmed' || booking.startTime.getTime() <= ctx.clock.now().getTime()) return;
    const views = viewsOf(booking);
    const event = eventOf(`reminder-${lead}`, booking);
    for (const view of [views.mentee, views.mentor]) {
      const userId = view.role === 'mentee' ? booking.menteeId : booking.mentorId;
      await uow.notify(userId, {
        type: 'booking_reminder',
        key: announcementKey(bookingId, event, userId),
        message: reminderNotice(view, lead),
        link: BOOKINGS_PATH,
      });
    }
    const mailed = forMail(booking);
    const mailViews = viewsOf(mailed);
    for (const view of [mailViews.mentee, mailViews.mentor])
      await uow.enqueue(sendMailJob, {
        ...reminderMail(mailViewOf(view, mailed, ctx.settings), lead),
        key: announcementKey(bookingId, event, view.reader.email),
      });
  });
}

// ——— Notes and homework ———

/**
 * After a save that changed a booking's notes, in its unit of work: the mentee's notice is queued for
 * NOTES_ANNOUNCE_AFTER_MINUTES from now, unless one waits already (keyed by the booking). Saves meanwhile
 * add nothing: the one notice reads the notes as they are when it runs.
 */
export async function scheduleNotesAnnouncement(
  ctx: WorkContext,
  input: { bookingId: string },
): Promise<void> {
  const { bookingId } = input;
  // Real time, not a service clock: pg-boss starts jobs by the database's clock.
  const startAfter = new Date(Date.now() + NOTES_ANNOUNCE_AFTER_MINUTES * 60_000);
  await ctx.uow.enqueue(announceNotesJob, { bookingId }, { startAfter, singletonKey: bookingId });
}

/** What makes one notice of the notes one of a kind: the version it tells of (when they last changed). */
const notesEvent = (notesUpdatedAt: Date) => `notes-${notesUpdatedAt.getTime()}`;

/**
 * The worker of `bookings.announce-notes`: the mentee is notified and mailed the notes as they read now.
 * Keyed by the version (`notesUpdatedAt`), so a job that runs again, or a second job with no change since
 * the first, tells nobody twice; a later change is a new version and is told once more.
 */
export async function announceNotes(ctx: ServiceContext, input: { bookingId: string }): Promise<void> {
  const { bookingId } = input;
  await ctx.unitOfWork(async (uow) => {
    const booking = await findBookingForMail(uow.tx, bookingId);
    if (booking === undefined || booking.notes === null || booking.notesUpdatedAt === null) return;
    const event = notesEvent(booking.notesUpdatedAt);
    await uow.notify(booking.menteeId, {
      type: 'session_notes',
      key: announcementKey(bookingId, event, booking.menteeId),
      message: notesNotice(viewsOf(booking).mentee),
      link: BOOKINGS_PATH,
    });
    const mailed = forMail(booking);
    const view = mailViewOf(viewsOf(mailed).mentee, mailed, ctx.settings);
    await uow.enqueue(sendMailJob, {
      ...notesMail(view, userWritten(booking.notes)),
      key: announcementKey(bookingId, event, view.reader.email),
    });
  });
}
