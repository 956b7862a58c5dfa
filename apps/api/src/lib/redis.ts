import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * The one Redis connection of the process (decision 006), connected before the app starts so a wrong
 * REDIS_URL stops the start with a clear error. Commands fail at once while Redis is away (no offline
 * queue), and the rate limiter lets requests through meanwhile instead of hanging them.
 */
export async function connectRedis(url: string, logger: Logger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
  });
  redis.on('error', (error) => logger.warn({ err: error }, 'redis connection problem; retrying'));
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Redis at REDIS_URL is unreachable: ${(error as Error).message}`, { cause: error });
  }
  return redis;
}
