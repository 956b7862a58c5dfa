import { afterEach, describe, expect, it } from 'vitest';
import { verificationCodeMail } from '../../adapters/mail/templates';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { waitUntil } from '../../../test/mail';
import { startSmtpCapture, type SmtpCapture } from '../../../test/smtp-capture';
import { sendMailJob } from './service';

// Correctness only: how fast a queue drains is measured by `npm run bench -- mail`, never asserted here. The
// waits are generous so a busy machine is slow, not red.
const ARRIVAL_TIMEOUT_MS = 150_000;
const MAILS = 200;

let t: TestApp | undefined;
let smtp: SmtpCapture | undefined;

afterEach(async () => {
  await t?.close();
  await smtp?.close();
  t = undefined;
  smtp = undefined;
});

const addressOf = (index: number) => `reader-${index}@example.org`;

/** The `mail.send` jobs by state, straight from pg-boss's table. */
async function mailJobs(
  app: TestApp['app'],
): Promise<Array<{ state: string; retryCount: number; to: string }>> {
  const { rows } = await app.pool.query<{ state: string; retryCount: number; to: string }>(
    `SELECT state, retry_count AS "retryCount", data->>'to' AS "to" FROM pgboss.job WHERE name = $1`,
    [sendMailJob.name],
  );
  return rows;
}

async function allCompleted(app: TestApp['app']): Promise<Awaited<ReturnType<typeof mailJobs>>> {
  const deadline = Date.now() + ARRIVAL_TIMEOUT_MS;
  for (;;) {
    const rows = await mailJobs(app);
    if (rows.length === MAILS && rows.every((job) => job.state === 'completed')) return rows;
    if (Date.now() > deadline)
      throw new Error(
        `timed out waiting for every ${sendMailJob.name} job to complete: ${JSON.stringify(rows.filter((job) => job.state !== 'completed'))}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('mail queued in bulk', () => {
  it(
    'delivers every one of 200 mails exactly once, and retries alone the one the SMTP server refused',
    async () => {
      const refusedAddress = addressOf(37);
      smtp = await startSmtpCapture({ refuseOnceTo: [refusedAddress] });
      t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
      const app = t.app;

      // One unit of work, as a burst of requests would queue them: none is visible before the commit.
      await app.services.unitOfWork(async (uow) => {
        for (let index = 0; index < MAILS; index += 1)
          await uow.enqueue(
            sendMailJob,
            verificationCodeMail(addressOf(index), `Reader ${index}`, String(100000 + index), 10),
          );
      });

      const capture = smtp;
      await waitUntil(
        () => (new Set(capture.mails.flatMap((mail) => mail.to)).size >= MAILS ? true : undefined),
        ARRIVAL_TIMEOUT_MS,
        `${MAILS} distinct recipients`,
      );
      // Every job finished: nothing is left that could deliver a mail a second time.
      const jobs = await allCompleted(app);

      const deliveries = new Map<string, number>();
      for (const mail of capture.mails)
        for (const to of mail.to) deliveries.set(to, (deliveries.get(to) ?? 0) + 1);
      expect(deliveries.size).toBe(MAILS);
      for (let index = 0; index < MAILS; index += 1)
        expect(deliveries.get(addressOf(index)), addressOf(index)).toBe(1);
      expect(capture.mails.find((mail) => mail.to.includes(addressOf(5)))?.raw).toContain(
        'Subject: Your Skillroute code: 100005',
      );

      // The refused mail was retried on its own: one retry for its job, none for the 199 sent with it.
      expect(capture.refused).toBe(1);
      expect(jobs.filter((job) => job.retryCount > 0)).toEqual([
        { state: 'completed', retryCount: 1, to: refusedAddress },
      ]);
      expect(t.logs.some((line) => line.msg === 'a job failed; it will be retried')).toBe(true);
    },
    2 * ARRIVAL_TIMEOUT_MS + 30_000,
  );
});
