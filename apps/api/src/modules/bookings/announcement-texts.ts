import {
  HALF_REFUND_HOURS,
  HOLD_MINUTES,
  type CancellingParty,
  type RefundStatus,
} from '@skillroute/shared/bookings';
import { formatPaise } from '@skillroute/shared/money';
import { formatZonedTime } from '@skillroute/shared/time-zones';
import type { CalendarInvite, MailMessage } from '../../adapters/mail/mailer';
import { escapeHtml, layout, PRODUCT } from '../../adapters/mail/templates';

/** The in-app page of one's sessions: the link of every booking notification. */
export const BOOKINGS_PATH = '/profile/bookings';

export type ReminderLead = '24h' | '15m';
export const REMINDER_LEADS: Record<ReminderLead, { ms: number; words: string }> = {
  '24h': { ms: 24 * 60 * 60 * 1000, words: '24 hours' },
  '15m': { ms: 15 * 60 * 1000, words: '15 minutes' },
};

/**
 * "Fri 27 Nov, 2:00 PM Eastern Time (New York)": the time on the reader's clock, with their zone named as
 * people know it (DESIGN.md §4b; India as IST).
 */
export function formatSessionTime(instant: Date, timeZone: string): string {
  return formatZonedTime(instant, timeZone);
}

/** One person's view of a session: whom they meet, and when in their zone. */
export interface SessionView {
  role: CancellingParty;
  reader: { name: string; email: string; timeZone: string };
  peerName: string;
  startTime: Date;
}

/** A view with the absolute links its mail carries. */
export interface MailView extends SessionView {
  roomUrl: string;
  bookingsUrl: string;
}

export const whenOf = (view: SessionView) => formatSessionTime(view.startTime, view.reader.timeZone);

/**
 * A mail in the house style: a greeting, paragraphs, and the addresses as plain links every client shows.
 * `quoted` is text a person wrote (already through `userWritten`), shown as a quotation and never linkified.
 */
export function sessionMail(
  view: MailView,
  subject: string,
  title: string,
  paragraphs: string[],
  invite?: CalendarInvite,
  quoted?: string,
): MailMessage {
  const text = [
    `Hello ${view.reader.name},`,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(quoted === undefined ? [] : [quoted, '']),
    `Your sessions: ${view.bookingsUrl}`,
  ].join('\n');
  const html = layout(
    title,
    [
      `<p>Hello ${escapeHtml(view.reader.name)},</p>`,
      ...paragraphs.map((paragraph) => `<p>${linkify(paragraph)}</p>`),
      // A person's own words: escaped, never linkified, their line breaks kept.
      ...(quoted === undefined
        ? []
        : [
            `<blockquote style="margin:16px 0;padding:12px 16px;border-left:4px solid #d4d4d8;white-space:pre-line">${escapeHtml(quoted)}</blockquote>`,
          ]),
      `<p>Your sessions: ${linkify(view.bookingsUrl)}</p>`,
    ].join('\n'),
  );
  return {
    to: view.reader.email,
    subject,
    text,
    html,
    ...(invite === undefined ? {} : { icalEvent: invite }),
  };
}

