import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

/** One outgoing mail, already rendered (see templates.ts). Plain data, so it can wait in the job queue. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A calendar invite: nodemailer sends it as a text/calendar part and as an .ics attachment. */
  icalEvent?: CalendarInvite;
}

export interface CalendarInvite {
  /** REQUEST adds or updates the event in the reader's calendar; CANCEL removes it. */
  method: 'REQUEST' | 'CANCEL';
  filename: string;
  /** The iCalendar text (RFC 5545). */
  content: string;
}

export interface Mailer {
  /** Resolves once the mail was handed over; rejects (so the job is retried) when it was not. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** The dev outbox keeps each mail as DATA_DIR/mail/*.eml. */
  dataDir: string;
}

// A mail server that stops answering must fail the job (and let it retry) rather than hold a worker forever.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** SMTP when SMTP_URL is set; otherwise the dev outbox, so a newcomer reads their code in the log. */
export function createMailer(options: MailerOptions, logger: Logger): Mailer {
  return options.smtpUrl === undefined
    ? createDevOutbox(options, logger)
    : createSmtpMailer(options.smtpUrl, options.from, logger);
}

function createSmtpMailer(smtpUrl: string, from: string, logger: Logger): Mailer {
  // Pooled: the mail worker sends a batch at once over a few reused connections, not one connection a mail.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 5,
    ...SMTP_TIMEOUTS,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
    },
    close: () => transport.close(),
  };
}

/**
 * A name no other mail has: mails sent in the same millisecond (a busy sign-up page) differ in the random part,
 * and the file is written with 'wx', so a name that somehow exists is never overwritten.
 */
function outboxFileName(to: string, now: Date): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return `${stamp}-${randomBytes(4).toString('hex')}-${to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`;
}

function createDevOutbox(options: MailerOptions, logger: Logger): Mailer {
  const outboxDir = path.join(options.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      // No mail server here: the text body in the log is how a developer reads the code or the link, so it is
      // logged whether or not the file could be kept.
      const mail = { to: message.to, subject: message.subject, text: message.text };
      const file = path.join(outboxDir, outboxFileName(message.to, new Date()));
      const keep = () => writeFile(file, info.message as Buffer, { flag: 'wx' });
      try {
        // The folder is made when a mail finds it missing (the first one, or after it was removed), not asked
        // for before every mail.
        await keep().catch(async (error: unknown) => {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
          await mkdir(outboxDir, { recursive: true });
          await keep();
        });
      } catch (error) {
        logger.warn(
          { ...mail, err: error, outboxDir },
          'mail printed here only: the dev outbox folder cannot be written (SMTP_URL is not set)',
        );
        return;
      }
      logger.info({ ...mail, file }, 'mail kept in the dev outbox (SMTP_URL is not set)');
    },
    close: () => transport.close(),
  };
}
