import DataLoader from 'dataloader';
import type { MailMessage, Mailer } from '../../adapters/mail/mailer';
import type { ServiceContext } from '../../context/service-context';
import { jobType } from '../../jobs/queue';
import * as repository from './repository';

/** A mail as it waits in the queue: the message, and what makes it one of a kind. */
export interface QueuedMail extends MailMessage {
  /**
   * Sent at most once per key, however often its job runs: the booking, the kind and the recipient for a
   * booking's mails (`booking:<id>:confirmed:<address>`). Without one, the job's own id is the key, which
   * covers the same job running again after its process died.
   */
  key?: string;
}

/** Mail goes out as a job like any other: queued in the transaction that decided it, sent by a worker. */
export const sendMailJob = jobType<QueuedMail>('mail.send');

export const MAIL_RETRY_LIMIT = 5;
/** Mails taken per poll and sent concurrently; the SMTP transport pools its connections. */
export const MAIL_BATCH_SIZE = 100;
/**
 * A mail job still running after this long is taken for dead and runs again (its key keeps a mail that went
 * out from going out twice). Above the SMTP timeouts (10 s to connect and greet, 30 s idle socket).
 */
export const MAIL_EXPIRE_IN_SECONDS = 60;

/**
 * How long a mail's mark waits for the marks of the others of its batch, which are handed over a few milliseconds
 * apart; a mark waited only for the event loop's turn before, and a batch of twenty took a dozen of them.
 */
const MARK_GATHER_MS = 50;

/** Sends queued mails, each at most once per key. */
export interface MailSender {
  /**
   * Sends the mail unless its key was sent already: the key is claimed, the mail handed over, then the key marked
   * sent. A refusal gives the key back, so the retry sends. Only a process dying between the mail server's
   * acceptance and the mark can still send one twice (after the claim goes stale).
   */
  send(mail: QueuedMail, jobId: string): Promise<void>;
}

/**
 * The mail worker's sender. The mails a worker takes in one batch start together, so their claims go out as one
 * statement, and the marks of the mails handed over within `MARK_GATHER_MS` of each other as one more (DataLoader
 * gathers them): about two statements a batch, where each mail took two of its own.
 */
export function createMailSender(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'log'>,
  mailer: Mailer,
): MailSender {
  // No cache: a key claimed or marked is asked again on a retry, and must reach the database again.
  const claims = new DataLoader<string, boolean>(
    async (keys) => {
      const now = ctx.clock.now();
      const staleBefore = new Date(now.getTime() - MAIL_EXPIRE_IN_SECONDS * 1000);
      const claimed = await repository.claimMailKeys(ctx.db, [...new Set(keys)], now, staleBefore);
      // A key queued twice in one batch is sent by its first job only.
      return keys.map((key, index) => claimed.has(key) && keys.indexOf(key) === index);
    },
    { cache: false, maxBatchSize: MAIL_BATCH_SIZE },
  );
  const marks = new DataLoader<string, void>(
    async (keys) => {
      await repository.markMailKeysSent(ctx.db, keys, ctx.clock.now());
      return keys.map(() => undefined);
    },
    {
      cache: false,
      maxBatchSize: MAIL_BATCH_SIZE,
      batchScheduleFn: (run) => setTimeout(run, MARK_GATHER_MS),
    },
  );
  return {
    async send(mail, jobId) {
      const { key: givenKey, ...message } = mail;
      const key = givenKey ?? `job:${jobId}`;
      if (!(await claims.load(key))) {
        ctx.log.info({ key, jobId }, 'this mail was sent already; not sending it again');
        return;
      }
      try {
        await mailer.send(message);
      } catch (error) {
        await repository.releaseMailKey(ctx.db, key).catch(() => undefined);
        throw error;
      }
      await marks.load(key);
    },
  };
}

/** Once a day, the keys of mails sent long ago are forgotten; the job queues its own next run. */
export const pruneSentMailKeysJob = jobType<Record<string, never>>('mail.prune-sent-keys');
/** Far beyond the last retry of a mail job (five, with backoff, within the hour). */
export const SENT_MAIL_KEY_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function pruneSentMailKeys(ctx: Pick<ServiceContext, 'db' | 'clock' | 'jobs'>): Promise<void> {
  await repository.deleteMailKeysClaimedBefore(
    ctx.db,
    new Date(ctx.clock.now().getTime() - SENT_MAIL_KEY_DAYS * DAY_MS),
  );
  // Real time: pg-boss starts jobs by the database's clock.
  await ctx.jobs.enqueue(
    pruneSentMailKeysJob,
    {},
    { singletonKey: 'daily', startAfter: new Date(Date.now() + DAY_MS) },
  );
}

/**
 * The mail worker. A failing mail server fails the job, and the queue retries it with exponential backoff:
 * the request that queued it has long answered, and the mail is not lost.
 */
export async function registerMailWorker(ctx: ServiceContext, mailer: Mailer): Promise<void> {
  const sender = createMailSender(ctx, mailer);
  await ctx.jobs.register(sendMailJob, (mail, job) => sender.send(mail, job.id), {
    batchSize: MAIL_BATCH_SIZE,
    retryLimit: MAIL_RETRY_LIMIT,
    expireInSeconds: MAIL_EXPIRE_IN_SECONDS,
  });
  await ctx.jobs.register(pruneSentMailKeysJob, () => pruneSentMailKeys(ctx), { unique: true, batchSize: 1 });
  // The first run, unless one already waits (every process asks; one job waits).
  await ctx.jobs.enqueue(
    pruneSentMailKeysJob,
    {},
    { singletonKey: 'daily', startAfter: new Date(Date.now() + DAY_MS) },
  );
}
