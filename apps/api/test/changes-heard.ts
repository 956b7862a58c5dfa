import { randomUUID } from 'node:crypto';
import { expect, vi } from 'vitest';
import type { App } from '../src/app';
import { MENTOR_LISTING_CHANNEL } from '../src/modules/mentors/listing-changes';

/**
 * How long a test waits for a change to be heard by another listening connection (PostgreSQL's NOTIFY, a few
 * milliseconds after the commit), and how often it looks: for `expect.poll`.
 */
export const HEARD_SOON = { timeout: 5000, interval: 20 };

/**
 * Waits until `on` heard every listing change committed so far: a marker sent now reaches its listening connection
 * after them all (one connection, in commit order). Before a test shows what is served from memory.
 */
export async function listingChangesHeard(on: { app: App }): Promise<void> {
  const marker = `marker-${randomUUID()}`;
  const heard = vi.spyOn(on.app.mentorListingCache, 'heard');
  try {
    await on.app.pool.query('select pg_notify($1, $2)', [MENTOR_LISTING_CHANNEL, marker]);
    await expect.poll(() => heard.mock.calls.some(([payload]) => payload === marker), HEARD_SOON).toBe(true);
  } finally {
    heard.mockRestore();
  }
}