/** Escapes a paragraph and turns its http(s) addresses into links. */
function linkify(paragraph: string): string {
  return escapeHtml(paragraph).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

const roomParagraph = (view: MailView) =>
  `Join the session here (the room opens 10 minutes before the start): ${view.roomUrl}`;

// ——— Confirmed ———

export function confirmedNotice(view: SessionView): string {
  return view.role === 'mentee'
    ? `Your session with ${view.peerName} on ${whenOf(view)} is confirmed.`
    : `${view.peerName} booked a session with you on ${whenOf(view)}.`;
}

export function confirmedMail(view: MailView, invite: CalendarInvite): MailMessage {
  const subject =
    view.role === 'mentee'
      ? `Confirmed: your session with ${view.peerName}`
      : `New booking: ${view.peerName} booked a session with you`;
  return sessionMail(
    view,
    subject,
    'Your session is booked',
    [confirmedNotice(view), roomParagraph(view), 'The attached invite puts the session in your calendar.'],
    invite,
  );
}

/** The calendar event's own words, the same for both people. */
export function inviteSummary(mentorName: string, menteeName: string): string {
  return `${PRODUCT} session: ${menteeName} with ${mentorName}`;
}

/** The reader's own invite: when, on their clock, and where to join. */
export function inviteDescription(view: MailView): string {
  return `A one-hour mentoring session on ${PRODUCT}, ${whenOf(view)}. Join here (the room opens 10 minutes before the start): ${view.roomUrl}`;
}

// ——— Moved ———

/** Who moved a session, and from when: the notice names the old time and the new one. */
export interface MoveFacts {
  movedBy: CancellingParty;
  previousStart: Date;
}

export function rescheduledNotice(view: SessionView, move: MoveFacts): string {
  const from = formatSessionTime(move.previousStart, view.reader.timeZone);
  return move.movedBy === view.role
    ? `You moved your session with ${view.peerName} from ${from} to ${whenOf(view)}.`
    : `${view.peerName} moved your session from ${from} to ${whenOf(view)}.`;
}

export function rescheduledMail(view: MailView, move: MoveFacts, invite: CalendarInvite): MailMessage {
  return sessionMail(
    view,
    `Moved: your session with ${view.peerName} is now ${whenOf(view)}`,
    'Your session has a new time',
    [
      rescheduledNotice(view, move),
      `The room stays the same: ${view.roomUrl}`,
      'The attached invite moves the session in your calendar.',
    ],
    invite,
  );
}

// ——— Reminders ———

export function reminderNotice(view: SessionView, lead: ReminderLead): string {
  return `Your session with ${view.peerName} starts in ${REMINDER_LEADS[lead].words}: ${whenOf(view)}.`;
}

export function reminderMail(view: MailView, lead: ReminderLead): MailMessage {
  return sessionMail(
    view,
    `Reminder: your session with ${view.peerName} starts in ${REMINDER_LEADS[lead].words}`,
    'Your session is near',
    [reminderNotice(view, lead), roomParagraph(view)],
  );
}

// ——— Cancelled ———

export interface CancellationFacts {
  /** `staff` when neither person did (an admin's refund). */
  cancelledBy: CancellingParty | 'staff';
  reason: string;
  /** Paise the mentee gets back, how the provider last reported it, and the price it is a share of. */
  refund: { amount: number; status: RefundStatus };
  price: number;
}

/** What the mentee reads about their money; the mentor is not told the mentee's refund. */
export function refundSentence(refund: CancellationFacts['refund'], price: number): string {
  if (refund.amount === 0)
    return `There is no refund for a cancellation less than ${HALF_REFUND_HOURS} hours before the start.`;
  const what =
    refund.amount >= price
      ? `a full refund of ${formatPaise(refund.amount)}`
      : `a refund of ${formatPaise(refund.amount)} of the ${formatPaise(price)} you paid`;
  if (refund.status === 'succeeded') return `You got ${what}.`;
  if (refund.status === 'pending')
    return `You get ${what}; it goes back to the card or account you paid with.`;
  return `You are owed ${what}, but the payment provider refused it; please contact us and we will send it.`;
}

/**
 * ` The reason given: "…".`, ending the sentence with a full stop only when the quoted words do not end one
 * already (`"I am ill."`, not `"I am ill.".`).
 */
export function reasonGiven(reason: string): string {
  const quoted = `"${reason.trim()}"`;
  return ` The reason given: ${quoted}${/[.!?…]$/.test(reason.trim()) ? '' : '.'}`;
}

export function cancelledNotice(view: SessionView, facts: CancellationFacts): string {
  const when = whenOf(view);
  const because = facts.reason.trim() === '' ? '' : reasonGiven(facts.reason);
  const what =
    facts.cancelledBy === view.role
      ? `You cancelled your session with ${view.peerName} on ${when}.`
      : facts.cancelledBy === 'staff'
        ? `${PRODUCT} cancelled your session with ${view.peerName} on ${when}.${because}`
        : `${view.peerName} cancelled the session with you on ${when}.${because}`;
  return view.role === 'mentee' ? `${what} ${refundSentence(facts.refund, facts.price)}` : what;
}

export function cancelledMail(view: MailView, facts: CancellationFacts, invite: CalendarInvite): MailMessage {
  return sessionMail(
    view,
    `Cancelled: your session with ${view.peerName}`,
    'Your session is cancelled',
    [cancelledNotice(view, facts), 'The attached notice takes the session out of your calendar.'],
    invite,
  );
}

/** An admin refunded a session that is not cancelled (it took place, or is under way): both hear it, the mentee of the money. */
export function staffRefundNotice(view: SessionView, facts: { amount: number; reason: string }): string {
  const because = reasonGiven(facts.reason);
  return view.role === 'mentee'
    ? `${PRODUCT} refunded your session with ${view.peerName} on ${whenOf(view)} in full (${formatPaise(facts.amount)}).${because}`
    : `${PRODUCT} refunded ${view.peerName}'s payment for the session with you on ${whenOf(view)}.${because}`;
}

// ——— Payments ———

export function paymentFailedNotice(mentorName: string): string {
  return `Your payment for the session with ${mentorName} did not go through; the slot was released.`;
}

export function lateRefundNotice(view: SessionView, amount: number): string {
  return `Your payment for the session with ${view.peerName} on ${whenOf(view)} arrived after the ${HOLD_MINUTES}-minute hold had lapsed and the slot was taken, so we refunded all of it (${formatPaise(amount)}).`;
}

/** A payment for a booking one of whose people was blocked since, refunded in full. */
export function blockedRefundNotice(view: SessionView, amount: number): string {
  return `Your payment for the session with ${view.peerName} on ${whenOf(view)} was refunded in full (${formatPaise(amount)}): the session cannot take place.`;
}

export function lateRefundMail(view: MailView, amount: number, mentorPageUrl: string): MailMessage {
  return sessionMail(
    view,
    `Refunded: your payment for the session with ${view.peerName}`,
    'Your payment was refunded',
    [
      lateRefundNotice(view, amount),
      `You can pick another time on ${view.peerName}'s page: ${mentorPageUrl}`,
    ],
  );
}

// ——— Notes and homework ———

/** To the mentee: their mentor wrote (or changed) the notes of a session that has started. */
export function notesNotice(view: SessionView): string {
  return `${view.peerName} wrote notes and homework for your session on ${whenOf(view)}.`;
}

/** The mentee's mail with the notes as the mentor wrote them (`notes` already through `userWritten`). */
export function notesMail(view: MailView, notes: string): MailMessage {
  return sessionMail(
    view,
    `Notes from ${view.peerName} on your session`,
    'Notes and homework',
    [notesNotice(view), 'They read:'],
    undefined,
    notes,
  );
}
