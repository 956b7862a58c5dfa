import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, Mailer } from '../../adapters/mail/mailer';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createRecordingMailer, type RecordingMailer } from '../../../test/mail';
import { createDatabase, createPool } from '../../db/client';
import { sentMails } from '../../db/schema';
import {
  createMailSender,
  MAIL_EXPIRE_IN_SECONDS,
  pruneSentMailKeys,
  pruneSentMailKeysJob,
  SENT_MAIL_KEY_DAYS,
  sendMailJob,
  type MailSender,
} from './service';

let t: TestApp;
let mailer: RecordingMailer;
let sender: MailSender;
beforeAll(async () => {
  mailer = createRecordingMailer();
  t = await buildTestApp({ mailer, jobs: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 } });
  sender = createMailSender(t.app.services, mailer);
});
afterAll(() => t?.close());

const mailTo = (to: string, subject = 'Your session is confirmed'): MailMessage => ({
  to,
  subject,
  text: subject,
  html: `<p>${subject}</p>`,
});
const sentTo = (to: string) => mailer.sent.filter((mail) => mail.to === to);

async function jobState(id: string): Promise<string | undefined> {
  const { rows } = await t.app.pool.query<{ state: string }>(
    'select state from pgboss.job where name = $1 and id = $2',
    [sendMailJob.name, id],
  );
  return rows[0]?.state;
}

