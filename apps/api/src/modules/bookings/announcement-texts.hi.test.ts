import { describe, expect, it } from 'vitest';
import {
  freedSlotMail,
  freedSlotText,
  layout,
  passwordResetMail,
  verificationCodeMail,
} from '../../adapters/mail/templates';
import type { CalendarInvite, MailMessage } from '../../adapters/mail/mailer';
import { accountNotifications } from '../auth/messages';
import { resultNotice } from '../assessments/rules';
import { reviewReceivedNotice } from '../reviews/rules';
import { reviewNotice } from '../roadmaps/rules';
import {
  blockedRefundNotice,
  cancelledMail,
  cancelledNotice,
  confirmedMail,
  confirmedNotice,
  formatSessionTime,
  inviteDescription,
  inviteSummary,
  lateRefundMail,
  lateRefundNotice,
  notesMail,
  notesNotice,
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
import { noShowMail, noShowNotice } from './no-show-texts';

// Every mail and notice in both languages (issue 31): a reader who chose Hindi reads Hindi, dates included; one
// who never chose (no locale) or chose English reads the English of announcement-texts.test.ts, unchanged.

const START = new Date('2026-12-01T10:00:00Z');
const invite: CalendarInvite = { method: 'REQUEST', filename: 'session.ics', content: 'BEGIN:VCALENDAR' };

const english: MailView = {
  role: 'mentee',
  reader: { name: 'Ravi Kumar', email: 'ravi@example.org', timeZone: 'Asia/Kolkata' },
  peerName: 'Ada Lovelace',
  startTime: START,
  roomUrl: 'https://skillroute.example/meet/room-1',
  bookingsUrl: 'https://skillroute.example/profile/bookings',
};
const hindi: MailView = { ...english, reader: { ...english.reader, locale: 'hi' } };
const chosenEnglish: MailView = { ...english, reader: { ...english.reader, locale: 'en' } };
const mentorHindi: MailView = { ...hindi, role: 'mentor', peerName: 'Ravi Kumar' };

const DEVANAGARI = /[\u0900-\u097f]/;
const WHEN_HI = 'मंगल 1 दिस॰, 3:30 PM IST';

/** A Hindi mail: its subject, text and html in Hindi, the html marked so, and nothing of the English frame left. */
function expectHindi(mail: MailMessage): void {
  expect(mail.subject).toMatch(DEVANAGARI);
  expect(mail.text).toMatch(/^नमस्ते .+,\n/);
  expect(mail.text).not.toMatch(/Hello|Your sessions|you can ignore/);
  expect(mail.html).toContain('<html lang="hi">');
  expect(mail.html).toContain('अगर आपने यह ई-मेल नहीं माँगा था');
  expect(mail.html).not.toContain('If you did not ask');
}

function expectEnglish(mail: MailMessage): void {
  expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(DEVANAGARI);
  expect(mail.html).toContain('<html lang="en">');
}

describe('dates', () => {
  it('name the weekday, month and zone in the reader’s language', () => {
    expect(formatSessionTime(START, 'Asia/Kolkata', 'hi')).toBe(WHEN_HI);
    expect(formatSessionTime(START, 'America/New_York', 'hi')).toBe(
      'मंगल 1 दिस॰, 5:00 AM उत्तरी अमेरिकी पूर्वी समय (New York)',
    );
    expect(formatSessionTime(START, 'Asia/Kolkata', 'en')).toBe('Tue 1 Dec, 3:30 PM IST');
    expect(formatSessionTime(START, 'America/New_York', 'en')).toBe(
      'Tue 1 Dec, 5:00 AM Eastern Time (New York)',
    );
  });
});

describe('the account mails', () => {
  it('write the sign-up code in Hindi, the code itself as it is', () => {
    const mail = verificationCodeMail('k@example.org', 'Kavya', '123456', 10, 'hi');
    expect(mail.subject).toBe('आपका Skillroute कोड: 123456');
    expect(mail.text).toBe(
      [
        'नमस्ते Kavya,',
        '',
        'आपका Skillroute वेरिफ़िकेशन कोड है: 123456',
        '',
        'इसे वेरिफ़िकेशन पेज पर डालें। यह 10 मिनट तक मान्य है।',
        '',
        'अगर आपने साइन अप नहीं किया है, तो आप इस ई-मेल को अनदेखा कर सकते हैं।',
      ].join('\n'),
    );
    expectHindi(mail);
    expect(mail.html).toContain('<title>अपना ई-मेल कन्फ़र्म करें</title>');
    expect(verificationCodeMail('k@example.org', 'Kavya', '123456', 10, 'en')).toEqual(
      verificationCodeMail('k@example.org', 'Kavya', '123456', 10),
    );
    expectEnglish(verificationCodeMail('k@example.org', 'Kavya', '123456', 10));
  });

  it('write the reset link mail in Hindi, the link untouched', () => {
    const link = 'https://skillroute.example/reset-password?token=abc';
    const mail = passwordResetMail('k@example.org', 'Kavya', link, 30, 'hi');
    expect(mail.subject).toBe('अपना Skillroute पासवर्ड रीसेट करें');
    expect(mail.text).toContain(`नया पासवर्ड चुनने के लिए यह लिंक खोलें:\n\n${link}\n`);
    expect(mail.text).toContain('यह लिंक सिर्फ़ एक बार और 30 मिनट तक काम करता है।');
    expect(mail.html).toContain('>नया पासवर्ड चुनें</a>');
    expectHindi(mail);
    expectEnglish(passwordResetMail('k@example.org', 'Kavya', link, 30));
  });

  it('write the waitlist mail and its notice in Hindi, one slot or several', () => {
    expect(freedSlotText('Ada', 1, 'hi')).toBe(
      'Ada के साथ एक स्लॉट खाली हुआ है: अगले 14 दिनों में 1 स्लॉट खाली है। कोई और बुक करे, उससे पहले बुक कर लें।',
    );
    expect(freedSlotText('Ada', 3, 'hi')).toContain('3 स्लॉट खाली हैं');
    expect(freedSlotText('Ada', 1)).toBe(
      'A slot with Ada freed up: 1 slot is free in the next 14 days. Book before someone else does.',
    );
    expect(freedSlotText('Ada', 3)).toBe(
      'A slot with Ada freed up: 3 slots are free in the next 14 days. Book before someone else does.',
    );
    const facts = { name: 'Ravi', mentorName: 'Ada', freeNow: 2, link: 'https://skillroute.example/m/1' };
    const mail = freedSlotMail('r@example.org', facts, 'hi');
    expect(mail.subject).toBe('Ada के साथ एक स्लॉट खाली हुआ है');
    expect(mail.html).toContain('>खाली घंटे देखें</a>');
    expectHindi(mail);
    expectEnglish(freedSlotMail('r@example.org', facts));
  });

  it('frame every mail in the reader’s language', () => {
    expect(layout('x', '')).toContain('<html lang="en">');
    expect(layout('x', '', 'hi')).toContain('<html lang="hi">');
  });

  it('welcome and warn of a new sign-in in the account’s language, English while it chose none', () => {
    expect(accountNotifications.welcome('hi').message).toBe(
      'Skillroute में आपका स्वागत है! सीखना शुरू करने के लिए कोई रोडमैप चुनें।',
    );
    expect(accountNotifications.welcome(null)).toEqual({
      type: 'welcome',
      message: 'Welcome to Skillroute! Pick a roadmap to start learning.',
      link: '/',
    });
    expect(accountNotifications.newSignIn('hi').message).toBe('आपके अकाउंट में नया साइन इन');
    expect(accountNotifications.newSignIn(undefined).message).toBe('New sign-in to your account');
  });
});

describe('the other notices', () => {
  it('tell of a test result in the reader’s language, through the shared texts’ messages', () => {
    const passed = resultNotice('React', { score: 8, total: 10, passed: true }, 'hi').message;
    expect(passed).toMatch(DEVANAGARI);
    expect(passed).toContain('React');
    expect(passed).toContain('8/10');
    expect(resultNotice('React', { score: 8, total: 10, passed: true }).message).toBe(
      'You passed the React test with 8/10. You are now a mentor: React is on your profile as an assessed skill.',
    );
  });

  it('tell of a review and of a roadmap decision in the reader’s language', () => {
    const review = { mentorId: 'm1', menteeName: 'Asha', rating: 1 };
    expect(reviewReceivedNotice(review, 'hi').message).toBe('Asha ने आपके सेशन को 1 स्टार दिया।');
    expect(reviewReceivedNotice({ ...review, rating: 4 }, 'hi').message).toBe(
      'Asha ने आपके सेशन को 4 स्टार दिए।',
    );
    expect(reviewReceivedNotice({ ...review, rating: 4 }).message).toBe('Asha rated your session 4 stars.');
    const roadmap = { id: 'r1', title: 'Rust' };
    expect(reviewNotice(roadmap, { status: 'published' }, 'hi').message).toBe(
      'आपका रोडमैप "Rust" मंज़ूर हो गया है और अब पब्लिश हो चुका है।',
    );
    expect(reviewNotice(roadmap, { status: 'rejected', adminFeedback: 'Too short.' }, 'hi').message).toBe(
      'आपका रोडमैप "Rust" अस्वीकार कर दिया गया: Too short.',
    );
    expect(reviewNotice(roadmap, { status: 'rejected', adminFeedback: 'Too short.' }).message).toBe(
      'Your roadmap "Rust" was rejected: Too short.',
    );
  });
});

describe('the booking notices', () => {
  const cancelled: CancellationFacts = {
    cancelledBy: 'mentor',
    reason: 'I am ill',
    refund: { amount: 150_000, status: 'succeeded' },
    price: 150_000,
  };
  const move = { movedBy: 'mentor' as const, previousStart: new Date('2026-11-30T10:00:00Z') };

  it('read in Hindi with the time on the reader’s clock, in rupees with Indian grouping', () => {
    expect(confirmedNotice(hindi)).toBe(`${WHEN_HI} को Ada Lovelace के साथ आपका सेशन कन्फ़र्म हो गया है।`);
    expect(confirmedNotice(mentorHindi)).toBe(`Ravi Kumar ने ${WHEN_HI} को आपके साथ एक सेशन बुक किया है।`);
    expect(rescheduledNotice(hindi, move)).toBe(
      `Ada Lovelace ने आपका सेशन सोम 30 नव॰, 3:30 PM IST से बदलकर ${WHEN_HI} कर दिया है।`,
    );
    expect(reminderNotice(hindi, '15m')).toBe(`Ada Lovelace के साथ आपका सेशन 15 मिनट में शुरू होगा: ${WHEN_HI}।`);
    expect(cancelledNotice(hindi, cancelled)).toBe(
      `Ada Lovelace ने ${WHEN_HI} को आपके साथ होने वाला सेशन रद्द कर दिया। बताई गई वजह: "I am ill"। आपको ₹1,500 का पूरा रिफ़ंड मिल गया है।`,
    );
    expect(refundSentence({ amount: 12_500_000, status: 'failed' }, 25_000_000, 'hi')).toBe(
      'आपके चुकाए ₹2,50,000 में से ₹1,25,000 का रिफ़ंड आपको मिलना है, लेकिन भुगतान सेवा ने इसे अस्वीकार कर दिया; कृपया हमसे संपर्क करें, हम इसे भेज देंगे।',
    );
    expect(reasonGiven('Sorry!', 'hi')).toBe(' बताई गई वजह: "Sorry!"');
    // The reason Skillroute writes when it suspends an account reads in Hindi; a person's stays as written.
    expect(reasonGiven('One of the two accounts was suspended by Skillroute.', 'hi')).toBe(
      ' बताई गई वजह: "Skillroute ने दोनों में से एक अकाउंट निलंबित कर दिया है।"',
    );
    expect(staffRefundNotice(hindi, { amount: 150_000, reason: 'Call dropped' })).toBe(
      `Skillroute ने ${WHEN_HI} को Ada Lovelace के साथ आपके सेशन का पूरा भुगतान (₹1,500) रिफ़ंड कर दिया है। बताई गई वजह: "Call dropped"।`,
    );
    expect(paymentFailedNotice('Ada Lovelace', 'hi')).toBe(
      'Ada Lovelace के साथ सेशन के लिए आपका भुगतान पूरा नहीं हो पाया; स्लॉट फिर से खाली कर दिया गया है।',
    );
    expect(lateRefundNotice(hindi, 150_000)).toContain('इसलिए हमने पूरी रकम (₹1,500) रिफ़ंड कर दी है।');
    expect(blockedRefundNotice(hindi, 150_000)).toContain('आपका पूरा भुगतान (₹1,500) रिफ़ंड कर दिया गया है');
    expect(notesNotice(hindi)).toBe(`Ada Lovelace ने ${WHEN_HI} वाले आपके सेशन के लिए नोट्स और होमवर्क लिखा है।`);
    expect(noShowNotice(mentorHindi, { noShow: 'mentor', price: 150_000, mentorNoShows: 2 })).toBe(
      `आप ${WHEN_HI} को Ravi Kumar के साथ अपने सेशन में नहीं आए, इसलिए Ravi Kumar को पूरा रिफ़ंड दे दिया गया। यह आपकी लिस्टिंग के खिलाफ़ गिना जाएगा: 90 दिनों में 3 सेशन छूटने पर आपकी प्रोफ़ाइल लिस्टिंग से हट जाती है, और अब तक 2 छूट चुके हैं।`,
    );
  });

  it('read in English for a reader who chose English, as for one who chose nothing', () => {
    const notices = (view: MailView) => [
      confirmedNotice(view),
      rescheduledNotice(view, move),
      reminderNotice(view, '24h'),
      cancelledNotice(view, cancelled),
      staffRefundNotice(view, { amount: 150_000, reason: 'Call dropped' }),
      lateRefundNotice(view, 150_000),
      blockedRefundNotice(view, 150_000),
      notesNotice(view),
      noShowNotice(view, { noShow: 'both', price: 150_000 }),
    ];
    expect(notices(chosenEnglish)).toEqual(notices(english));
    expect(notices(english).join(' ')).not.toMatch(DEVANAGARI);
    expect(confirmedNotice(english)).toBe(
      'Your session with Ada Lovelace on Tue 1 Dec, 3:30 PM IST is confirmed.',
    );
  });
});

describe('the booking mails', () => {
  const cancelled: CancellationFacts = {
    cancelledBy: 'mentee',
    reason: '',
    refund: { amount: 75_000, status: 'pending' },
    price: 150_000,
  };
  const move = { movedBy: 'mentee' as const, previousStart: new Date('2026-11-30T10:00:00Z') };
  const mails = (view: MailView) => ({
    confirmed: confirmedMail(view, invite),
    rescheduled: rescheduledMail(view, move, invite),
    reminder: reminderMail(view, '24h'),
    cancelled: cancelledMail(view, cancelled, { ...invite, method: 'CANCEL' }),
    lateRefund: lateRefundMail(view, 150_000, 'https://skillroute.example/mentor-profile/m1'),
    notes: notesMail(view, 'Read chapter 3'),
    noShow: noShowMail(view, { noShow: 'mentor', price: 150_000 }),
  });

  it('are each written in Hindi for a Hindi reader, links and what people wrote as they are', () => {
    const hi = mails(hindi);
    for (const mail of Object.values(hi)) {
      expectHindi(mail);
      expect(mail.text).toContain('आपके सेशन: https://skillroute.example/profile/bookings');
    }
    expect(hi.confirmed.subject).toBe('कन्फ़र्म: Ada Lovelace के साथ आपका सेशन');
    expect(confirmedMail(mentorHindi, invite).subject).toBe('नई बुकिंग: Ravi Kumar ने आपके साथ एक सेशन बुक किया है');
    expect(hi.confirmed.text).toContain(
      'सेशन में यहाँ जुड़ें (रूम शुरू होने से 10 मिनट पहले खुलता है): https://skillroute.example/meet/room-1',
    );
    expect(hi.confirmed.html).toContain('<a href="https://skillroute.example/meet/room-1">');
    expect(hi.rescheduled.subject).toBe(`समय बदला: Ada Lovelace के साथ आपका सेशन अब ${WHEN_HI} को है`);
    expect(hi.reminder.subject).toBe('रिमाइंडर: Ada Lovelace के साथ आपका सेशन 24 घंटे में शुरू होगा');
    expect(hi.cancelled.subject).toBe('रद्द: Ada Lovelace के साथ आपका सेशन');
    expect(hi.cancelled.text).toContain(
      'आपके चुकाए ₹1,500 में से आपको ₹750 का रिफ़ंड मिलेगा; यह उसी कार्ड या अकाउंट में वापस जाएगा जिससे आपने भुगतान किया था।',
    );
    expect(hi.lateRefund.text).toContain(
      'आप Ada Lovelace के पेज पर कोई दूसरा समय चुन सकते हैं: https://skillroute.example/mentor-profile/m1',
    );
    expect(hi.notes.subject).toBe('आपके सेशन पर Ada Lovelace के नोट्स');
    expect(hi.notes.text).toContain('नोट्स ये हैं:\n\nRead chapter 3\n');
    expect(hi.noShow.subject).toBe('रिफ़ंड हुआ: Ada Lovelace के साथ आपका सेशन नहीं हो पाया');
  });

  it('are the same English mails for a reader who chose English as for one who chose nothing', () => {
    expect(mails(chosenEnglish)).toEqual(mails(english));
    for (const mail of Object.values(mails(english))) expectEnglish(mail);
  });

  it('give the calendar event its words in the reader’s language', () => {
    expect(inviteSummary('Ada Lovelace', 'Ravi Kumar', 'hi')).toBe(
      'Skillroute सेशन: Ada Lovelace के साथ Ravi Kumar',
    );
    expect(inviteSummary('Ada Lovelace', 'Ravi Kumar')).toBe(
      'Skillroute session: Ravi Kumar with Ada Lovelace',
    );
    expect(inviteDescription(hindi)).toBe(
      `Skillroute पर एक घंटे का मेंटरिंग सेशन, ${WHEN_HI}। यहाँ जुड़ें (रूम शुरू होने से 10 मिनट पहले खुलता है): https://skillroute.example/meet/room-1`,
    );
    expect(inviteDescription(english)).toBe(
      'A one-hour mentoring session on Skillroute, Tue 1 Dec, 3:30 PM IST. Join here (the room opens 10 minutes before the start): https://skillroute.example/meet/room-1',
    );
  });
});
