import type pg from 'pg';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { ClientInfo } from '../../sessions/repository';
import type { Realtime } from '../../plugins/realtime';
import type { Notifications } from '../notifications/service';

/** What the account services need from the app: plain values, so tests could pass their own. */
export interface AuthContext {
  db: Database;
  pool: pg.Pool;
  jobs: JobQueue;
  jwtSecret: string;
  /** Origin of mailed links. */
  publicUrl: string;
  /** Welcome and new sign-in notifications. */
  notifications: Notifications;
  /** Ending a session also drops its live sockets. */
  realtime: Pick<Realtime, 'disconnectSession' | 'disconnectUser'>;
}

export type { ClientInfo };
