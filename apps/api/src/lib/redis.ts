import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { unreachable } from './unreachable';

/**
 * The one Redis connection of the process (decision 006), connected before the app starts so a wrong
 * REDIS_URL stops the start with one line naming it. Commands fail at once while Redis is away (no offline
 * queue), and the rate limiter lets requests through meanwhile instead of hanging them.
 */
export async function connectRedis(url: string, logger: Logger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
  });
  // While connecting, the cause of a failure arrives as an error event and connect() rejects with a bare
  // "Connection is closed."; keep the cause for the one line that refuses the start.
  let connectError: Error | undefined;
  const keepConnectError = (error: Error) => (connectError = error);
  redis.on('error', keepConnectError);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw unreachable('Redis', 'REDIS_URL', url, connectError ?? error);
  }
  redis.off('error', keepConnectError);
  redis.on('error', (error) => logger.warn({ err: error }, 'redis connection problem; retrying'));
  return redis;
}
