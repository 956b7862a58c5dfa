import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { buildTestApp, createTestDatabase, type TestApp, type TestDatabase } from './helpers';
import { externalRedisUrl } from './reachable';
import { listen } from './sockets';

export interface Replicas {
  database: TestDatabase;
  /** The api processes started so far, each listening; `urls[i]` is `apps[i]`'s address. */
  apps: TestApp[];
  urls: string[];
  /**
   * One more process on the same database and Redis stream (a test may close it early); `env` overrides its
   * environment (a REDIS_URL through a proxy a test cuts).
   */
  add(env?: Record<string, string>): Promise<{ app: TestApp; url: string }>;
  close(): Promise<void>;
}

/**
 * `count` api processes sharing one database and, through REDIS_URL, one socket.io stream of this run's own
 * (so other runs on the same Redis neither see nor disturb its messages): the scale-out of DESIGN.md §5a.
 */
export async function startReplicas(count: number): Promise<Replicas> {
  const streamName = `skillroute-test-${randomBytes(6).toString('hex')}:socket.io`;
  const database = await createTestDatabase();
  const apps: TestApp[] = [];
  const urls: string[] = [];
  const add = async (env: Record<string, string> = {}) => {
    const app = await buildTestApp({
      databaseUrl: database.url,
      env: { REDIS_URL: externalRedisUrl, ...env },
      socketStreamName: streamName,
    });
    apps.push(app);
    const url = await listen(app.app);
    urls.push(url);
    return { app, url };
  };
  for (let i = 0; i < count; i += 1) await add();
  return {
    database,
    apps,
    urls,
    add,
    async close() {
      // A replica a test already closed closes again without complaint.
      for (const app of apps) await app.close();
      await database.drop();
      const redis = new Redis(externalRedisUrl);
      await redis.del(streamName);
      await redis.quit();
    },
  };
}
