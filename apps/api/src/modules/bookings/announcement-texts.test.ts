import { describe, expect, it } from 'vitest';
import {
  cancelledMail,
  cancelledNotice,
  confirmedMail,
  confirmedNotice,
  formatSessionTime,
  lateRefundMail,
  blockedRefundNotice,
  lateRefundNotice,
  paymentFailedNotice,
  reasonGiven,
  refundSentence,
  reminderMail,
  reminderNotice,
  rescheduledMail,
  rescheduledNotice,
  staffRefundNotice,
  type CancellationFacts,
  type MailView,
} from './announcement-texts';
import { sessionInvite } from './session-invite';

const START = new Date('2026-12-01T10:00:00Z');

describe('formatSessionTime', () => {
  it('writes the time on the reader’s clock and names their zone as people know it', () => {
    expect(formatSessionTime(START, 'America/New_York')).toBe('Tue 1 Dec, 5:00 AM Eastern Time (New York)');
    expect(formatSessionTime(START, 'Europe/Berlin')).toBe(
      'Tue 1 Dec, 11:00 AM Central European Time (Berlin)',
    );
  });

  it('writes India as IST, with the day on India’s clock', () => {
    expect(formatSessionTime(START, 'Asia/Kolkata')).toBe('Tue 1 Dec, 3:30 PM IST');
    expect(formatSessionTime(new Date('2026-12-01T20:30:00Z'), 'Asia/Kolkata')).toBe(
      'Wed 2 Dec, 2:00 AM IST',
    );
  });
});

const mentee: MailView = {
  role: 'mentee',
  reader: { name: 'Ravi Kumar', email: 'ravi@example.org', timeZone: 'America/New_York' },
  peerName: 'Ada Lovelace',
  startTime: START,
  roomUrl: 'https://skillroute.example/meet/room-1',
  bookingsUrl: 'https://skillroute.example/profile/bookings',
};
const mentor: MailView = {
  ...mentee,
  role: 'mentor',
  reader: { name: 'Ada Lovelace', email: 'ada@example.org', timeZone: 'Europe/Berlin' },
  peerName: 'Ravi Kumar',
};

describe('the confirmation', () => {
  it('tells the mentee whom they meet and the mentor who booked, each in their own zone', () => {
    expect(confirmedNotice(mentee)).toBe(
      'Your session with Ada Lovelace on Tue 1 Dec, 5:00 AM Eastern Time (New York) is confirmed.',
    );
    expect(confirmedNotice(mentor)).toBe(
      'Ravi Kumar booked a session with you on Tue 1 Dec, 11:00 AM Central European Time (Berlin).',
    );
  });

  it('mails the room link and the bookings page, with the invite attached', () => {
    const invite = sessionInvite({
      bookingId: 'b1',
      startTime: START,
      endTime: new Date('2026-12-01T11:00:00Z'),
      summary: 's',
      description: 'd',
      roomUrl: mentee.roomUrl,
      organizer: { name: 'Skillroute', email: 'no-reply@skillroute.example' },
      attendee: { name: 'Ravi Kumar', email: 'ravi@example.org' },
      method: 'REQUEST',
      revision: 0,
    });
    const mail = confirmedMail(mentee, invite);
    expect(mail.to).toBe('ravi@example.org');
    expect(mail.subject).toBe('Confirmed: your session with Ada Lovelace');
    expect(mail.text).toContain('Hello Ravi Kumar,');
    expect(mail.text).toContain('https://skillroute.example/meet/room-1');
    expect(mail.text).toContain('https://skillroute.example/profile/bookings');
    expect(mail.html).toContain('<a href="https://skillroute.example/meet/room-1">');
    expect(mail.icalEvent).toBe(invite);
    expect(confirmedMail(mentor, invite).subject).toBe('New booking: Ravi Kumar booked a session with you');
  });

  it('escapes a name in the html of the mail', () => {
    const mail = confirmedMail(
      { ...mentee, reader: { ...mentee.reader, name: '<b>Ravi</b>' } },
      { method: 'REQUEST', filename: 'session.ics', content: '' },
    );
    expect(mail.html).toContain('&lt;b&gt;Ravi&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Ravi</b>');
  });
});

