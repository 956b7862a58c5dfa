import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { MailMessage, Mailer } from '../adapters/mail/mailer';

export const MAIL_SEND_QUEUE = 'mail.send';

/** Where a job is written: the app's own connection by default, or a transaction's (see `transaction.ts`). */
export type JobExecutor = PgBoss.Db;

export interface JobQueue {
  /** Queues a mail; with `executor`, the job exists only if the caller's transaction commits. */
  enqueueMail(message: MailMessage, executor?: JobExecutor): Promise<void>;
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  connectionString: string;
  logger: Logger;
  mailer: Mailer;
  /** How often an idle worker looks for jobs (pg-boss's minimum is 0.5 s; tests use that). */
  pollingIntervalSeconds: number;
  /** The first retry's delay; each later one doubles it (pg-boss `retryBackoff`). */
  retryDelaySeconds: number;
}

export const MAIL_RETRY_LIMIT = 5;

/** Lets a transaction on a pg client write jobs: pg-boss only needs `executeSql`. */
export function executorFor(client: pg.ClientBase): JobExecutor {
  return { executeSql: async (text, values) => client.query(text, values) };
}

/**
 * pg-boss in the app's own PostgreSQL (schema `pgboss`), with the mail worker. A failing mail server
 * fails the job, and pg-boss retries it with exponential backoff: the request that queued it has long
 * answered, and the mail is not lost.
 */
export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { logger } = options;
  const boss = new PgBoss({ connectionString: options.connectionString, max: 3, application_name: 'skillroute-jobs' });
  // Without a listener an error event would end the process; a lost connection is retried by pg-boss.
  boss.on('error', (error) => logger.warn({ err: error }, 'job queue error'));
  await boss.start();
  await boss.createQueue(MAIL_SEND_QUEUE, {
    name: MAIL_SEND_QUEUE,
    retryLimit: MAIL_RETRY_LIMIT,
    retryDelay: options.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: 120,
  });
  await boss.work<MailMessage>(MAIL_SEND_QUEUE, { pollingIntervalSeconds: options.pollingIntervalSeconds, batchSize: 1 }, async (jobs) => {
    for (const job of jobs) {
      try {
        await options.mailer.send(job.data);
      } catch (error) {
        logger.warn({ err: error, jobId: job.id, to: job.data.to }, 'sending a mail failed; it will be retried');
        throw error;
      }
    }
  });

  return {
    async enqueueMail(message, executor) {
      await boss.send(MAIL_SEND_QUEUE, message, executor === undefined ? {} : { db: executor });
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      options.mailer.close();
    },
  };
}
