import { freedSlotMessage } from '@skillroute/shared/bookings';
import { WAITLIST_NOTICE_HOURS } from '@skillroute/shared/marketplace-limits';
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

/** The one HTML frame of every mail: inline styles only, since mail clients drop style sheets. */
export function layout(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${bodyHtml}
<p style="font-size:12px;color:#71717a;margin-top:24px">${PRODUCT}. If you did not ask for this e-mail, you can ignore it.</p>
</div></body></html>`;
}

export function verificationCodeMail(
  to: string,
  name: string,
  code: string,
  validMinutes: number,
): MailMessage {
  name = userWritten(name);
  const subject = `Your ${PRODUCT} code: ${code}`;
  const text = [
    `Hello ${name},`,
    '',
    `Your ${PRODUCT} verification code is: ${code}`,
    '',
    `Enter it on the verification page. It is valid for ${validMinutes} minutes.`,
    '',
    'If you did not sign up, you can ignore this e-mail.',
  ].join('\n');
  const html = layout(
    'Confirm your e-mail',
    `<p>Hello ${escapeHtml(name)},</p>
<p>Your verification code is:</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:16px 0">${escapeHtml(code)}</p>
<p>Enter it on the verification page. It is valid for ${validMinutes} minutes.</p>`,
  );
  return { to, subject, text, html };
}

export function passwordResetMail(to: string, name: string, link: string, validMinutes: number): MailMessage {
  name = userWritten(name);
  const subject = `Reset your ${PRODUCT} password`;
  const text = [
    `Hello ${name},`,
    '',
    'Someone (we hope you) asked to reset the password of this account. Open this link to choose a new one:',
    '',
    link,
    '',
    `The link works once and for ${validMinutes} minutes. Every other session of the account ends when the password changes.`,
    '',
    'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
  ].join('\n');
  const html = layout(
    'Reset your password',
    `<p>Hello ${escapeHtml(name)},</p>
<p>Someone (we hope you) asked to reset the password of this account.</p>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#18181b;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none">Choose a new password</a></p>
<p>Or paste this link into your browser: <br><span style="word-break:break-all">${escapeHtml(link)}</span></p>
<p>The link works once and for ${validMinutes} minutes. Every other session of the account ends when the password changes.</p>`,
  );
  return { to, subject, text, html };
}

const AFTER_FREED_SLOT = `You are on the waitlist of this mentor, so we will write again when slots free up, at most once in ${WAITLIST_NOTICE_HOURS} hours. You can leave the waitlist on the same page.`;

/**
 * To someone on a mentor's waitlist (DESIGN.md §4 "Waitlist", §4b): slots freed up, how many are free now;
 * the link is the mentor's page.
 */
export function freedSlotMail(
  to: string,
  facts: { name: string; mentorName: string; freeNow: number; link: string },
): MailMessage {
  const name = userWritten(facts.name);
  const mentorName = userWritten(facts.mentorName);
  const { link } = facts;
  const summary = freedSlotMessage(mentorName, facts.freeNow);
  const subject = `A slot with ${mentorName} freed up`;
  const text = [`Hello ${name},`, '', summary, '', link, '', AFTER_FREED_SLOT].join('\n');
  const html = layout(
    'A slot freed up',
    `<p>Hello ${escapeHtml(name)},</p>
<p>${escapeHtml(summary)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#18181b;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none">See the free hours</a></p>
<p>Or paste this link into your browser: <br><span style="word-break:break-all">${escapeHtml(link)}</span></p>
<p>${AFTER_FREED_SLOT}</p>`,
  );
  return { to, subject, text, html };
}