describe('a moved session', () => {
  const move = { movedBy: 'mentee' as const, previousStart: new Date('2026-11-30T10:00:00Z') };
  it('tells each person the old time and the new one on their own clock, and who moved it', () => {
    expect(rescheduledNotice(mentee, move)).toBe(
      'You moved your session with Ada Lovelace from Mon 30 Nov, 5:00 AM Eastern Time (New York) to Tue 1 Dec, 5:00 AM Eastern Time (New York).',
    );
    expect(rescheduledNotice(mentor, move)).toBe(
      'Ravi Kumar moved your session from Mon 30 Nov, 11:00 AM Central European Time (Berlin) to Tue 1 Dec, 11:00 AM Central European Time (Berlin).',
    );
  });
  it('mails the same words, the room that stays, and the invite that replaces the event', () => {
    const invite = { method: 'REQUEST' as const, filename: 'session.ics', content: 'BEGIN:VCALENDAR' };
    const mail = rescheduledMail(mentor, move, invite);
    expect(mail.to).toBe('ada@example.org');
    expect(mail.subject).toBe(
      'Moved: your session with Ravi Kumar is now Tue 1 Dec, 11:00 AM Central European Time (Berlin)',
    );
    expect(mail.text).toContain(rescheduledNotice(mentor, move));
    expect(mail.text).toContain('The room stays the same: https://skillroute.example/meet/room-1');
    expect(mail.icalEvent).toBe(invite);
  });
});

describe('the reminders', () => {
  it('say how soon, and when', () => {
    expect(reminderNotice(mentee, '24h')).toBe(
      'Your session with Ada Lovelace starts in 24 hours: Tue 1 Dec, 5:00 AM Eastern Time (New York).',
    );
    expect(reminderNotice(mentor, '15m')).toBe(
      'Your session with Ravi Kumar starts in 15 minutes: Tue 1 Dec, 11:00 AM Central European Time (Berlin).',
    );
    const mail = reminderMail(mentee, '15m');
    expect(mail.subject).toBe('Reminder: your session with Ada Lovelace starts in 15 minutes');
    expect(mail.text).toContain(mentee.roomUrl);
    expect(mail.icalEvent).toBeUndefined();
  });
});

