import type { NoShowParty } from '@skillroute/shared/bookings';
import { formatPaise } from '@skillroute/shared/money';
import { NO_SHOW_LIMIT, NO_SHOW_WINDOW_DAYS } from '@skillroute/shared/no-shows';
import type { MailMessage } from '../../adapters/mail/mailer';
import { sessionMail, whenOf, type MailView, type SessionView } from './announcement-texts';

// What each person reads when a session is settled as a no-show (no-shows.ts): in their own zone, like every
// booking notice (announcement-texts.ts), one sentence for the notification and the same words in the mail.

export interface NoShowFacts {
  noShow: NoShowParty;
  /** Paise: the price, all of which goes back when the mentor missed the session. */
  price: number;
  /** The mentor's no-shows that count now, this one included (only when the mentor missed it). */
  mentorNoShows?: number;
  /** Whether this one took the mentor off the listing. */
  hidden?: boolean;
}

function mentorCount(facts: NoShowFacts): string {
  if (facts.hidden === true)
    return ` That is ${NO_SHOW_LIMIT} missed sessions within ${NO_SHOW_WINDOW_DAYS} days, so your profile is off the mentor listing and cannot be booked until an admin restores it.`;
  if (facts.mentorNoShows === undefined) return '';
  return ` It counts against your listing: ${facts.mentorNoShows} of ${NO_SHOW_LIMIT} missed sessions within ${NO_SHOW_WINDOW_DAYS} days take your profile off it.`;
}

export function noShowNotice(view: SessionView, facts: NoShowFacts): string {
  const when = whenOf(view);
  const refunded = `you get a full refund of ${formatPaise(facts.price)}; it goes back to the card or account you paid with.`;
  switch (facts.noShow) {
    case 'mentor':
      return view.role === 'mentee'
        ? `${view.peerName} did not join your session on ${when}, so ${refunded}`
        : `You did not join your session with ${view.peerName} on ${when}, so ${view.peerName} was refunded in full.${mentorCount(facts)}`;
    case 'both':
      return view.role === 'mentee'
        ? `Neither you nor ${view.peerName} joined the session on ${when}; as the mentor did not come, ${refunded}`
        : `Neither you nor ${view.peerName} joined the session on ${when}, so ${view.peerName} was refunded in full.${mentorCount(facts)}`;
    case 'mentee':
      return view.role === 'mentee'
        ? `You did not join your session with ${view.peerName} on ${when}, and ${view.peerName} did; as the no-show policy says, there is no refund.`
        : `${view.peerName} did not join the session on ${when}. You are paid for it as for a completed session.`;
  }
}

export function noShowMail(view: MailView, facts: NoShowFacts): MailMessage {
  const subject =
    facts.noShow === 'mentee' && view.role === 'mentor'
      ? `${view.peerName} did not join your session`
      : view.role === 'mentee' && facts.noShow !== 'mentee'
        ? `Refunded: your session with ${view.peerName} did not take place`
        : `Missed session with ${view.peerName}`;
  return sessionMail(view, subject, 'A missed session', [noShowNotice(view, facts)]);
}
