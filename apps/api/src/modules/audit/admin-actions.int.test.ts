import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adminCookieFor,
  questionNumbered,
  stackWithQuestions,
  validApplication,
} from '../../../test/assessments';
import { createUser } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createSignedInUser } from '../../../test/sockets';
import { adminAudit, admins, notifications, questions, roadmaps, stacks } from '../../db/schema';

/** Every admin action leaves exactly one entry, in its own transaction; a refused or failed one leaves none. */

let t: TestApp;
let adminCookie: string;
let root: { id: string; email: string; name: string };
let authorId: string;

beforeAll(async () => {
  t = await buildTestApp();
  adminCookie = await adminCookieFor(t);
  const [row] = await t.app.db
    .select({ id: admins.id, email: admins.email, name: admins.name })
    .from(admins)
    .where(eq(admins.email, 'root@skillroute.dev'));
  if (row === undefined) throw new Error('no admin row');
  root = row;
  authorId = (await createUser(t.app.db, { email: 'author@example.org' })).id;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.db.delete(adminAudit);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const admin = (method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: adminCookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const entries = () =>
  t.app.db.select().from(adminAudit).orderBy(asc(adminAudit.createdAt), asc(adminAudit.id));

/** The one entry written since the last `beforeEach`, done by the signed-in admin. */
async function onlyEntry() {
  const rows = await entries();
  expect(rows).toHaveLength(1);
  const [row] = rows;
  expect(row).toMatchObject({ adminId: root.id, adminEmail: root.email, adminName: root.name });
  return row;
}

async function expectNoEntry(response: { statusCode: number }, status: number) {
  expect(response.statusCode).toBe(status);
  expect(await entries()).toEqual([]);
}

async function roadmapIn(state: 'queue' | 'listed' | 'draft', title = 'Rust from zero'): Promise<string> {
  const values = {
    queue: { status: 'drafted' as const, submittedAt: new Date() },
    listed: { status: 'published' as const, isActive: true, submittedAt: new Date() },
    draft: { status: 'drafted' as const },
  }[state];
  const [row] = await t.app.db
    .insert(roadmaps)
    .values({ authorId, title, description: 'From cargo new to fearless concurrency.', ...values })
    .returning({ id: roadmaps.id });
  if (row === undefined) throw new Error('no roadmap row');
  return row.id;
}

const roadmapRow = async (id: string) =>
  (await t.app.db.select().from(roadmaps).where(eq(roadmaps.id, id)))[0];

describe('roadmap review', () => {
  it('records an approval and a rejection with the title and the feedback', async () => {
    const approved = await roadmapIn('queue', 'Approve me');
    expect(
      (await admin('POST', '/api/admin/roadmap/review', { roadmapId: approved, status: 'published' }))
        .statusCode,
    ).toBe(200);
    expect(await onlyEntry()).toMatchObject({
      action: 'roadmap.approve',
      targetType: 'roadmap',
      targetId: approved,
      details: { title: 'Approve me' },
    });

    await t.app.db.delete(adminAudit);
    const rejected = await roadmapIn('queue', 'Reject me');
    expect(
      (
        await admin('POST', '/api/admin/roadmap/review', {
          roadmapId: rejected,
          status: 'rejected',
          adminFeedback: 'Add sources to every topic.',
        })
      ).statusCode,
    ).toBe(200);
    expect(await onlyEntry()).toMatchObject({
      action: 'roadmap.reject',
      targetType: 'roadmap',
      targetId: rejected,
      details: { title: 'Reject me', feedback: 'Add sources to every topic.' },
    });
  });

  it('records nothing for a bad decision, an unknown roadmap or one not in the queue', async () => {
    const queued = await roadmapIn('queue');
    await expectNoEntry(
      await admin('POST', '/api/admin/roadmap/review', { roadmapId: queued, status: 'rejected' }),
      400,
    );
    await expectNoEntry(
      await admin('POST', '/api/admin/roadmap/review', { roadmapId: randomUUID(), status: 'published' }),
      404,
    );
    await expectNoEntry(
      await admin('POST', '/api/admin/roadmap/review', {
        roadmapId: await roadmapIn('draft'),
        status: 'published',
      }),
      409,
    );
    await expectNoEntry(
      await admin('POST', '/api/admin/roadmap/review', {
        roadmapId: await roadmapIn('listed'),
        status: 'published',
      }),
      409,
    );
    await expectNoEntry(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/roadmap/review',
        payload: { roadmapId: queued, status: 'published' },
      }),
      401,
    );
  });
});

describe('roadmap listing', () => {
  it('records an unlisting and a listing as two actions', async () => {
    const id = await roadmapIn('listed', 'List me');
    expect((await admin('PUT', '/api/admin/roadmap/list-unlist', { roadmapId: id })).json()).toMatchObject({
      isActive: false,
    });
    expect(await onlyEntry()).toMatchObject({
      action: 'roadmap.unlist',
      targetType: 'roadmap',
      targetId: id,
      details: { title: 'List me' },
    });

    await t.app.db.delete(adminAudit);
    expect((await admin('PUT', '/api/admin/roadmap/list-unlist', { roadmapId: id })).json()).toMatchObject({
      isActive: true,
    });
    expect(await onlyEntry()).toMatchObject({ action: 'roadmap.list', targetType: 'roadmap', targetId: id });
  });

  it('records nothing for a bad id, an unknown roadmap or an unpublished one', async () => {
    await expectNoEntry(
      await admin('PUT', '/api/admin/roadmap/list-unlist', { roadmapId: 'not-an-id' }),
      400,
    );
    await expectNoEntry(
      await admin('PUT', '/api/admin/roadmap/list-unlist', { roadmapId: randomUUID() }),
      404,
    );
    await expectNoEntry(
      await admin('PUT', '/api/admin/roadmap/list-unlist', { roadmapId: await roadmapIn('queue') }),
      409,
    );
  });
});

describe('stacks', () => {
  it('records a creation, each edit with what it changed, and a deletion with the name it had', async () => {
    const stack = (await admin('POST', '/api/admin/stacks', { name: 'Elixir' })).json().stack;
    expect(await onlyEntry()).toMatchObject({
      action: 'stack.create',
      targetType: 'stack',
      targetId: stack.id,
      details: { name: 'Elixir', isActive: true },
    });

    await t.app.db.delete(adminAudit);
    expect((await admin('PUT', `/api/admin/stacks/${stack.id}`, { name: 'Elixir & OTP' })).statusCode).toBe(
      200,
    );
    expect((await onlyEntry())?.details).toEqual({ name: { from: 'Elixir', to: 'Elixir & OTP' } });

    await t.app.db.delete(adminAudit);
    expect(
      (await admin('PUT', `/api/admin/stacks/${stack.id}`, { name: 'Elixir & OTP', isActive: false }))
        .statusCode,
    ).toBe(200);
    expect(await onlyEntry()).toMatchObject({
      action: 'stack.update',
      targetId: stack.id,
      details: { isActive: { from: true, to: false } },
    });

    await t.app.db.delete(adminAudit);
    expect((await admin('DELETE', `/api/admin/stacks/${stack.id}`)).statusCode).toBe(200);
    expect(await onlyEntry()).toMatchObject({
      action: 'stack.delete',
      targetType: 'stack',
      targetId: stack.id,
      details: { name: 'Elixir & OTP' },
    });
  });

  it('records nothing for a bad name, a name taken, an empty change, an unknown stack or one with tests', async () => {
    const taken = (await admin('POST', '/api/admin/stacks', { name: 'Haskell' })).json().stack;
    const other = (await admin('POST', '/api/admin/stacks', { name: 'OCaml' })).json().stack;
    await t.app.db.delete(adminAudit);
    await expectNoEntry(await admin('POST', '/api/admin/stacks', { name: '   ' }), 400);
    await expectNoEntry(await admin('POST', '/api/admin/stacks', { name: 'HASKELL' }), 409);
    await expectNoEntry(await admin('PUT', `/api/admin/stacks/${other.id}`, { name: 'haskell' }), 409);
    await expectNoEntry(await admin('PUT', `/api/admin/stacks/${other.id}`, {}), 400);
    await expectNoEntry(await admin('PUT', `/api/admin/stacks/${randomUUID()}`, { name: 'Nope' }), 404);
    await expectNoEntry(await admin('DELETE', `/api/admin/stacks/${randomUUID()}`), 404);
    expect((await t.app.db.select().from(stacks).where(eq(stacks.id, taken.id)))[0]?.name).toBe('Haskell');

    const used = await stackWithQuestions(t, adminCookie, 'Used', 10);
    const taker = await createSignedInUser(t, 'taker@example.org');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/assessment/tests',
          headers: { cookie: taker.cookie },
          payload: validApplication(used),
        })
      ).statusCode,
    ).toBe(201);
    await t.app.db.delete(adminAudit);
    await expectNoEntry(await admin('DELETE', `/api/admin/stacks/${used}`), 409);
  });
});

