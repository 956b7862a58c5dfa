import { createEvent } from 'ics';
import type { CalendarInvite } from '../../adapters/mail/mailer';

export interface InvitePerson {
  name: string;
  email: string;
}

export interface SessionInviteInput {
  bookingId: string;
  startTime: Date;
  endTime: Date;
  summary: string;
  description: string;
  /** The meeting room's page, the place of the event. */
  roomUrl: string;
  /** Who sends the invite: the product's own address, so neither person's e-mail is shown to the other. */
  organizer: InvitePerson;
  /** The reader of this mail only: each person's invite names just themselves. */
  attendee: InvitePerson;
  /** REQUEST puts the session in the calendar; CANCEL, with the same UID, takes it out. */
  method: CalendarInvite['method'];
}

/** One UID per booking, so a later CANCEL finds the event its REQUEST created. */
export const inviteUid = (bookingId: string): string => `booking-${bookingId}@skillroute`;

/**
 * The iCalendar text of a session (RFC 5545), times in UTC: the reader's calendar shows them in its own zone.
 * A cancellation carries a higher SEQUENCE than the invite, which is how calendars know it supersedes it.
 */
export function sessionInvite(input: SessionInviteInput): CalendarInvite {
  const cancelling = input.method === 'CANCEL';
  const { error, value } = createEvent({
    productId: 'skillroute/bookings',
    method: input.method,
    uid: inviteUid(input.bookingId),
    sequence: cancelling ? 1 : 0,
    status: cancelling ? 'CANCELLED' : 'CONFIRMED',
    start: input.startTime.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: input.endTime.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: input.summary,
    description: input.description,
    url: input.roomUrl,
    location: input.roomUrl,
    organizer: input.organizer,
    attendees: [{ ...input.attendee, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' }],
  });
  // Only malformed input (a bad date, an invalid address) fails here: a bug of ours, not the reader's.
  if (error !== null || value === null) throw error ?? new Error('the calendar invite was not written');
  return {
    method: input.method,
    filename: cancelling ? 'cancelled-session.ics' : 'session.ics',
    content: value,
  };
}
