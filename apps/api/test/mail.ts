import type { MailMessage, Mailer } from '../src/adapters/mail/mailer';

/** A mailer that keeps what it was given, for tests that only need the text a person would read. */
export interface RecordingMailer extends Mailer {
  sent: MailMessage[];
  /**
   * The newest mail to `to` whose subject matches, once the job worker delivered it; with `after` (a
   * length of `sent` taken earlier), only a mail delivered since then.
   */
  waitFor(to: string, subject: RegExp, after?: number): Promise<MailMessage>;
}

export function createRecordingMailer(): RecordingMailer {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
    close() {},
    async waitFor(to, subject, after = 0) {
      return waitUntil(
        () => sent.slice(after).findLast((mail) => mail.to === to && subject.test(mail.subject)),
        10_000,
        `a mail to ${to} matching ${subject}`,
      );
    },
  };
}

export async function waitUntil<T>(find: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Quoted-printable (RFC 2045) to text: soft line breaks joined, =XX bytes decoded as UTF-8. */
export function decodeQuotedPrintable(encoded: string): string {
  const joined = encoded.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The Subject of a raw message, its folded lines joined and its encoded words (RFC 2047: B and Q) decoded. */
export function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)$/m.exec(raw)?.[1] ?? '';
  return (
    header
      .replace(/\r?\n([ \t])/g, '$1')
      // Whitespace between two encoded words is not part of the text.
      .replace(/\?=[ \t]+=\?/g, '?==?')
      .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
        encoding.toLowerCase() === 'b'
          ? Buffer.from(text, 'base64').toString('utf8')
          : decodeQuotedPrintable(text.replace(/_/g, ' ')),
      )
  );
}

/** The html part of a raw message, decoded as `plainTextOf` decodes the text part. */
export function htmlOf(raw: string): string {
  return partOf(raw, 'text/html');
}

/**
 * The text/plain part of a raw message as a person would read it (headers and MIME framing dropped,
 * quoted-printable or base64 decoded). Enough for nodemailer's output; not a general MIME parser.
 */
export function plainTextOf(raw: string): string {
  return partOf(raw, 'text/plain');
}

function partOf(raw: string, type: 'text/plain' | 'text/html'): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const [head = '', ...body] = part.split(/\r?\n\r?\n/);
    const header = type === 'text/html' ? /content-type:\s*text\/html/i : /content-type:\s*text\/plain/i;
    if (!header.test(head)) continue;
    const content = body.join('\n\n').replace(/\r?\n--[^\r\n]+--\s*$/, '');
    if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQuotedPrintable(content);
    if (/content-transfer-encoding:\s*base64/i.test(head))
      return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
    return content;
  }
  throw new Error(`the message has no ${type} part`);
}

/** The code of a verification mail, in English or in Hindi (the language of the person signing up). */
export function codeIn(text: string): string {
  const match = /(?:verification code is|वेरिफ़िकेशन कोड है): (\d{6})/.exec(text);
  if (!match?.[1]) throw new Error(`no 6-digit code in: ${text}`);
  return match[1];
}

export function resetTokenIn(text: string): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return match[1];
}
