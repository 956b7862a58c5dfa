import ICAL from 'ical.js';
import type { CalendarInvite } from '../../adapters/mail/mailer';

// ical.js folds each piece of a long line at this many octets, and a continued line starts with a space: at 74,
// every line stays within RFC 5545's 75 octets (§3.1). Only this module writes calendars.
ICAL.foldLength = 74;

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
  // Only malformed input (a bad date) fails here: a bug of ours, not the reader's.
  for (const time of [input.startTime, input.endTime])
    if (Number.isNaN(time.getTime()))
      throw new Error('the calendar invite was not written: a time is not a date');
  const event = new ICAL.Component('vevent');
  const add = (name: string, value: string | number | ICAL.Time) => event.addPropertyWithValue(name, value);
  add('uid', inviteUid(input.bookingId));
  add('sequence', cancelling ? input.revision + 1 : input.revision);
  add('status', cancelling ? 'CANCELLED' : 'CONFIRMED');
  add('dtstamp', utc(new Date()));
  add('dtstart', utc(input.startTime));
  add('dtend', utc(input.endTime));
  add('summary', input.summary);
  add('description', input.description);
  add('url', input.roomUrl);
  add('location', input.roomUrl);
  person(add('organizer', `mailto:${input.organizer.email}`), input.organizer.name);
  const attendee = person(add('attendee', `mailto:${input.attendee.email}`), input.attendee.name);
  attendee.setParameter('role', 'REQ-PARTICIPANT');
  attendee.setParameter('partstat', 'ACCEPTED');
  attendee.setParameter('rsvp', 'FALSE');

  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', '-//Skillroute//Bookings//EN');
  calendar.addPropertyWithValue('method', input.method);
  calendar.addSubcomponent(event);
  return {
    method: input.method,
    filename: cancelling ? 'cancelled-session.ics' : 'session.ics',
    content: `${calendar.toString()}\r\n`,
  };
}

/** A UTC date-time (`…Z`): the reader's calendar shows it in its own zone. */
const utc = (date: Date): ICAL.Time => ICAL.Time.fromJSDate(date, true);

/** An ORGANIZER or ATTENDEE with the person's name as CN (ical.js quotes and escapes it as RFC 6868 says). */
function person(property: ICAL.Property, name: string): ICAL.Property {
  property.setParameter('cn', name);
  return property;
}
