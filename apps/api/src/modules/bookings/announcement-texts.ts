import {
  HALF_REFUND_HOURS,
  HOLD_MINUTES,
  type CancellingParty,
  type RefundStatus,
} from '@skillroute/shared/bookings';
import { INTL_LOCALES, type Locale } from '@skillroute/shared/i18n/locales';
import { formatPaise } from '@skillroute/shared/money';
import { formatZonedTime } from '@skillroute/shared/time-zones';
import type { CalendarInvite, MailMessage } from '../../adapters/mail/mailer';
import { escapeHtml, layout } from '../../adapters/mail/templates';
import { translatorFor } from '../../lib/i18n';
import type { Translator } from '@skillroute/shared/i18n/translator';

/** The in-app page of one's sessions: the link of every booking notification. */
export const BOOKINGS_PATH = '/profile/bookings';

export type ReminderLead = '24h' | '15m';
export const REMINDER_LEADS: Record<ReminderLead, { ms: number; words: string }> = {
  '24h': { ms: 24 * 60 * 60 * 1000, words: '24 hours' },
  '15m': { ms: 15 * 60 * 1000, words: '15 minutes' },
};

/** How soon a reminder's session starts, in the reader's words. */
function leadWords(lead: ReminderLead, { t }: Translator): string {
  return lead === '24h' ? t('24 hours') : t('15 minutes');
}

/**
 * "Fri 27 Nov, 2:00 PM Eastern Time (New York)": the time on the reader's clock, with their zone named as
 * people know it (DESIGN.md §4b; India as IST); month, weekday and zone names in the reader's language.
 */
export function formatSessionTime(instant: Date, timeZone: string, locale: Locale = 'en'): string {
  return formatZonedTime(instant, timeZone, INTL_LOCALES[locale]);
}

/** One person's view of a session: whom they meet, and when in their zone; in their language (none: English). */
export interface SessionView {
  role: CancellingParty;
  reader: { name: string; email: string; timeZone: string; locale?: Locale | null };
  peerName: string;
  startTime: Date;
}

/** A view with the absolute links its mail carries. */
export interface MailView extends SessionView {
  roomUrl: string;
  bookingsUrl: string;
}

/** The reader's language: their account's, English while they never chose one. */
export const localeOf = (view: SessionView): Locale => view.reader.locale ?? 'en';

/** The translator of the view's reader. */
export const translatorOf = (view: SessionView): Translator => translatorFor(view.reader.locale);

