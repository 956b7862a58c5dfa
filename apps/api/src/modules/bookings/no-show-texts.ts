import type { NoShowParty } from '@skillroute/shared/bookings';
import { formatPaise } from '@skillroute/shared/money';
import { NO_SHOW_LIMIT, NO_SHOW_WINDOW_DAYS } from '@skillroute/shared/no-shows';
import type { MailMessage } from '../../adapters/mail/mailer';
import { sessionMail, translatorOf, whenOf, type MailView, type SessionView } from './announcement-texts';

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

function mentorCount(view: SessionView, facts: NoShowFacts): string {
  const { t } = translatorOf(view);
  const values = { limit: NO_SHOW_LIMIT, days: NO_SHOW_WINDOW_DAYS, count: facts.mentorNoShows };
  if (facts.hidden === true)
    return ` ${t(
      'That is {limit} missed sessions within {days} days, so your profile is off the mentor listing and cannot be booked until an admin restores it.',
      values,
    )}`;
  if (facts.mentorNoShows === undefined) return '';
  return ` ${t(
    'It counts against your listing: {count} of {limit} missed sessions within {days} days take your profile off it.',
    values,
  )}`;
}

export function noShowNotice(view: SessionView, facts: NoShowFacts): string {
  const { t } = translatorOf(view);
  const values = { peerName: view.peerName, when: whenOf(view), amount: formatPaise(facts.price) };
  switch (facts.noShow) {
    case 'mentor':
      return view.role === 'mentee'
        ? t(
            '{peerName} did not join your session on {when}, so you get a full refund of {amount}; it goes back to the card or account you paid with.',
            values,
          )
        : t(
            'You did not join your session with {peerName} on {when}, so {peerName} was refunded in full.',
            values,
          ) + mentorCount(view, facts);
    case 'both':
      return view.role === 'mentee'
        ? t(
            'Neither you nor {peerName} joined the session on {when}; as the mentor did not come, you get a full refund of {amount}; it goes back to the card or account you paid with.',
            values,
          )
        : t(
            'Neither you nor {peerName} joined the session on {when}, so {peerName} was refunded in full.',
            values,
          ) + mentorCount(view, facts);
    case 'mentee':
      return view.role === 'mentee'
        ? t(
            'You did not join your session with {peerName} on {when}, and {peerName} did; as the no-show policy says, there is no refund.',
            values,
          )
        : t(
            '{peerName} did not join the session on {when}. You are paid for it as for a completed session.',
            values,
          );
  }
}

export function noShowMail(view: MailView, facts: NoShowFacts): MailMessage {
  const { t } = translatorOf(view);
  const { peerName } = view;
  const subject =
    facts.noShow === 'mentee' && view.role === 'mentor'
      ? t('{peerName} did not join your session', { peerName })
      : view.role === 'mentee' && facts.noShow !== 'mentee'
        ? t('Refunded: your session with {peerName} did not take place', { peerName })
        : t('Missed session with {peerName}', { peerName });
  return sessionMail(view, subject, t('A missed session'), [noShowNotice(view, facts)]);
}