describe('questions', () => {
  it('records an addition, an edit with which parts changed, and a deletion, each with its stack', async () => {
    const stackId = (await admin('POST', '/api/admin/stacks', { name: 'Zig' })).json().stack.id;
    await t.app.db.delete(adminAudit);
    const question = (
      await admin('POST', `/api/admin/stacks/${stackId}/questions`, questionNumbered(1))
    ).json().question;
    expect(await onlyEntry()).toMatchObject({
      action: 'question.create',
      targetType: 'question',
      targetId: question.id,
      details: { stackId, stackName: 'Zig', text: questionNumbered(1).text, isActive: true },
    });

    await t.app.db.delete(adminAudit);
    // The same options (they get new ids all the same) and text; only the switch changes.
    expect(
      (await admin('PUT', `/api/admin/questions/${question.id}`, { ...questionNumbered(1), isActive: false }))
        .statusCode,
    ).toBe(200);
    expect(await onlyEntry()).toMatchObject({
      action: 'question.update',
      targetId: question.id,
      details: { stackId, stackName: 'Zig', changed: ['isActive'] },
    });

    await t.app.db.delete(adminAudit);
    // New text and options; a body without isActive leaves the switch as it was.
    expect((await admin('PUT', `/api/admin/questions/${question.id}`, questionNumbered(2))).statusCode).toBe(
      200,
    );
    expect((await onlyEntry())?.details).toMatchObject({
      text: questionNumbered(2).text,
      changed: ['text', 'options'],
    });

    await t.app.db.delete(adminAudit);
    expect((await admin('DELETE', `/api/admin/questions/${question.id}`)).statusCode).toBe(200);
    expect(await onlyEntry()).toMatchObject({
      action: 'question.delete',
      targetType: 'question',
      targetId: question.id,
      details: { stackId, stackName: 'Zig', text: questionNumbered(2).text },
    });
  });

  it('records nothing for a bad question, an unknown stack or an unknown question', async () => {
    const stackId = (await admin('POST', '/api/admin/stacks', { name: 'Nim' })).json().stack.id;
    const question = (
      await admin('POST', `/api/admin/stacks/${stackId}/questions`, questionNumbered(1))
    ).json().question;
    await t.app.db.delete(adminAudit);
    const noRightAnswer = {
      text: 'Which?',
      options: [
        { text: 'A', isCorrect: false },
        { text: 'B', isCorrect: false },
      ],
    };
    await expectNoEntry(await admin('POST', `/api/admin/stacks/${stackId}/questions`, noRightAnswer), 400);
    await expectNoEntry(
      await admin('POST', `/api/admin/stacks/${randomUUID()}/questions`, questionNumbered(2)),
      404,
    );
    await expectNoEntry(await admin('PUT', `/api/admin/questions/${question.id}`, noRightAnswer), 400);
    await expectNoEntry(await admin('PUT', `/api/admin/questions/${randomUUID()}`, questionNumbered(2)), 404);
    await expectNoEntry(await admin('DELETE', `/api/admin/questions/${randomUUID()}`), 404);
  });
});