async function untilCompleted(id: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await jobState(id)) !== 'completed') {
    if (Date.now() > deadline) throw new Error(`mail job ${id} is ${await jobState(id)}, not completed`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Five mails to `to`, started together by a sender on a pool of its own: the statements it sent, by name when
 * prepared.
 */
async function statementsForFive(through: Mailer, to: string): Promise<string[]> {
  const pool = createPool(t.databaseUrl, { warn: () => undefined });
  const statements: string[] = [];
  const query = pool.query.bind(pool);
  pool.query = ((...args: Parameters<typeof query>) => {
    statements.push(String((args[0] as { name?: string }).name ?? args[0]));
    return query(...args);
  }) as typeof pool.query;
  try {
    const sender = createMailSender({ ...t.app.services, db: createDatabase(pool) }, through);
    await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((key) =>
        sender.send({ ...mailTo(to), key: `${to}:${key}` }, `job-${key}`),
      ),
    );
    return statements;
  } finally {
    await pool.end();
  }
}

describe('a mail sent once per key', () => {
  it('sends a keyed mail once, however often its job runs, and each key of its own', async () => {
    const to = 'once@example.org';
    const key = 'booking:b1:confirmed:once@example.org';
    await sender.send({ ...mailTo(to), key }, 'job-a');
    await sender.send({ ...mailTo(to), key }, 'job-b');
    expect(sentTo(to)).toHaveLength(1);
    // The key is bookkeeping, not part of the mail.
    expect(sentTo(to)[0]).not.toHaveProperty('key');

    await sender.send({ ...mailTo(to), key: 'booking:b1:cancelled:once@example.org' }, 'job-c');
    expect(sentTo(to)).toHaveLength(2);
  });

  it('keys a mail without a key by its job, so the same job running again sends nothing', async () => {
    const to = 'unkeyed@example.org';
    await sender.send(mailTo(to), 'job-1');
    await sender.send(mailTo(to), 'job-1');
    expect(sentTo(to)).toHaveLength(1);
    await sender.send(mailTo(to), 'job-2');
    expect(sentTo(to)).toHaveLength(2);
  });

  it('gives the key back when the mail server refuses, so the retry sends it', async () => {
    const to = 'refused@example.org';
    let refuse = true;
    const flaky: Mailer = {
      async send(message) {
        if (refuse) throw new Error('451 try again later');
        await mailer.send(message);
      },
      close() {},
    };
    const flakySender = createMailSender(t.app.services, flaky);
    const mail = { ...mailTo(to), key: 'booking:b2:confirmed:refused@example.org' };
    await expect(flakySender.send(mail, 'job-r')).rejects.toThrow('451');
    refuse = false;
    await flakySender.send(mail, 'job-r');
    expect(sentTo(to)).toHaveLength(1);
  });

  it('sends a mail whose earlier claim was never marked sent once that claim is older than the expiry', async () => {
    const to = 'died-mid-send@example.org';
    const key = 'booking:b3:confirmed:died-mid-send@example.org';
    // What a process that died while talking to the mail server leaves: a claim, no mark.
    const claimedAt = new Date(Date.now() - (MAIL_EXPIRE_IN_SECONDS + 5) * 1000);
    await t.app.db.insert(sentMails).values({ key, claimedAt });
    await sender.send({ ...mailTo(to), key }, 'job-d');
    expect(sentTo(to)).toHaveLength(1);
    const [row] = await t.app.db.select().from(sentMails).where(eq(sentMails.key, key));
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('sends the mails of a batch together: each key once, one queued twice in the batch once, one sent before not again', async () => {
    const to = 'batch@example.org';
    const keyed = (key: string, subject: string) => ({ ...mailTo(to, subject), key: `batch:${key}:${to}` });
    await sender.send(keyed('before', 'Sent before'), 'job-b0');
    await Promise.all([
      sender.send(keyed('one', 'One'), 'job-b1'),
      sender.send(keyed('two', 'Two'), 'job-b2'),
      sender.send(keyed('two', 'Two'), 'job-b3'),
      sender.send(keyed('before', 'Sent before'), 'job-b4'),
      sender.send(mailTo(to, 'Unkeyed'), 'job-b5'),
    ]);
    // In any order: each is handed over once its own claim is answered.
    expect(
      sentTo(to)
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual(['One', 'Sent before', 'Two', 'Unkeyed']);
    const rows = await t.app.db.select().from(sentMails).where(like(sentMails.key, `batch:%`));
    expect(rows.map((row) => [row.key, row.sentAt instanceof Date])).toEqual(
      expect.arrayContaining([
        [`batch:one:${to}`, true],
        [`batch:two:${to}`, true],
      ]),
    );
  });

  it('claims the keys of mails started together in one statement, and marks those handed over together in one more', async () => {
    const to = 'together@example.org';
    expect(await statementsForFive(mailer, to)).toEqual(['claim_mail_keys', 'mark_mail_keys_sent']);
    expect(sentTo(to)).toHaveLength(5);
  });

  it('marks in one statement the mails of a batch that the mail server takes a few milliseconds apart', async () => {
    // Each mail is taken a millisecond after the one before: each in a turn of the event loop of its own.
    let taken = 0;
    const staggered: Mailer = {
      send: (message) =>
        new Promise((resolve) => setTimeout(() => resolve(mailer.send(message)), (taken += 1))),
      close() {},
    };
    const to = 'staggered@example.org';
    expect(await statementsForFive(staggered, to)).toEqual(['claim_mail_keys', 'mark_mail_keys_sent']);
    expect(sentTo(to)).toHaveLength(5);
  });

  it('through the queue: a job that runs again after it was sent (its process died before marking it done) sends nothing', async () => {
    const to = 'rerun@example.org';
    const id = await t.app.jobs.enqueue(sendMailJob, mailTo(to, 'Reminder: soon'));
    if (id === null) throw new Error('no job id');
    await untilCompleted(id);
    expect(sentTo(to)).toHaveLength(1);

    // pg-boss runs an expired job again with the same id and data; put it back as if it had expired.
    await t.app.pool.query(
      `update pgboss.job set state = 'retry', completed_on = null, start_after = now() where name = $1 and id = $2`,
      [sendMailJob.name, id],
    );
    t.app.jobs.wake(sendMailJob.name);
    await untilCompleted(id);
    expect(sentTo(to)).toHaveLength(1);
  });

  it('declares the mail queue with a short expiry, so a job whose process died runs again within minutes', async () => {
    const { rows } = await t.app.pool.query<{ name: string; expireSeconds: number }>(
      `select name, expire_seconds as "expireSeconds" from pgboss.queue where name not like '\\_\\_%'`,
    );
    expect(rows.find((row) => row.name === sendMailJob.name)?.expireSeconds).toBe(MAIL_EXPIRE_IN_SECONDS);
    expect(MAIL_EXPIRE_IN_SECONDS).toBeLessThanOrEqual(60);
    // No queue keeps a dead job for pg-boss's default quarter of an hour or more.
    for (const row of rows) expect(row.expireSeconds, row.name).toBeLessThanOrEqual(120);
  });

  it('forgets keys claimed longer ago than the retries could reach, once a day, and keeps the recent ones', async () => {
    const day = 24 * 60 * 60 * 1000;
    const old = new Date(Date.now() - (SENT_MAIL_KEY_DAYS + 1) * day);
    await t.app.db.insert(sentMails).values([
      { key: 'prune:old', claimedAt: old, sentAt: old },
      { key: 'prune:old-unsent', claimedAt: old },
      { key: 'prune:recent', claimedAt: new Date(Date.now() - day), sentAt: new Date(Date.now() - day) },
    ]);
    await pruneSentMailKeys(t.app.services);
    const keys = (await t.app.db.select({ key: sentMails.key }).from(sentMails)).map((row) => row.key);
    expect(keys).toContain('prune:recent');
    expect(keys).not.toContain('prune:old');
    expect(keys).not.toContain('prune:old-unsent');
    const { rows } = await t.app.pool.query<{ count: number }>(
      `select count(*)::int as count from pgboss.job where name = $1 and state < 'active'`,
      [pruneSentMailKeysJob.name],
    );
    // One next run waits, however many processes and runs asked for it.
    expect(rows[0]?.count).toBe(1);
  });
});
