import { count, eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { createDatabase, createPool, type Database } from '../../db/client';
import { roadmapEdges, roadmapNodeDetails, roadmapNodes, roadmaps, users } from '../../db/schema';
import { runSeeders } from '../../db/seed';
import { createDemoRoadmapsSeeder, DEMO_AUTHOR } from './seeder';

let database: TestDatabase;
let pool: pg.Pool;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url, { warn() {} }, 2);
  db = createDatabase(pool);
});
afterAll(async () => {
  await pool.end();
  await database.drop();
});

describe('the demo roadmaps seeder', () => {
  it('writes three published, listed roadmaps with every node saved, described and linked', async () => {
    expect(await runSeeders(db, [createDemoRoadmapsSeeder()])).toEqual(['demo-roadmaps']);
    const rows = await db.select().from(roadmaps);
    expect(rows.map((row) => row.title).sort()).toEqual(['Backend Developer', 'DevOps Engineer', 'Frontend Developer']);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'published', isActive: true });
      const [nodes] = await db.select({ total: count() }).from(roadmapNodes).where(eq(roadmapNodes.roadmapId, row.id));
      const [details] = await db.select({ total: count() }).from(roadmapNodeDetails).where(eq(roadmapNodeDetails.roadmapId, row.id));
      const [edges] = await db.select({ total: count() }).from(roadmapEdges).where(eq(roadmapEdges.roadmapId, row.id));
      expect(nodes?.total).toBeGreaterThanOrEqual(40);
      expect(details?.total).toBe(nodes?.total);
      expect(edges?.total).toBe((nodes?.total ?? 0) - 1);
    }
    const [author] = await db.select().from(users).where(eq(users.email, DEMO_AUTHOR.email));
    expect(author).toMatchObject({ name: 'Skillroute', passwordHash: null, googleSub: null });
  });

  it('runs once per database', async () => {
    expect(await runSeeders(db, [createDemoRoadmapsSeeder()])).toEqual([]);
    expect(await db.select({ id: roadmaps.id }).from(roadmaps)).toHaveLength(3);
  });
});
