import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
}

export interface SmtpCapture {
  url: string;
  mails: CapturedMail[];
  /** Deliveries refused so far (with a temporary 451). */
  refused: number;
  /** Deliveries whose answer is being held back (`hold`). */
  held: number;
  /** Answers no delivery until `release`: a relay that stalls, so a batch of mails stays in flight. */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

export interface SmtpCaptureOptions {
  /** The first deliveries, whoever they are for, are refused with a temporary error. */
  refuseFirst?: number;
  /** The first delivery to each of these addresses is refused with a temporary error; later ones are kept. */
  refuseOnceTo?: readonly string[];
  /** Each delivery is answered only after this long, so mails are in flight for a while (a slow relay). */
  delayMs?: number;
}

/**
 * A real SMTP server on a free local port that keeps every raw message. Refused deliveries (`refuseFirst`,
 * `refuseOnceTo`) get a temporary 451, as a mail server under load would answer.
 */
export async function startSmtpCapture(options: SmtpCaptureOptions = {}): Promise<SmtpCapture> {
  const refuseOnceTo = new Set(options.refuseOnceTo ?? []);
  let released: Promise<void> = Promise.resolve();
  let release = () => undefined as void;
  const capture: SmtpCapture = {
    url: '',
    mails: [],
    refused: 0,
    held: 0,
    hold() {
      released = new Promise<void>((resolve) => (release = resolve));
    },
    release: () => release(),
    close: async () => undefined,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        capture.held += 1;
        await released;
        capture.held -= 1;
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        const refusedOnce = recipients.filter((address) => refuseOnceTo.delete(address));
        if (capture.refused < (options.refuseFirst ?? 0) || refusedOnce.length > 0) {
          capture.refused += 1;
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        capture.mails.push({ to: recipients, raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  capture.url = `smtp://127.0.0.1:${port}`;
  capture.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return capture;
}
