// What the bench servers write straight into the tables: verified users in one insert, and their sessions opened
// the way the integration tests open them (a session row and its access token, no password hashing). It imports
// only what the product has had since before the ledger, so the payments bench copies it, with its server, into a
// worktree of that older commit.
import type { Database } from '../apps/api/src/db/client';
import { createMentor } from '../apps/api/test/mentors';
import { users } from '../apps/api/src/db/schema';
import { openSession } from '../apps/api/src/sessions/service';
import type { BenchProduct } from './product-app';

/** Every weekday 10:00–17:00 in the mentor's zone: the bench mentors' week. */
const TEN_TO_FIVE = [10, 11, 12, 13, 14, 15, 16];
export const WEEKDAYS_TEN_TO_FIVE = {
  monday: TEN_TO_FIVE,
  tuesday: TEN_TO_FIVE,
  wednesday: TEN_TO_FIVE,
  thursday: TEN_TO_FIVE,
  friday: TEN_TO_FIVE,
};

/** `count` mentors with the bench week in UTC at `pricePaise`, named `${name} 1` onwards; answers their ids in order. */
export async function weekdayMentors(
  db: Database,
  input: { name: string; count: number; pricePaise: number },
): Promise<string[]> {
  const availability = { timezone: 'UTC', weeklyHours: WEEKDAYS_TEN_TO_FIVE, pricePaise: input.pricePaise };
  const ids: string[] = [];
  for (let index = 0; index < input.count; index += 1)
    ids.push(await createMentor(db, { name: `${input.name} ${index + 1}`, availability }));
  return ids;
}

/** `count` verified users in one insert; answers their ids in order. */
export async function newUsers(db: Database, tag: string, count: number): Promise<string[]> {
  if (count === 0) return [];
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        name: `${tag} ${index + 1}`,
        email: `${tag}-${index + 1}@bench.skillroute.test`,
        verifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

/** A batch of sessions at a time: all at once would queue past the pool's connect timeout on a busy machine. */
const SESSION_BATCH = 10;

/** An access cookie per user: a session opened straight in the table, as the integration tests do. */
export async function cookiesOf(bench: BenchProduct, userIds: string[]): Promise<string[]> {
  const cookies: string[] = [];
  for (let start = 0; start < userIds.length; start += SESSION_BATCH) {
    const batch = userIds.slice(start, start + SESSION_BATCH).map(async (id) => {
      const tokens = await openSession(
        bench.app.db,
        bench.config.jwtSecret,
        { sub: id, email: `${id}@bench.skillroute.test`, role: 'user' },
        { userAgent: 'bench', ip: '127.0.0.1' },
        new Date(),
      );
      return `accessToken=${tokens.accessToken}`;
    });
    cookies.push(...(await Promise.all(batch)));
  }
  return cookies;
}
