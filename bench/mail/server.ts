// The server process of the mail benchmark: the real api (buildApp, production pace: workers poll every 2 s)
// on an embedded PostgreSQL, mailing through SMTP_URL with its pooled transport. On command it queues N mails
// in one unit of work, as requests do, and says when they committed; the orchestrator (bench/mail/bench.mjs)
// holds the SMTP server and stamps each arrival. Beside the product's `mail.send` worker it registers the old
// design's pace for comparison: the same mailer's handler, one job per poll (batch size 1).
import type { MailMessage, Mailer } from '../../apps/api/src/adapters/mail/mailer';
import { createMailer } from '../../apps/api/src/adapters/mail/mailer';
import { verificationCodeMail } from '../../apps/api/src/adapters/mail/templates';
import { jobType, type JobType } from '../../apps/api/src/jobs/queue';
import { MAIL_RETRY_LIMIT, sendMailJob } from '../../apps/api/src/modules/mail/service';
import type { Logger } from 'pino';
import { startBenchProduct, type BenchProduct } from '../product-app';

export type MailQueueName = 'batched' | 'one-at-a-time';

export type MailServerRequest =
  { type: 'enqueue'; queue: MailQueueName; count: number; tag: string } | { type: 'stop' };
export type MailServerReply =
  | { type: 'ready' }
  | { type: 'enqueued'; enqueueMs: number; committedAt: number }
  | { type: 'failed'; message: string };

const clockNow = () => performance.timeOrigin + performance.now();
const smtpUrl = process.env.SMTP_URL;
const oneAtATimeJob = jobType<MailMessage>('bench.mail.one-at-a-time');

let product: BenchProduct | undefined;
let oldPaceMailer: Mailer | undefined;

function reply(message: MailServerReply): void {
  if (process.connected) process.send?.(message, undefined, {}, () => undefined);
}

async function start(): Promise<void> {
  if (smtpUrl === undefined) throw new Error('SMTP_URL is not set: the orchestrator passes its SMTP server');
  product = await startBenchProduct('mail', {
    env: { SMTP_URL: smtpUrl, MAIL_FROM: 'Skillroute <hello@skillroute.test>' },
  });
  const { app, config } = product;
  const mailer = createMailer(
    { smtpUrl, from: config.mail.from, dataDir: config.dataDir },
    app.log as Logger,
  );
  oldPaceMailer = mailer;
  await app.jobs.register(oneAtATimeJob, (message) => mailer.send(message), {
    batchSize: 1,
    retryLimit: MAIL_RETRY_LIMIT,
  });
  reply({ type: 'ready' });
}

/** N verification mails (the product's own template) queued in one transaction, as N requests would have. */
async function enqueue(queue: MailQueueName, count: number, tag: string): Promise<void> {
  if (product === undefined) throw new Error('not started');
  const type: JobType<MailMessage> = queue === 'batched' ? sendMailJob : oneAtATimeJob;
  const started = clockNow();
  await product.app.services.unitOfWork(async (uow) => {
    for (let index = 0; index < count; index += 1) {
      await uow.enqueue(
        type,
        verificationCodeMail(
          `${tag}-${index}@bench.skillroute.test`,
          `Bench ${index}`,
          String(100000 + index),
          10,
        ),
      );
    }
  });
  const committedAt = clockNow();
  reply({ type: 'enqueued', enqueueMs: committedAt - started, committedAt });
}

async function stop(): Promise<boolean> {
  const clean = (await product?.stop()) ?? true;
  oldPaceMailer?.close();
  return clean;
}

process.on('message', (message: MailServerRequest) => {
  if (message.type === 'enqueue') {
    enqueue(message.queue, message.count, message.tag).catch((error: unknown) =>
      reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  } else if (message.type === 'stop') {
    void stop().then((clean) => process.exit(clean ? 0 : 1));
  }
});

start().catch((error: unknown) => {
  reply({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  void stop().then(() => process.exit(1));
});