describe('the cancellation', () => {
  const byMentor: CancellationFacts = {
    cancelledBy: 'mentor',
    reason: 'I am ill',
    refund: { amount: 150_000, status: 'succeeded' },
    price: 150_000,
  };
  const byMentee: CancellationFacts = {
    cancelledBy: 'mentee',
    reason: 'Exam moved',
    refund: { amount: 75_000, status: 'pending' },
    price: 150_000,
  };

  it('tells the mentee who cancelled, why, and the refund in rupees', () => {
    expect(cancelledNotice(mentee, byMentor)).toBe(
      'Ada Lovelace cancelled the session with you on Tue 1 Dec, 5:00 AM Eastern Time (New York). The reason given: "I am ill". You got a full refund of ₹1,500.',
    );
    expect(cancelledNotice(mentee, byMentee)).toBe(
      'You cancelled your session with Ada Lovelace on Tue 1 Dec, 5:00 AM Eastern Time (New York). You get a refund of ₹750 of the ₹1,500 you paid; it goes back to the card or account you paid with.',
    );
  });

  it("tells the mentor who cancelled and why, but not the mentee's refund", () => {
    expect(cancelledNotice(mentor, byMentee)).toBe(
      'Ravi Kumar cancelled the session with you on Tue 1 Dec, 11:00 AM Central European Time (Berlin). The reason given: "Exam moved".',
    );
    expect(cancelledNotice(mentor, byMentor)).toBe(
      'You cancelled your session with Ravi Kumar on Tue 1 Dec, 11:00 AM Central European Time (Berlin).',
    );
    expect(cancelledNotice(mentor, byMentee)).not.toContain('₹');
  });

  it('quotes a reason with one full stop, whether or not the person ended it with one', () => {
    expect(reasonGiven('I am ill')).toBe(' The reason given: "I am ill".');
    expect(reasonGiven('I am ill.')).toBe(' The reason given: "I am ill."');
    expect(reasonGiven('Sorry! ')).toBe(' The reason given: "Sorry!"');
    expect(cancelledNotice(mentor, { ...byMentee, reason: 'Exam moved.' })).toMatch(/"Exam moved\."$/);
  });

  it('says so when staff cancelled', () => {
    expect(cancelledNotice(mentee, { ...byMentor, cancelledBy: 'staff', reason: '' })).toMatch(
      /^Skillroute cancelled your session with Ada Lovelace on .*\. You got a full refund of ₹1,500\.$/,
    );
  });

  it('words every refund: none under two hours, paise kept, a refusal owned', () => {
    expect(refundSentence({ amount: 0, status: 'succeeded' }, 150_000)).toBe(
      'There is no refund for a cancellation less than 2 hours before the start.',
    );
    expect(refundSentence({ amount: 75_050, status: 'succeeded' }, 150_100)).toBe(
      'You got a refund of ₹750.50 of the ₹1,501 you paid.',
    );
    expect(refundSentence({ amount: 12_500_000, status: 'failed' }, 12_500_000)).toBe(
      'You are owed a full refund of ₹1,25,000, but the payment provider refused it; please contact us and we will send it.',
    );
  });

  it('mails the same words with the withdrawal of the invite', () => {
    const invite = {
      method: 'CANCEL' as const,
      filename: 'cancelled-session.ics',
      content: 'BEGIN:VCALENDAR',
    };
    const mail = cancelledMail(mentee, byMentor, invite);
    expect(mail.subject).toBe('Cancelled: your session with Ada Lovelace');
    expect(mail.text).toContain('You got a full refund of ₹1,500.');
    expect(mail.icalEvent).toBe(invite);
  });
});

describe('the payments', () => {
  it('tells the mentee a failed payment released the slot', () => {
    expect(paymentFailedNotice('Ada Lovelace')).toBe(
      'Your payment for the session with Ada Lovelace did not go through; the slot was released.',
    );
  });

  it('tells the payer a late payment was refunded in full, and where to pick another time', () => {
    expect(lateRefundNotice(mentee, 150_000)).toBe(
      'Your payment for the session with Ada Lovelace on Tue 1 Dec, 5:00 AM Eastern Time (New York) arrived after the 15-minute hold had lapsed and the slot was taken, so we refunded all of it (₹1,500).',
    );
    const mail = lateRefundMail(mentee, 150_000, 'https://skillroute.example/mentor-profile/m1');
    expect(mail.subject).toBe('Refunded: your payment for the session with Ada Lovelace');
    expect(mail.text).toContain(
      "You can pick another time on Ada Lovelace's page: https://skillroute.example/mentor-profile/m1",
    );
  });

  it('tells the payer a payment for a session that cannot take place was refunded in full', () => {
    expect(blockedRefundNotice(mentee, 150_000)).toBe(
      'Your payment for the session with Ada Lovelace on Tue 1 Dec, 5:00 AM Eastern Time (New York) was refunded in full (₹1,500): the session cannot take place.',
    );
  });

  it("tells both people of an admin's refund of a session that stays as it was, with the reason", () => {
    const facts = { amount: 150_000, reason: 'The mentor never joined.' };
    expect(staffRefundNotice(mentee, facts)).toBe(
      'Skillroute refunded your session with Ada Lovelace on Tue 1 Dec, 5:00 AM Eastern Time (New York) in full (₹1,500). The reason given: "The mentor never joined."',
    );
    expect(staffRefundNotice(mentor, facts)).toBe(
      'Skillroute refunded Ravi Kumar\'s payment for the session with you on Tue 1 Dec, 11:00 AM Central European Time (Berlin). The reason given: "The mentor never joined."',
    );
  });
});
