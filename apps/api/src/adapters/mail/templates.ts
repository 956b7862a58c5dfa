import { WAITLIST_HORIZON_DAYS } from '@skillroute/shared/bookings';
import type { Locale } from '@skillroute/shared/i18n/locales';
import { WAITLIST_NOTICE_HOURS } from '@skillroute/shared/marketplace-limits';
import { translatorFor } from '../../lib/i18n';
import type { MailMessage } from './mailer';

export const PRODUCT = 'Skillroute';

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

/** Characters that reorder the text around them (Trojan-source style): "exe.pdf" can be shown for "fdp.exe". */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** A zero-width space after these, when a character follows, breaks what a mail client would make a link. */
const LINK_JOINTS = /([.:@])(?=\S)/g;

/**
 * Text a person wrote (a name, a cancellation reason), made fit for a mail: the bidirectional controls are
 * dropped, and anything a mail client would turn into a link ("evil.example", "https://…", "a@b.example") is
 * broken by an invisible zero-width space, so it reads the same and is no link. Our own links never pass here.
 */
export function userWritten(text: string): string {
  return text.replace(BIDI_CONTROLS, '').replace(LINK_JOINTS, '$1\u200b');
}

/**
 * The one HTML frame of every mail: inline styles only, since mail clients drop style sheets; in the reader's
 * language (`lang`, the footer).
 */
export function layout(title: string, bodyHtml: string, locale: Locale = 'en'): string {
  const { t } = translatorFor(locale);
  const footer = t('Skillroute. If you did not ask for this e-mail, you can ignore it.');
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${bodyHtml}
<p style="font-size:12px;color:#71717a;margin-top:24px">${escapeHtml(footer)}</p>
</div></body></html>`;
}

export function verificationCodeMail(
  to: string,
  name: string,
  code: string,
  validMinutes: number,
  locale: Locale = 'en',
): MailMessage {
  const { t } = translatorFor(locale);
  name = userWritten(name);
  const subject = t('Your Skillroute code: {code}', { code });
  const validity = t('Enter it on the verification page. It is valid for {validMinutes} minutes.', {
    validMinutes,
  });
  const text = [
    t('Hello {name},', { name }),
    '',
    t('Your Skillroute verification code is: {code}', { code }),
    '',
    validity,
    '',
    t('If you did not sign up, you can ignore this e-mail.'),
  ].join('\n');
  const html = layout(
    t('Confirm your e-mail'),
    `<p>${t('Hello {name},', { name: escapeHtml(name) })}</p>
<p>${escapeHtml(t('Your verification code is:'))}</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:16px 0">${escapeHtml(code)}</p>
<p>${escapeHtml(validity)}</p>`,
    locale,
  );
  return { to, subject, text, html };
}

export function passwordResetMail(
  to: string,
  name: string,
  link: string,
  validMinutes: number,
  locale: Locale = 'en',
): MailMessage {
  const { t } = translatorFor(locale);
  name = userWritten(name);
  const subject = t('Reset your Skillroute password');
  const validity = t(
    'The link works once and for {validMinutes} minutes. Every other session of the account ends when the password changes.',
    { validMinutes },
  );
  const text = [
    t('Hello {name},', { name }),
    '',
    t(
      'Someone (we hope you) asked to reset the password of this account. Open this link to choose a new one:',
    ),
    '',
    link,
    '',
    validity,
    '',
    t('If you did not ask for this, you can ignore this e-mail: your password stays as it is.'),
  ].join('\n');
  const html = layout(
    t('Reset your password'),
    `<p>${t('Hello {name},', { name: escapeHtml(name) })}</p>
<p>${escapeHtml(t('Someone (we hope you) asked to reset the password of this account.'))}</p>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#18181b;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(t('Choose a new password'))}</a></p>
<p>${escapeHtml(t('Or paste this link into your browser:'))} <br><span style="word-break:break-all">${escapeHtml(link)}</span></p>
<p>${escapeHtml(validity)}</p>`,
    locale,
  );
  return { to, subject, text, html };
}

/**
 * What a waiting person is told, in their language (the notification's text, and the mail's summary), at most once
 * a day per mentor: so it says how many slots are free now within the waitlist's horizon, not which one freed up.
 * Without times: the mentor's page shows them in the reader's zone.
 */
export function freedSlotText(mentorName: string, freeNow: number, locale: Locale = 'en'): string {
  const { t } = translatorFor(locale);
  return t(
    'A slot with {mentorName} freed up: {freeNow, plural, one {# slot is} other {# slots are}} free in the next {days} days. Book before someone else does.',
    { mentorName, freeNow, days: WAITLIST_HORIZON_DAYS },
  );
}

/**
 * To someone on a mentor's waitlist (DESIGN.md §4 "Waitlist", §4b): slots freed up, how many are free now;
 * the link is the mentor's page.
 */
export function freedSlotMail(
  to: string,
  facts: { name: string; mentorName: string; freeNow: number; link: string },
  locale: Locale = 'en',
): MailMessage {
  const { t } = translatorFor(locale);
  const name = userWritten(facts.name);
  const mentorName = userWritten(facts.mentorName);
  const { link } = facts;
  const summary = freedSlotText(mentorName, facts.freeNow, locale);
  const subject = t('A slot with {mentorName} freed up', { mentorName });
  const after = t(
    'You are on the waitlist of this mentor, so we will write again when slots free up, at most once in {hours} hours. You can leave the waitlist on the same page.',
    { hours: WAITLIST_NOTICE_HOURS },
  );
  const text = [t('Hello {name},', { name }), '', summary, '', link, '', after].join('\n');
  const html = layout(
    t('A slot freed up'),
    `<p>${t('Hello {name},', { name: escapeHtml(name) })}</p>
<p>${escapeHtml(summary)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#18181b;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(t('See the free hours'))}</a></p>
<p>${escapeHtml(t('Or paste this link into your browser:'))} <br><span style="word-break:break-all">${escapeHtml(link)}</span></p>
<p>${after}</p>`,
    locale,
  );
  return { to, subject, text, html };
}
