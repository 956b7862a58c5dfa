import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import { createDatabase, createPool, type Database } from './client';
import { runSeeders, type Seeder } from './seed';

describe('runSeeders', () => {
  let database: TestDatabase;
  let pool: ReturnType<typeof createPool>;
  let db: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    pool = createPool(database.url, { warn() {} });
    db = createDatabase(pool);
    await db.execute(sql`create table demo_things (name text not null)`);
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  const things: Seeder = {
    name: 'demo-things',
    async run(tx) {
      await tx.execute(sql`insert into demo_things (name) values ('first'), ('second')`);
    },
  };

  it('runs each seeder once per database, so a second start inserts no duplicate rows', async () => {
    expect(await runSeeders(db, [things])).toEqual(['demo-things']);
    expect(await runSeeders(db, [things])).toEqual([]);
    const rows = await db.execute<{ count: string }>(sql`select count(*) from demo_things`);
    expect(Number(rows.rows[0]?.count)).toBe(2);
    const runs = await db.execute<{ name: string }>(sql`select name from seed_runs`);
    expect(runs.rows).toEqual([{ name: 'demo-things' }]);
  });

  it('runs concurrent starts one at a time, still once', async () => {
    const counted: Seeder = {
      name: 'counted',
      run: (tx) => tx.execute(sql`insert into demo_things (name) values ('counted')`).then(() => undefined),
    };
    const results = await Promise.all([
      runSeeders(db, [counted]),
      runSeeders(db, [counted]),
      runSeeders(db, [counted]),
    ]);
    expect(results.flat()).toEqual(['counted']);
  });

  it('records nothing when a seeder fails, so the next start tries again', async () => {
    const failing: Seeder = { name: 'failing', run: () => Promise.reject(new Error('bad demo row')) };
    await expect(runSeeders(db, [failing])).rejects.toThrow('bad demo row');
    const runs = await db.execute(sql`select 1 from seed_runs where name = 'failing'`);
    expect(runs.rows).toHaveLength(0);
  });
});