export const whenOf = (view: SessionView) =>
  formatSessionTime(view.startTime, view.reader.timeZone, localeOf(view));

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
  const { t } = translatorOf(view);
  const text = [
    t('Hello {name},', { name: view.reader.name }),
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(quoted === undefined ? [] : [quoted, '']),
    t('Your sessions: {link}', { link: view.bookingsUrl }),
  ].join('\n');
  const html = layout(
    title,
    [
      `<p>${t('Hello {name},', { name: escapeHtml(view.reader.name) })}</p>`,
      ...paragraphs.map((paragraph) => `<p>${linkify(paragraph)}</p>`),
      // A person's own words: escaped, never linkified, their line breaks kept.
      ...(quoted === undefined
        ? []
        : [
            `<blockquote style="margin:16px 0;padding:12px 16px;border-left:4px solid #d4d4d8;white-space:pre-line">${escapeHtml(quoted)}</blockquote>`,
          ]),
      `<p>${t('Your sessions: {link}', { link: linkify(view.bookingsUrl) })}</p>`,
    ].join('\n'),
    localeOf(view),
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

function roomParagraph(view: MailView): string {
  const { t } = translatorOf(view);
  return t('Join the session here (the room opens 10 minutes before the start): {roomUrl}', {
    roomUrl: view.roomUrl,
  });
}

// ——— Confirmed ———

export function confirmedNotice(view: SessionView): string {
  const { t } = translatorOf(view);
  const values = { peerName: view.peerName, when: whenOf(view) };
  return view.role === 'mentee'
    ? t('Your session with {peerName} on {when} is confirmed.', values)
    : t('{peerName} booked a session with you on {when}.', values);
}

export function confirmedMail(view: MailView, invite: CalendarInvite): MailMessage {
  const { t } = translatorOf(view);
  const { peerName } = view;
  const subject =
    view.role === 'mentee'
      ? t('Confirmed: your session with {peerName}', { peerName })
      : t('New booking: {peerName} booked a session with you', { peerName });
  return sessionMail(
    view,
    subject,
    t('Your session is booked'),
    [confirmedNotice(view), roomParagraph(view), t('The attached invite puts the session in your calendar.')],
    invite,
  );
}

/** The calendar event's own words, the same for both people (each in their language). */
export function inviteSummary(mentorName: string, menteeName: string, locale: Locale = 'en'): string {
  const { t } = translatorFor(locale);
  return t('Skillroute session: {menteeName} with {mentorName}', {
    menteeName,
    mentorName,
  });
}

/** The reader's own invite: when, on their clock, and where to join. */
export function inviteDescription(view: MailView): string {
  const { t } = translatorOf(view);
  return t(
    'A one-hour mentoring session on Skillroute, {when}. Join here (the room opens 10 minutes before the start): {roomUrl}',
    { when: whenOf(view), roomUrl: view.roomUrl },
  );
}

// ——— Moved ———

/** Who moved a session, and from when: the notice names the old time and the new one. */
export interface MoveFacts {
  movedBy: CancellingParty;
  previousStart: Date;
}

export function rescheduledNotice(view: SessionView, move: MoveFacts): string {
  const { t } = translatorOf(view);
  const from = formatSessionTime(move.previousStart, view.reader.timeZone, localeOf(view));
  const values = { peerName: view.peerName, from, when: whenOf(view) };
  return move.movedBy === view.role
    ? t('You moved your session with {peerName} from {from} to {when}.', values)
    : t('{peerName} moved your session from {from} to {when}.', values);
}

export function rescheduledMail(view: MailView, move: MoveFacts, invite: CalendarInvite): MailMessage {
  const { t } = translatorOf(view);
  return sessionMail(
    view,
    t('Moved: your session with {peerName} is now {when}', { peerName: view.peerName, when: whenOf(view) }),
    t('Your session has a new time'),
    [
      rescheduledNotice(view, move),
      t('The room stays the same: {roomUrl}', { roomUrl: view.roomUrl }),
      t('The attached invite moves the session in your calendar.'),
    ],
    invite,
  );
}

// ——— Reminders ———

export function reminderNotice(view: SessionView, lead: ReminderLead): string {
  const translator = translatorOf(view);
  const { t } = translator;
  return t('Your session with {peerName} starts in {lead}: {when}.', {
    peerName: view.peerName,
    lead: leadWords(lead, translator),
    when: whenOf(view),
  });
}

export function reminderMail(view: MailView, lead: ReminderLead): MailMessage {
  const translator = translatorOf(view);
  const { t } = translator;
  return sessionMail(
    view,
    t('Reminder: your session with {peerName} starts in {lead}', {
      peerName: view.peerName,
      lead: leadWords(lead, translator),
    }),
    t('Your session is near'),
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
export function refundSentence(
  refund: CancellationFacts['refund'],
  price: number,
  locale: Locale = 'en',
): string {
  const { t } = translatorFor(locale);
  if (refund.amount === 0)
    return t('There is no refund for a cancellation less than {hours} hours before the start.', {
      hours: HALF_REFUND_HOURS,
    });
  const amount = formatPaise(refund.amount);
  if (refund.amount >= price) {
    if (refund.status === 'succeeded') return t('You got a full refund of {amount}.', { amount });
    if (refund.status === 'pending')
      return t('You get a full refund of {amount}; it goes back to the card or account you paid with.', {
        amount,
      });
    return t(
      'You are owed a full refund of {amount}, but the payment provider refused it; please contact us and we will send it.',
      { amount },
    );
  }
  const values = { amount, price: formatPaise(price) };
  if (refund.status === 'succeeded')
    return t('You got a refund of {amount} of the {price} you paid.', values);
  if (refund.status === 'pending')
    return t(
      'You get a refund of {amount} of the {price} you paid; it goes back to the card or account you paid with.',
      values,
    );
  return t(
    'You are owed a refund of {amount} of the {price} you paid, but the payment provider refused it; please contact us and we will send it.',
    values,
  );
}

/**
 * ` The reason given: "…".`, ending the sentence with a full stop only when the quoted words do not end one
 * already (`"I am ill."`, not `"I am ill.".`).
 */
export function reasonGiven(reason: string, locale: Locale = 'en'): string {
  const { t, translate } = translatorFor(locale);
  // A reason Skillroute wrote (an account suspended) is in the reader's language; a person's, as they wrote it.
  const quoted = `"${translate(reason.trim())}"`;
  return ` ${
    /[.!?…]$/.test(reason.trim())
      ? t('The reason given: {quoted}', { quoted })
      : t('The reason given: {quoted}.', { quoted })
  }`;
}

export function cancelledNotice(view: SessionView, facts: CancellationFacts): string {
  const { t } = translatorOf(view);
  const locale = localeOf(view);
  const values = { peerName: view.peerName, when: whenOf(view) };
  const because = facts.reason.trim() === '' ? '' : reasonGiven(facts.reason, locale);
  const what =
    facts.cancelledBy === view.role
      ? t('You cancelled your session with {peerName} on {when}.', values)
      : facts.cancelledBy === 'staff'
        ? t('Skillroute cancelled your session with {peerName} on {when}.', values) + because
        : t('{peerName} cancelled the session with you on {when}.', values) + because;
  return view.role === 'mentee' ? `${what} ${refundSentence(facts.refund, facts.price, locale)}` : what;
}

export function cancelledMail(view: MailView, facts: CancellationFacts, invite: CalendarInvite): MailMessage {
  const { t } = translatorOf(view);
  return sessionMail(
    view,
    t('Cancelled: your session with {peerName}', { peerName: view.peerName }),
    t('Your session is cancelled'),
    [cancelledNotice(view, facts), t('The attached notice takes the session out of your calendar.')],
    invite,
  );
}

/** An admin refunded a session that is not cancelled (it took place, or is under way): both hear it, the mentee of the money. */
export function staffRefundNotice(view: SessionView, facts: { amount: number; reason: string }): string {
  const { t } = translatorOf(view);
  const because = reasonGiven(facts.reason, localeOf(view));
  const values = { peerName: view.peerName, when: whenOf(view), amount: formatPaise(facts.amount) };
  return view.role === 'mentee'
    ? t('Skillroute refunded your session with {peerName} on {when} in full ({amount}).', values) + because
    : t("Skillroute refunded {peerName}'s payment for the session with you on {when}.", values) + because;
}

// ——— Payments ———

export function paymentFailedNotice(mentorName: string, locale: Locale = 'en'): string {
  const { t } = translatorFor(locale);
  return t('Your payment for the session with {mentorName} did not go through; the slot was released.', {
    mentorName,
  });
}

export function lateRefundNotice(view: SessionView, amount: number): string {
  const { t } = translatorOf(view);
  return t(
    'Your payment for the session with {peerName} on {when} arrived after the {minutes}-minute hold had lapsed and the slot was taken, so we refunded all of it ({amount}).',
    { peerName: view.peerName, when: whenOf(view), minutes: HOLD_MINUTES, amount: formatPaise(amount) },
  );
}

/** A payment for a booking one of whose people was blocked since, refunded in full. */
export function blockedRefundNotice(view: SessionView, amount: number): string {
  const { t } = translatorOf(view);
  return t(
    'Your payment for the session with {peerName} on {when} was refunded in full ({amount}): the session cannot take place.',
    { peerName: view.peerName, when: whenOf(view), amount: formatPaise(amount) },
  );
}

export function lateRefundMail(view: MailView, amount: number, mentorPageUrl: string): MailMessage {
  const { t } = translatorOf(view);
  const { peerName } = view;
  return sessionMail(
    view,
    t('Refunded: your payment for the session with {peerName}', { peerName }),
    t('Your payment was refunded'),
    [
      lateRefundNotice(view, amount),
      t("You can pick another time on {peerName}'s page: {link}", { peerName, link: mentorPageUrl }),
    ],
  );
}

// ——— Notes and homework ———

/** To the mentee: their mentor wrote (or changed) the notes of a session that has started. */
export function notesNotice(view: SessionView): string {
  const { t } = translatorOf(view);
  return t('{peerName} wrote notes and homework for your session on {when}.', {
    peerName: view.peerName,
    when: whenOf(view),
  });
}

/** The mentee's mail with the notes as the mentor wrote them (`notes` already through `userWritten`). */
export function notesMail(view: MailView, notes: string): MailMessage {
  const { t } = translatorOf(view);
  return sessionMail(
    view,
    t('Notes from {peerName} on your session', { peerName: view.peerName }),
    t('Notes and homework'),
    [notesNotice(view), t('They read:')],
    undefined,
    notes,
  );
}
