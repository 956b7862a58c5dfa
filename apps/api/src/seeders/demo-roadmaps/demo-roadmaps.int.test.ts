import { count, eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  nodeDetailsResponseSchema,
  publishRoadmapBodySchema,
  roadmapListSchema,
  roadmapSchema,
} from '@skillroute/shared/roadmap-api';
import { buildTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../../test/helpers';
import { createDatabase, createPool, type Database } from '../../db/client';
import { roadmapEdges, roadmapNodeDetails, roadmapNodes, roadmaps, users } from '../../db/schema';
import { runSeeders } from '../../db/seed';
import { createDemoRoadmapsSeeder, DEMO_AUTHOR } from './seeder';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

async function rowCounts(db: Database) {
  const total = async (
    table: typeof roadmaps | typeof roadmapNodes | typeof roadmapEdges | typeof roadmapNodeDetails,
  ) => (await db.select({ n: count() }).from(table))[0]?.n;
  return {
    roadmaps: await total(roadmaps),
    nodes: await total(roadmapNodes),
    edges: await total(roadmapEdges),
    details: await total(roadmapNodeDetails),
    authors: (await db.select({ n: count() }).from(users).where(eq(users.email, DEMO_AUTHOR.email)))[0]?.n,
  };
}

describe('the demo roadmaps seeder', () => {
  it('publishes and lists three roadmaps that anyone can read, each node saved, described and linked', async () => {
    expect(await runSeeders(t.app.db, [createDemoRoadmapsSeeder()])).toEqual(['demo-roadmaps']);

    const published = await get('/api/roadmap/published');
    expect(published.statusCode).toBe(200);
    const listed = roadmapListSchema.parse(published.json()).roadmaps;
    // Newest first, and the demo ones were stamped a second apart in this order.
    expect(listed.map((summary) => summary.title)).toEqual([
      'Frontend Developer',
      'Backend Developer',
      'DevOps Engineer',
    ]);

    for (const summary of listed) {
      expect(summary).toMatchObject({
        status: 'published',
        isActive: true,
        adminFeedback: null,
        author: { name: DEMO_AUTHOR.name },
      });
      expect(summary.submittedAt).not.toBeNull();
      expect(summary.nodeCount).toBeGreaterThanOrEqual(40);

      // Read as a visitor with no cookies, as the home page and the viewer do.
      const roadmap = roadmapSchema.parse((await get(`/api/roadmap/${summary.id}`)).json());
      const details = nodeDetailsResponseSchema.parse(
        (await get(`/api/roadmap/nodedetails/${summary.id}`)).json(),
      );
      expect(roadmap.nodes).toHaveLength(summary.nodeCount);
      expect(details.map((detail) => detail.nodeId).sort()).toEqual(
        roadmap.nodes.map((node) => node.id).sort(),
      );
      for (const detail of details) expect(detail.links.length, detail.title).toBeGreaterThanOrEqual(1);

      // What was stored passes the rules a person's own save must pass (ids, edges, colours, labels, content).
      const asSaved = publishRoadmapBodySchema.safeParse({
        roadmapId: roadmap.id,
        nodes: roadmap.nodes,
        edges: roadmap.edges,
        nodeDetails: details,
      });
      expect(asSaved.error?.issues).toBeUndefined();

      const topics = new Set(roadmap.nodes.filter((node) => node.type === 'topic').map((node) => node.id));
      const subtopics = roadmap.nodes.filter((node) => node.type === 'subtopic');
      expect(subtopics.length).toBeGreaterThan(topics.size);
      for (const sub of subtopics) {
        const parents = roadmap.edges.filter((edge) => edge.target === sub.id).map((edge) => edge.source);
        expect(parents.length, sub.data.label).toBe(1);
        expect(topics.has(parents[0]!), sub.data.label).toBe(true);
      }
      expect(roadmap.edges).toHaveLength(topics.size - 1 + subtopics.length);
    }

    const rows = await t.app.db.select().from(roadmaps);
    expect(rows.every((row) => row.reviewedAt !== null && row.submittedAt !== null)).toBe(true);
    const unsaved = await t.app.db
      .select({ n: count() })
      .from(roadmapNodes)
      .where(eq(roadmapNodes.saved, false));
    expect(unsaved[0]?.n).toBe(0);
  });

  it('writes them as a verified author nobody can sign in as', async () => {
    const [author] = await t.app.db.select().from(users).where(eq(users.email, DEMO_AUTHOR.email));
    expect(author).toMatchObject({
      name: 'Skillroute',
      passwordHash: null,
      googleSub: null,
      blockedAt: null,
      role: 'user',
    });
    expect(author?.verifiedAt).not.toBeNull();
    for (const password of ['', 'Skillroute1', 'password123']) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: DEMO_AUTHOR.email, password },
        remoteAddress: '10.7.7.7',
      });
      expect(login.statusCode, `password "${password}"`).toBe(password === '' ? 400 : 401);
      expect(login.cookies).toEqual([]);
    }
  });

  it('runs once per database: a second start adds nothing', async () => {
    const before = await rowCounts(t.app.db);
    expect(before).toMatchObject({ roadmaps: 3, authors: 1 });
    expect(await runSeeders(t.app.db, [createDemoRoadmapsSeeder()])).toEqual([]);
    expect(await rowCounts(t.app.db)).toEqual(before);
  });
});

describe('the demo roadmaps seeder, where an account already holds the address', () => {
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

  it('takes that row over as the author and leaves it with no way in', async () => {
    await db.insert(users).values({
      name: 'Squatter',
      email: DEMO_AUTHOR.email.toUpperCase(),
      passwordHash: 'not-a-real-hash',
      googleSub: 'google-123',
    });
    expect(await runSeeders(db, [createDemoRoadmapsSeeder()])).toEqual(['demo-roadmaps']);
    const holders = await db.select().from(users).where(eq(users.email, DEMO_AUTHOR.email));
    expect(holders).toHaveLength(1);
    expect(holders[0]).toMatchObject({ name: 'Skillroute', passwordHash: null, googleSub: null });
    const authored = await db.select({ authorId: roadmaps.authorId }).from(roadmaps);
    expect(authored).toEqual([
      { authorId: holders[0]?.id },
      { authorId: holders[0]?.id },
      { authorId: holders[0]?.id },
    ]);
  });
});
