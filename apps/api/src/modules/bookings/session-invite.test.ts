import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { inviteUid, sessionInvite, type SessionInviteInput } from './session-invite';

/** The properties of an iCalendar text, its folded lines unfolded (RFC 5545 §3.1), by name without parameters. */
function propertiesOf(ics: string): Map<string, string[]> {
  const lines = ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
  const properties = new Map<string, string[]>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).split(';')[0]!;
    properties.set(name, [...(properties.get(name) ?? []), line]);
  }
  return properties;
}

const valueOf = (properties: Map<string, string[]>, name: string) => {
  const line = properties.get(name)?.[0];
  return line?.slice(line.indexOf(':') + 1);
};

const input: SessionInviteInput = {
  bookingId: '3f1c9b1e-7d2a-4c55-9a51-0d8f3e2b6a10',
  // 15:30 in India: the invite must still say 10:00 UTC.
  startTime: new Date('2026-12-01T10:00:00Z'),
  endTime: new Date('2026-12-01T11:00:00Z'),
  summary: 'Skillroute session: Ravi Kumar with Ada Lovelace',
  description: 'A one-hour mentoring session. Join here: https://skillroute.example/meet/9b2f',
  roomUrl: 'https://skillroute.example/meet/9b2f',
  organizer: { name: 'Skillroute', email: 'no-reply@skillroute.example' },
  attendee: { name: 'Ravi Kumar', email: 'ravi@example.org' },
  method: 'REQUEST',
  revision: 0,
};

describe('the calendar invite of a session', () => {
  it('is a REQUEST whose event starts and ends in UTC, with a UID from the booking and the room as URL', () => {
    const invite = sessionInvite(input);
    expect(invite).toMatchObject({ method: 'REQUEST', filename: 'session.ics' });
    const properties = propertiesOf(invite.content);
    expect(valueOf(properties, 'METHOD')).toBe('REQUEST');
    expect(valueOf(properties, 'DTSTART')).toBe('20261201T100000Z');
    expect(valueOf(properties, 'DTEND')).toBe('20261201T110000Z');
    expect(valueOf(properties, 'UID')).toBe(`booking-${input.bookingId}@skillroute`);
    expect(valueOf(properties, 'URL')).toBe('https://skillroute.example/meet/9b2f');
    expect(valueOf(properties, 'SUMMARY')).toBe('Skillroute session: Ravi Kumar with Ada Lovelace');
    expect(valueOf(properties, 'STATUS')).toBe('CONFIRMED');
    expect(valueOf(properties, 'DESCRIPTION')).toContain('https://skillroute.example/meet/9b2f');
    expect(properties.get('ORGANIZER')?.[0]).toMatch(/mailto:no-reply@skillroute\.example$/i);
  });

  it("names only its reader as attendee, so neither person learns the other one's e-mail", () => {
    const attendees = propertiesOf(sessionInvite(input).content).get('ATTENDEE') ?? [];
    expect(attendees).toHaveLength(1);
    expect(attendees[0]).toMatch(/mailto:ravi@example\.org$/i);
  });

  it('keeps the same UID for both people and every mail of one booking, and another one for another booking', () => {
    const forMentor = sessionInvite({
      ...input,
      attendee: { name: 'Ada Lovelace', email: 'ada@example.org' },
    });
    expect(valueOf(propertiesOf(forMentor.content), 'UID')).toBe(
      valueOf(propertiesOf(sessionInvite(input).content), 'UID'),
    );
    expect(inviteUid('another-booking')).not.toBe(inviteUid(input.bookingId));
  });

  it('withdraws the event with CANCEL, the same UID and a higher sequence', () => {
    const request = propertiesOf(sessionInvite(input).content);
    const cancel = sessionInvite({ ...input, method: 'CANCEL' });
    expect(cancel.filename).toBe('cancelled-session.ics');
    const properties = propertiesOf(cancel.content);
    expect(valueOf(properties, 'METHOD')).toBe('CANCEL');
    expect(valueOf(properties, 'STATUS')).toBe('CANCELLED');
    expect(valueOf(properties, 'UID')).toBe(valueOf(request, 'UID'));
    expect(Number(valueOf(properties, 'SEQUENCE'))).toBeGreaterThan(
      Number(valueOf(request, 'SEQUENCE') ?? 0),
    );
  });

  it('replaces the event when the session moves: the same UID, the new times and the next SEQUENCE', () => {
    const first = propertiesOf(sessionInvite(input).content);
    const moved = propertiesOf(
      sessionInvite({
        ...input,
        startTime: new Date('2026-12-03T12:00:00Z'),
        endTime: new Date('2026-12-03T13:00:00Z'),
        revision: 1,
      }).content,
    );
    expect(valueOf(moved, 'METHOD')).toBe('REQUEST');
    expect(valueOf(moved, 'UID')).toBe(valueOf(first, 'UID'));
    expect(valueOf(moved, 'DTSTART')).toBe('20261203T120000Z');
    expect(Number(valueOf(first, 'SEQUENCE') ?? 0)).toBe(0);
    expect(Number(valueOf(moved, 'SEQUENCE'))).toBe(1);
    // Cancelled after two moves: above the last REQUEST, or calendars keep the moved event.
    const cancel = propertiesOf(sessionInvite({ ...input, method: 'CANCEL', revision: 2 }).content);
    expect(Number(valueOf(cancel, 'SEQUENCE'))).toBe(3);
  });

  it('keeps a name with quotes, separators and Devanagari whole, in lines of at most 75 octets', () => {
    const name = 'रवि "RK" कुमार; Jr, of Pune: mentee';
    const description = `${'एक घंटे का सत्र। '.repeat(12)}Join: https://skillroute.example/meet/9b2f`;
    const { content } = sessionInvite({
      ...input,
      description,
      attendee: { name, email: 'ravi@example.org' },
    });
    for (const line of content.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    // Read back as a calendar reads it: the same name and text, not split at its commas or semicolons.
    const event = new ICAL.Component(ICAL.parse(content)).getFirstSubcomponent('vevent')!;
    expect(event.getFirstProperty('attendee')!.getParameter('cn')).toBe(name);
    expect(event.getFirstPropertyValue('description')).toBe(description);
    expect(event.getFirstPropertyValue('summary')).toBe(input.summary);
  });

  it('refuses a session whose times are not dates rather than mail a broken invite', () => {
    expect(() => sessionInvite({ ...input, startTime: new Date(Number.NaN) })).toThrow();
  });
});
