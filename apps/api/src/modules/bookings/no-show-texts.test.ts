import { describe, expect, it } from 'vitest';
import type { MailView } from './announcement-texts';
import { noShowMail, noShowNotice } from './no-show-texts';

const START = new Date('2026-12-01T10:00:00Z');
const links = {
  roomUrl: 'https://skillroute.example/meet/room-1',
  bookingsUrl: 'https://skillroute.example/profile/bookings',
};
const mentee: MailView = {
  role: 'mentee',
  reader: { name: 'Ravi Kumar', email: 'ravi@example.org', timeZone: 'Asia/Kolkata' },
  peerName: 'Ada Lovelace',
  startTime: START,
  ...links,
};
const mentor: MailView = {
  role: 'mentor',
  reader: { name: 'Ada Lovelace', email: 'ada@example.org', timeZone: 'America/New_York' },
  peerName: 'Ravi Kumar',
  startTime: START,
  ...links,
};

describe('what each person reads of a no-show', () => {
  it('tells the mentee of a full refund when the mentor did not come, on their own clock', () => {
    expect(noShowNotice(mentee, { noShow: 'mentor', price: 150_000 })).toBe(
      'Ada Lovelace did not join your session on Tue 1 Dec, 3:30 PM IST, so you get a full refund of ₹1,500; it goes back to the card or account you paid with.',
    );
    expect(noShowMail(mentee, { noShow: 'both', price: 150_000 }).subject).toBe(
      'Refunded: your session with Ada Lovelace did not take place',
    );
  });

  it('tells the mentor their count, and when it took them off the listing', () => {
    const counted = noShowNotice(mentor, { noShow: 'mentor', price: 150_000, mentorNoShows: 2 });
    expect(counted).toMatch(
      /^You did not join your session with Ravi Kumar on Tue 1 Dec, 5:00 AM Eastern Time/,
    );
    expect(counted).toContain('2 of 3 missed sessions within 90 days');
    const hidden = noShowNotice(mentor, { noShow: 'both', price: 150_000, mentorNoShows: 3, hidden: true });
    expect(hidden).toContain(
      'your profile is off the mentor listing and cannot be booked until an admin restores it',
    );
  });

  it('tells the mentor they are paid, and the mentee there is no refund, when the mentee did not come', () => {
    expect(noShowNotice(mentor, { noShow: 'mentee', price: 150_000 })).toMatch(
      /^Ravi Kumar did not join the session on .*You are paid for it as for a completed session\.$/,
    );
    expect(noShowNotice(mentee, { noShow: 'mentee', price: 150_000 })).toContain('there is no refund');
    const mail = noShowMail(mentor, { noShow: 'mentee', price: 150_000 });
    expect(mail.subject).toBe('Ravi Kumar did not join your session');
    expect(mail.to).toBe('ada@example.org');
    expect(mail.text).toContain('https://skillroute.example/profile/bookings');
  });
});
