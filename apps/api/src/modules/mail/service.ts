import type { MailMessage, Mailer } from '../../adapters/mail/mailer';
import { jobType, type JobQueue } from '../../jobs/queue';

/** Mail goes out as a job like any other: queued in the transaction that decided it, sent by a worker. */
export const sendMailJob = jobType<MailMessage>('mail.send');

export const MAIL_RETRY_LIMIT = 5;
/** Mails taken per poll and sent concurrently; the SMTP transport pools its connections. */
export const MAIL_BATCH_SIZE = 100;

/**
 * The mail worker. A failing mail server fails the job, and the queue retries it with exponential backoff:
 * the request that queued it has long answered, and the mail is not lost.
 */
export async function registerMailWorker(jobs: JobQueue, mailer: Mailer): Promise<void> {
  await jobs.register(sendMailJob, (message) => mailer.send(message), {
    batchSize: MAIL_BATCH_SIZE,
    retryLimit: MAIL_RETRY_LIMIT,
  });
}
