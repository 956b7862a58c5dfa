import {
  BOOKING_STATUSES,
  notesRefusal,
  partyOf,
  paymentRefusal,
  refundForCancellation,
  rescheduleRefusal,
  type Booking,
  type BookingParty,
  type BookingStatus,
  type CancellingParty,
  type RefundStatus,
} from '@skillroute/shared/bookings';
import { isRoomOpen, roomWindow } from '@skillroute/shared/meet';
import { formatPaise } from '@skillroute/shared/money';
import { t } from '@/lib/i18n';

/** Plain rules of the booking pages: what a status reads as, what a person may do with a booking, and when. */

/** Each label is read when it is shown, in the reader's language (a getter, so the map reads as before). */
export const statusLabels: Record<BookingStatus, string> = {
  get pending_payment() {
    return t('Awaiting payment');
  },
  get confirmed() {
    return t('Confirmed');
  },
  get completed() {
    return t('Completed');
  },
  get expired() {
    return t('Hold lapsed');
  },
  get payment_failed() {
    return t('Payment failed');
  },
  get cancelled() {
    return t('Cancelled');
  },
  get no_show() {
    return t('No-show');
  },
};

export const refundStatusLabels: Record<RefundStatus, string> = {
  get pending() {
    return t('Refund pending');
  },
  get succeeded() {
    return t('Refunded');
  },
  get failed() {
    return t('Refund failed');
  },
};

/** Said under a refund that failed for good (DESIGN.md §4b): what happened and that it is not left there. */
export const refundFailedNote = () =>
  t('The payment service did not take this refund. Skillroute’s team sees it and can send it again.');

export type StatusFilter = BookingStatus | 'all';

/** The list's filter from `?status=`: an unknown value shows everything rather than nothing. */
export function parseStatusFilter(value: string | null): StatusFilter {
  return (BOOKING_STATUSES as readonly string[]).includes(value ?? '') ? (value as BookingStatus) : 'all';
}

/** A countdown as "mm:ss", whole seconds rounded up so it reads 00:00 only when the time is really up. */
export function formatCountdown(msLeft: number): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Seconds left at which a screen reader hears the hold's time again: often enough to plan, not every tick. */
const ANNOUNCE_AT = [600, 300, 120, 60, 30] as const;

/**
 * What the hold's live region says with `msLeft` to go. The text only changes at a mark (10, 5, 2 and 1
 * minutes, 30 seconds), so a polite live region announces it then and stays quiet in between.
 */
export function holdAnnouncement(msLeft: number, holdMinutes: number): string {
  const seconds = Math.ceil(msLeft / 1000);
  if (seconds <= 0) return t('Your hold lapsed.');
  const mark = [...ANNOUNCE_AT].reverse().find((at) => seconds <= at);
  if (mark === undefined)
    return t('The slot is held for you for {minutes} minutes while you pay.', { minutes: holdMinutes });
  return mark >= 60
    ? t('{count, plural, one {# minute left to pay.} other {# minutes left to pay.}}', { count: mark / 60 })
    : t('{count} seconds left to pay.', { count: mark });
}

/** The part a user plays in a booking. */
export const roleIn = (booking: Booking, userId: string): CancellingParty =>
  partyOf(booking, userId) ?? 'mentee';

/** The other person of a booking, and what they are to the viewer. */
export function otherParty(booking: Booking, userId: string): BookingParty & { role: 'Mentor' | 'Mentee' } {
  return roleIn(booking, userId) === 'mentor'
    ? { ...booking.mentee, role: 'Mentee' }
    : { ...booking.mentor, role: 'Mentor' };
}

export interface BookingActions {
  pay: boolean;
  cancel: boolean;
  /** Either person, within the policy (the shared `rescheduleRefusal`, which the api applies too). */
  reschedule: boolean;
  review: boolean;
  /** The mentor writes the notes and homework, once the session has started. */
  writeNotes: boolean;
}

/**
 * Pay: the mentee, while the hold lasts (someone who left the mentor's page after booking can still pay).
 * Cancel: a confirmed session not yet started, by either person. Review: the mentee, once, after completion.
 * Notes: the mentor, from the start of a confirmed or completed session (the rule the api applies).
 */
