import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../lib/logger';
import { createMailer, type MailMessage } from './mailer';

let dataDir: string;
let logs: Array<Record<string, unknown>>;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'skillroute-outbox-'));
  logs = [];
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(dataDir, { recursive: true, force: true });
});

const devOutbox = () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return createMailer(
    { smtpUrl: undefined, from: 'Skillroute <no-reply@skillroute.local>', dataDir },
    createLogger({ logLevel: 'info', nodeEnv: 'test' }, sink),
  );
};

const mail = (text: string): MailMessage => ({
  to: 'cleo@example.org',
  subject: 'Your code',
  text,
  html: `<p>${text}</p>`,
});

describe('the dev outbox', () => {
  it('keeps two mails to one person in the same millisecond as two files', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00.000Z'));
    const outbox = devOutbox();
    await Promise.all([outbox.send(mail('code 111111')), outbox.send(mail('code 222222'))]);
    outbox.close();

    const folder = path.join(dataDir, 'mail');
    const files = readdirSync(folder);
    expect(files).toHaveLength(2);
    const bodies = files.map((file) => readFileSync(path.join(folder, file), 'utf8'));
    expect(bodies.some((body) => body.includes('code 111111'))).toBe(true);
    expect(bodies.some((body) => body.includes('code 222222'))).toBe(true);
  });

  it('makes its folder again when it was removed while the process runs', async () => {
    const outbox = devOutbox();
    await outbox.send(mail('code 444444'));
    rmSync(path.join(dataDir, 'mail'), { recursive: true });
    await outbox.send(mail('code 555555'));
    outbox.close();

    const folder = path.join(dataDir, 'mail');
    const bodies = readdirSync(folder).map((file) => readFileSync(path.join(folder, file), 'utf8'));
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toContain('code 555555');
  });

  it('still logs the mail, text and all, when its folder cannot be written', async () => {
    // Root writes through permission bits, so the outbox folder is made unwritable by being a file.
    writeFileSync(path.join(dataDir, 'mail'), 'not a folder');
    const outbox = devOutbox();
    await expect(outbox.send(mail('code 333333'))).resolves.toBeUndefined();
    outbox.close();

    expect(logs).toContainEqual(
      expect.objectContaining({
        level: 40,
        to: 'cleo@example.org',
        subject: 'Your code',
        text: 'code 333333',
        outboxDir: path.join(dataDir, 'mail'),
        msg: 'mail printed here only: the dev outbox folder cannot be written (SMTP_URL is not set)',
      }),
    );
  });
});
