import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

const RECONNECT_DELAYS_MS = [100, 500, 1000, 2000, 5000];
const HEARTBEAT_MS = 15_000;

/** What a read cache kept current by PostgreSQL notifications hears from its listening connection. */
export interface ChangeListenerTarget {
  /** A notification on `channel` (its payload, possibly empty). */
  heard(channel: string, payload: string): void;
  /** Listening (true) or not (false); called with false when the connection is lost, true once a new one listens. */
  setListening(listening: boolean): void;
}

export interface ChangeListenerOptions {
  connectionString: string;
  /** The connection's name in `pg_stat_activity`. */
  applicationName: string;
  /** Channel names, as plain identifiers (they are spliced into `LISTEN`). */
  channels: readonly string[];
  /** Names the cache in the log lines. */
  label: string;
  log: FastifyBaseLogger;
}

/**
 * A process's listening connection: `LISTEN` on the channels, reconnecting with back-off. A lost connection
 * reports `setListening(false)` (changes may go unheard from then on) until a new one listens. Resolves after
 * the first attempt, whether it succeeded or retries in the background.
 */
export async function listenForChanges(
  options: ChangeListenerOptions,
  target: ChangeListenerTarget,
): Promise<{ close(): Promise<void> }> {
  for (const channel of options.channels)
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  let client: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const lost = (current: pg.Client, error?: Error) => {
    if (client !== current) return;
    client = undefined;
    clearInterval(heartbeat);
    target.setListening(false);
    current.removeAllListeners('notification');
    current.end().catch(() => undefined);
    if (closed) return;
    options.log.warn(
      { error: error?.message },
      `${options.label}: the listening connection was lost; serving from the database until it is back`,
    );
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
    attempt += 1;
    reconnectTimer = setTimeout(() => void connect(), delay);
  };

  const connect = async () => {
    const current = new pg.Client({
      connectionString: options.connectionString,
      keepAlive: true,
      connectionTimeoutMillis: 5000,
      application_name: options.applicationName,
    });
    client = current;
    current.on('error', (error) => lost(current, error));
    current.on('end', () => lost(current));
    current.on('notification', (message) => {
      if (options.channels.includes(message.channel)) target.heard(message.channel, message.payload ?? '');
    });
    try {
      await current.connect();
      for (const channel of options.channels) await current.query(`LISTEN ${channel}`);
    } catch (error) {
      lost(current, error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (client !== current) return;
    attempt = 0;
    // The cache drops everything on the way in, so nothing read before this point is trusted.
    target.setListening(true);
    // A connection cut without a word (a dead peer) shows only when something is sent on it.
    heartbeat = setInterval(() => {
      current.query('select 1').catch((error: Error) => lost(current, error));
    }, HEARTBEAT_MS);
    heartbeat.unref();
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      clearInterval(heartbeat);
      target.setListening(false);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
