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
  /** How many times the session was moved: each move's REQUEST supersedes the one before. */
  revision: number;
}

/** One UID per booking, so a later CANCEL finds the event its REQUEST created. */
export const inviteUid = (bookingId: string): string => `booking-${bookingId}@skillroute`;

/**
 * The iCalendar text of a session (RFC 5545), times in UTC: the reader's calendar shows them in its own zone.
 * SEQUENCE is how calendars know which version of an event wins: a REQUEST carries the number of moves (0,
 * then 1 and 2 after each reschedule, replacing the event in place), a cancellation one more than the last.
 */
export function sessionInvite(input: SessionInviteInput): CalendarInvite {
  const cancelling = input.method === 'CANCEL';
  const { error, value } = createEvent({
    productId: 'skillroute/bookings',
    method: input.method,
    uid: inviteUid(input.bookingId),
    sequence: cancelling ? input.revision + 1 : input.revision,
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
