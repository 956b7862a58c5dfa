import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { adminAuditListResponseSchema } from '@skillroute/shared/admin-audit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { createDatabase, createPool, type Database } from '../../db/client';
import { adminAudit, admins } from '../../db/schema';
import { listAdminActions, recordAdminAction, type AuditAdmin } from './service';

let database: TestDatabase;
let pool: ReturnType<typeof createPool>;
let db: Database;

async function createAdmin(name: string, email: string): Promise<AuditAdmin & { name: string }> {
  const [row] = await db
    .insert(admins)
    .values({ name, email, passwordHash: 'not-a-real-hash' })
    .returning({ id: admins.id, name: admins.name, email: admins.email });
  if (row === undefined) throw new Error('no admin row');
  return row;
}

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url, { warn() {} });
  db = createDatabase(pool);
});
afterAll(async () => {
  await pool.end();
  await database.drop();
});
beforeEach(async () => {
  await db.delete(adminAudit);
});

describe('recordAdminAction', () => {
  it('leaves no entry when the transaction it was recorded in rolls back', async () => {
    const grace = await createAdmin('Grace', 'grace@example.org');
    const failed = db.transaction(async (tx) => {
      await recordAdminAction(tx, grace, {
        action: 'stack.delete',
        targetType: 'stack',
        targetId: randomUUID(),
      });
      throw new Error('the change itself failed');
    });
    await expect(failed).rejects.toThrow('the change itself failed');
    expect(await listAdminActions(db, { page: 1 })).toMatchObject({ entries: [], total: 0 });
  });

  it('lists committed entries newest first, with who did them, as they were then', async () => {
    const linus = await createAdmin('Linus', 'Linus@Example.org');
    const roadmapId = randomUUID();
    await db.transaction((tx) =>
      recordAdminAction(tx, linus, {
        action: 'roadmap.reject',
        targetType: 'roadmap',
        targetId: roadmapId,
        details: { feedback: 'Too short' },
      }),
    );
    await recordAdminAction(db, linus, {
      action: 'roadmap.approve',
      targetType: 'roadmap',
      targetId: roadmapId,
    });

    const listed = adminAuditListResponseSchema.parse(await listAdminActions(db, { page: 1 }));
    expect(listed.total).toBe(2);
    expect(listed.entries.map((entry) => entry.action)).toEqual(['roadmap.approve', 'roadmap.reject']);
    const [approved, rejected] = listed.entries;
    expect(rejected).toMatchObject({
      admin: { id: linus.id, name: 'Linus', email: 'Linus@Example.org' },
      targetType: 'roadmap',
      targetId: roadmapId,
      details: { feedback: 'Too short' },
    });
    expect(approved?.details).toEqual({});
    expect(Date.parse(approved?.createdAt ?? '')).toBeGreaterThan(Date.parse(rejected?.createdAt ?? ''));
  });

  it('refuses an admin that does not exist, so no entry names nobody', async () => {
    await expect(
      recordAdminAction(
        db,
        { id: randomUUID(), email: 'ghost@example.org' },
        { action: 'user.block', targetType: 'user', targetId: randomUUID() },
      ),
    ).rejects.toThrow();
    expect((await listAdminActions(db, { page: 1 })).total).toBe(0);
  });

  it('keeps the entry, with the name and e-mail, after the admin account is deleted', async () => {
    const ada = await createAdmin('Ada', 'ada@example.org');
    const questionId = randomUUID();
    await recordAdminAction(db, ada, {
      action: 'question.delete',
      targetType: 'question',
      targetId: questionId,
      details: { stackName: 'React' },
    });
    await db.delete(admins).where(eq(admins.id, ada.id));

    const { entries, total } = await listAdminActions(db, { page: 1 });
    expect(total).toBe(1);
    expect(entries[0]).toMatchObject({
      admin: { id: null, name: 'Ada', email: 'ada@example.org' },
      action: 'question.delete',
      targetId: questionId,
      details: { stackName: 'React' },
    });
  });
});

describe('listAdminActions', () => {
  it('pages 5 entries as 2, 2 and 1, newest first, without overlap, with the total on every page', async () => {
    const alan = await createAdmin('Alan', 'alan@example.org');
    const stackIds = Array.from({ length: 5 }, () => randomUUID());
    for (const [i, stackId] of stackIds.entries())
      await recordAdminAction(db, alan, {
        action: 'stack.update',
        targetType: 'stack',
        targetId: stackId,
        details: { name: `Stack ${i}` },
      });

    const pages = [];
    for (const page of [1, 2, 3, 4]) pages.push(await listAdminActions(db, { page, limit: 2 }));
    expect(pages.map((p) => p.entries.length)).toEqual([2, 2, 1, 0]);
    expect(pages.map((p) => [p.total, p.page, p.limit])).toEqual([
      [5, 1, 2],
      [5, 2, 2],
      [5, 3, 2],
      [5, 4, 2],
    ]);
    expect(pages.flatMap((p) => p.entries.map((entry) => entry.targetId))).toEqual([...stackIds].reverse());
  });
});
