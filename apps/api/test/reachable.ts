import { connect } from 'node:net';

/** A real TCP connect, so a test that cannot run says why instead of failing on an absent service. */
export function reachable(serviceUrl: string): Promise<boolean> {
  const url = new URL(serviceUrl);
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port), timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** The Redis this machine runs for the scale-out paths; override to point elsewhere. */
export const externalRedisUrl = process.env.SCALE_OUT_REDIS_URL ?? 'redis://127.0.0.1:6379';
