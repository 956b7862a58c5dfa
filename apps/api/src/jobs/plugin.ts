import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Logger } from 'pino';
import { startJobQueue, type JobQueue } from './queue';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

export interface JobsPluginOptions {
  connectionString: string;
  pollingIntervalSeconds: number;
  retryDelaySeconds: number;
}

/**
 * Starts the queue with the app; modules register their own workers on it. `app.close()` lets running jobs
 * finish, then stops it.
 */
export const jobs = fp(
  async function jobs(app: FastifyInstance, options: JobsPluginOptions) {
    const queue = await startJobQueue({ ...options, logger: app.log as Logger });
    app.decorate('jobs', queue);
    app.addHook('onClose', async () => {
      await queue.stop();
    });
  },
  { name: 'jobs' },
);