describe('an action that fails after its entry was written', () => {
  it('leaves no entry: a decision whose notification cannot be written is rolled back with its entry', async () => {
    await t.app.db.execute(
      sql`create function refuse_notification() returns trigger language plpgsql as $$ begin raise exception 'notifications are unavailable'; end $$`,
    );
    await t.app.db.execute(
      sql`create trigger refuse_notification before insert on notifications for each row execute function refuse_notification()`,
    );
    try {
      const queued = await roadmapIn('queue', 'Decided in vain');
      await expectNoEntry(
        await admin('POST', '/api/admin/roadmap/review', {
          roadmapId: queued,
          status: 'rejected',
          adminFeedback: 'Too short for now.',
        }),
        500,
      );
      expect(await roadmapRow(queued)).toMatchObject({
        status: 'drafted',
        adminFeedback: null,
        reviewedAt: null,
      });
    } finally {
      await t.app.db.execute(sql`drop trigger refuse_notification on notifications`);
      await t.app.db.execute(sql`drop function refuse_notification()`);
    }
  });
});

describe('an action whose entry cannot be written', () => {
  // A trigger refusing every entry: the entry is written in the action's transaction, so the action rolls back too.
  beforeAll(async () => {
    await t.app.db.execute(
      sql`create function refuse_admin_audit() returns trigger language plpgsql as $$ begin raise exception 'the audit trail is unavailable'; end $$`,
    );
    await t.app.db.execute(
      sql`create trigger refuse_admin_audit before insert on admin_audit for each row execute function refuse_admin_audit()`,
    );
  });
  afterAll(async () => {
    await t.app.db.execute(sql`drop trigger refuse_admin_audit on admin_audit`);
    await t.app.db.execute(sql`drop function refuse_admin_audit()`);
  });

  it('does not happen: no roadmap decided, listed or unlisted, and the author hears nothing', async () => {
    const queued = await roadmapIn('queue', 'Still queued');
    const noticesBefore = await t.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, authorId));
    await expectNoEntry(
      await admin('POST', '/api/admin/roadmap/review', { roadmapId: queued, status: 'published' }),
      500,
    );
    expect(await roadmapRow(queued)).toMatchObject({ status: 'drafted', isActive: false, reviewedAt: null });
    expect(await t.app.db.select().from(notifications).where(eq(notifications.userId, authorId))).toEqual(
      noticesBefore,
    );

    const listed = await roadmapIn('listed', 'Still listed');
    await expectNoEntry(await admin('PUT', '/api/admin/roadmap/list-unlist', { roadmapId: listed }), 500);
    expect((await roadmapRow(listed))?.isActive).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/roadmap/${listed}` })).statusCode).toBe(200);
  });

  it('does not happen: no stack or question added, changed or deleted', async () => {
    // Made with the trigger off for a moment: the admin routes that make it are audited too.
    await t.app.db.execute(sql`alter table admin_audit disable trigger refuse_admin_audit`);
    const kept = await stackWithQuestions(t, adminCookie, 'Kept', 1);
    const [question] = await t.app.db.select().from(questions).where(eq(questions.stackId, kept));
    await t.app.db.execute(sql`alter table admin_audit enable trigger refuse_admin_audit`);
    await t.app.db.delete(adminAudit);

    await expectNoEntry(await admin('POST', '/api/admin/stacks', { name: 'Never made' }), 500);
    expect(await t.app.db.select().from(stacks).where(eq(stacks.name, 'Never made'))).toEqual([]);
    await expectNoEntry(await admin('PUT', `/api/admin/stacks/${kept}`, { name: 'Renamed' }), 500);
    await expectNoEntry(await admin('DELETE', `/api/admin/stacks/${kept}`), 500);
    expect((await t.app.db.select().from(stacks).where(eq(stacks.id, kept)))[0]?.name).toBe('Kept');

    await expectNoEntry(await admin('POST', `/api/admin/stacks/${kept}/questions`, questionNumbered(9)), 500);
    await expectNoEntry(await admin('PUT', `/api/admin/questions/${question?.id}`, questionNumbered(9)), 500);
    await expectNoEntry(await admin('DELETE', `/api/admin/questions/${question?.id}`), 500);
    expect(await t.app.db.select().from(questions).where(eq(questions.stackId, kept))).toEqual([question]);
  });
});