export function bookingActions(booking: Booking, userId: string, now: Date): BookingActions {
  const isMentee = roleIn(booking, userId) === 'mentee';
  return {
    pay: paymentRefusal(booking, userId, now) === undefined,
    cancel: booking.status === 'confirmed' && now.getTime() < Date.parse(booking.startTime),
    reschedule: rescheduleRefusal(booking, userId, now) === undefined,
    review: booking.status === 'completed' && isMentee && booking.review === undefined,
    writeNotes: notesRefusal(booking, userId, now) === undefined,
  };
}

/**
 * Join (spec §1, DESIGN §4 "Meeting rooms"): the room of a confirmed session is open to its two people from
 * 10 minutes before the start to 15 minutes after the end (a session completed early stays joinable until
 * then). Before that, the booking says when Join appears rather than showing a button that does nothing.
 */
export function joinState(booking: Booking, now: Date): 'open' | 'opens-later' | 'none' {
  if (isRoomOpen(booking, now)) return 'open';
  if (booking.status === 'confirmed' && now.getTime() < roomWindow(booking).opensAt.getTime())
    return 'opens-later';
  return 'none';
}

/** What cancelling now returns, as the cancel dialog states it to the person cancelling. */
export function cancellationRefundText(booking: Booking, userId: string, now: Date): string {
  const cancelledBy = roleIn(booking, userId);
  const refund = refundForCancellation({
    amount: booking.amount,
    startTime: booking.startTime,
    cancelledBy,
    now,
  });
  const amount = formatPaise(refund.amount);
  if (cancelledBy === 'mentor') return t('Your mentee gets {amount} back.', { amount });
  if (refund.share === 'full') return t('You will get {amount} back.', { amount });
  if (refund.share === 'half')
    return t('You will get {amount} back: half, as the session starts within 24 hours.', { amount });
  return t('You will get {amount} back: the session starts in under 2 hours.', { amount });
}

/** How long the payment page waits for the provider's word: the hold's end and a minute for a late webhook. */
export const paymentWaitEnds = (booking: Booking): number => Date.parse(booking.holdExpiresAt) + 60_000;

export type PaymentOutcome = 'waiting' | 'confirmed' | 'declined' | 'lapsed' | 'cancelled';

/** What the payment page tells the payer, from the booking's status. */
export function paymentOutcome(status: BookingStatus): PaymentOutcome {
  switch (status) {
    case 'pending_payment':
      return 'waiting';
    case 'confirmed':
    case 'completed':
      return 'confirmed';
    case 'payment_failed':
      return 'declined';
    case 'expired':
      return 'lapsed';
    case 'cancelled':
      return 'cancelled';
    // Paid for, so the payment went through; what became of the session is the bookings page's to say.
    case 'no_show':
      return 'confirmed';
  }
}

const startOf = (booking: Booking) => Date.parse(booking.startTime);

/**
 * /profile/bookings' two sections. Upcoming: holds still running, on top (the soonest to lapse first: they
 * wait for payment), then confirmed sessions not yet over, soonest first. Past: everything else, newest first,
 * the sessions held and those that will not happen (cancelled, declined, lapsed).
 */
export function upcomingAndPast(
  bookings: readonly Booking[],
  now: number,
): { upcoming: Booking[]; past: Booking[] } {
  const isHeld = (booking: Booking) =>
    booking.status === 'pending_payment' && Date.parse(booking.holdExpiresAt) > now;
  const isComing = (booking: Booking) => booking.status === 'confirmed' && Date.parse(booking.endTime) > now;
  const held = bookings
    .filter(isHeld)
    .sort((a, b) => Date.parse(a.holdExpiresAt) - Date.parse(b.holdExpiresAt));
  const coming = bookings.filter(isComing).sort((a, b) => startOf(a) - startOf(b));
  const past = bookings
    .filter((booking) => !isHeld(booking) && !isComing(booking))
    .sort((a, b) => startOf(b) - startOf(a));
  return { upcoming: [...held, ...coming], past };
}
