import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@skillroute/shared/errors';
import { roadmapListSchema, roadmapSchema, type PublishRoadmapBody } from '@skillroute/shared/roadmap-api';
import { ROADMAP_UNSAVED_NODES_MAX, roadmapMessages } from '@skillroute/shared/roadmap-rules';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createSignedInUser, type SignedIn } from '../../../test/sockets';
import { notifications, roadmapNodes, roadmaps } from '../../db/schema';
import { createOrUpdateAdmin } from '../admin/service';

let t: TestApp;
let ada: SignedIn;
let bob: SignedIn;
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  ada = await createSignedInUser(t, 'ada@example.org');
  bob = await createSignedInUser(t, 'bob@example.org');
  const credentials = { email: 'root@skillroute.dev', password: 'correct-horse-42' };
  await createOrUpdateAdmin(t.app.db, { ...credentials, name: 'Root' });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: credentials,
    remoteAddress: '10.9.9.9',
  });
  const access = login.cookies.find((cookie) => cookie.name === 'adminAccessToken');
  adminCookie = `adminAccessToken=${access?.value}`;
});
afterAll(() => t.close());

type Who = SignedIn | 'admin' | undefined;
const cookieOf = (who: Who) =>
  who === undefined ? {} : { cookie: who === 'admin' ? adminCookie : who.cookie };
const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: cookieOf(who),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function newRoadmap(who: SignedIn, title = 'Rust from zero'): Promise<string> {
  const response = await call(who, 'POST', '/api/roadmap', {
    title,
    description: 'From cargo new to fearless concurrency.',
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

async function newNode(
  who: SignedIn,
  roadmapId: string,
  label: string,
  type: 'topic' | 'subtopic' = 'topic',
): Promise<string> {
  const response = await call(who, 'POST', '/api/roadmap/node', {
    roadmapId,
    type,
    position: { x: 10, y: 20 },
    data: { label },
    background: '#fdff00',
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

/** A roadmap of two topics and a subtopic, saved (and so submitted) by `who`. */
async function savedRoadmap(who: SignedIn, title?: string) {
  const roadmapId = await newRoadmap(who, title);
  const [a, b, c] = [
    await newNode(who, roadmapId, 'Ownership'),
    await newNode(who, roadmapId, 'Traits'),
    await newNode(who, roadmapId, 'Borrowing', 'subtopic'),
  ];
  const body: PublishRoadmapBody = {
    roadmapId,
    nodes: [
      { id: a, type: 'topic', position: { x: 0, y: 0 }, data: { label: 'Ownership' }, background: '#fdff00' },
      { id: b, type: 'topic', position: { x: 0, y: 200 }, data: { label: 'Traits' }, background: '#4338ca' },
      {
        id: c,
        type: 'subtopic',
        position: { x: 200, y: 0 },
        data: { label: 'Borrowing' },
        background: '#f3c950',
      },
    ],
    edges: [
      { source: a, target: b },
      { source: a, target: c },
    ],
    nodeDetails: [
      {
        nodeId: a,
        title: 'Ownership',
        description: 'Every value has one owner.',
        links: [{ title: 'The book', url: 'https://doc.rust-lang.org/book/' }],
      },
    ],
  };
  const response = await call(who, 'POST', '/api/roadmap/publish', body);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ message: roadmapMessages.saved });
  return { roadmapId, nodes: { a, b, c }, body };
}

const review = (roadmapId: string, status: string, adminFeedback?: string) =>
  call('admin', 'POST', '/api/admin/roadmap/review', { roadmapId, status, adminFeedback });

describe('starting and drawing a roadmap', () => {
  it('creates a drafted, unsubmitted roadmap for its author only', async () => {
    const id = await newRoadmap(ada);
    const own = roadmapListSchema
      .parse((await call(ada, 'GET', '/api/roadmap')).json())
      .roadmaps.find((roadmap) => roadmap.id === id);
    expect(own).toMatchObject({
      status: 'drafted',
      isActive: false,
      submittedAt: null,
      nodeCount: 0,
      author: { id: ada.id },
    });
    expect((await call(bob, 'GET', `/api/roadmap/${id}`)).statusCode).toBe(404);
    expect((await call(undefined, 'GET', `/api/roadmap/${id}`)).statusCode).toBe(404);
  });

  it('refuses a bad start with field messages, and anonymous callers', async () => {
    const response = await call(ada, 'POST', '/api/roadmap', { title: 'ab', description: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Array<{ field: string; message: string }> }>().errors).toEqual(
      expect.arrayContaining([
        { field: 'title', message: 'Title must be at least 3 characters' },
        { field: 'description', message: 'Description must be at least 10 characters' },
      ]),
    );
    expect(
      (
        await call(undefined, 'POST', '/api/roadmap', {
          title: 'Good title',
          description: 'A good description.',
        })
      ).statusCode,
    ).toBe(401);
  });

  it("refuses nodes on another author's roadmap, an unknown one, and bad node bodies", async () => {
    const id = await newRoadmap(ada);
    const node = {
      roadmapId: id,
      type: 'topic',
      position: { x: 0, y: 0 },
      data: { label: 'X' },
      background: '#fdff00',
    };
    expect((await call(bob, 'POST', '/api/roadmap/node', node)).statusCode).toBe(404);
    expect(
      (await call(ada, 'POST', '/api/roadmap/node', { ...node, roadmapId: randomUUID() })).statusCode,
    ).toBe(404);
    expect((await call(ada, 'POST', '/api/roadmap/node', { ...node, roadmapId: 'nope' })).statusCode).toBe(
      400,
    );
    expect((await call(ada, 'POST', '/api/roadmap/node', { ...node, type: 'chapter' })).statusCode).toBe(400);
    expect((await call(ada, 'POST', '/api/roadmap/node', { ...node, background: 'red' })).statusCode).toBe(
      400,
    );
    expect(
      (await call(ada, 'POST', '/api/roadmap/node', { ...node, position: { x: 'a', y: 0 } })).statusCode,
    ).toBe(400);
  });

  it('an unsaved node is not part of the roadmap until a save lists it', async () => {
    const id = await newRoadmap(ada);
    await newNode(ada, id, 'Dropped and abandoned');
    expect(roadmapSchema.parse((await call(ada, 'GET', `/api/roadmap/${id}`)).json()).nodes).toEqual([]);
  });

  it('caps the nodes waiting for a save, even when drops race, and a save clears the ones it did not keep', async () => {
    const id = await newRoadmap(ada);
    const unsaved = async () =>
      (
        await t.app.db
          .select({ id: roadmapNodes.id })
          .from(roadmapNodes)
          .where(and(eq(roadmapNodes.roadmapId, id), eq(roadmapNodes.saved, false)))
      ).length;
    await t.app.db.insert(roadmapNodes).values(
      Array.from({ length: ROADMAP_UNSAVED_NODES_MAX - 1 }, (_, index) => ({
        roadmapId: id,
        type: 'topic' as const,
        x: index,
        y: 0,
        label: `n${index}`,
        background: '#fdff00',
        saved: false,
      })),
    );
    const node = {
      roadmapId: id,
      type: 'topic',
      position: { x: 0, y: 0 },
      data: { label: 'One more' },
      background: '#fdff00',
    };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(ada, 'POST', '/api/roadmap/node', node)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().message).toBe(
      roadmapMessages.unsavedNodesMax,
    );
    expect(await unsaved()).toBe(ROADMAP_UNSAVED_NODES_MAX);

    const kept = answers.find((answer) => answer.statusCode === 201)?.json().id as string;
    const saved = await call(ada, 'POST', '/api/roadmap/publish', {
      roadmapId: id,
      nodes: [{ id: kept, ...node, roadmapId: undefined }],
      edges: [],
      nodeDetails: [],
    });
    expect(saved.statusCode).toBe(200);
    expect(await unsaved()).toBe(0);
    expect((await call(ada, 'POST', '/api/roadmap/node', node)).statusCode).toBe(201);
  });
});

describe('saving (POST /api/roadmap/publish)', () => {
  it('saves the graph and its content, and puts the roadmap in the review queue', async () => {
    const { roadmapId, nodes } = await savedRoadmap(ada, 'Queue me');
    const roadmap = roadmapSchema.parse((await call(ada, 'GET', `/api/roadmap/${roadmapId}`)).json());
    expect(roadmap.nodes.map((node) => node.data.label).sort()).toEqual(['Borrowing', 'Ownership', 'Traits']);
    expect(roadmap.edges).toHaveLength(2);
    expect(roadmap.submittedAt).not.toBeNull();
    expect(roadmap.nodeCount).toBe(3);
    const details = (await call(ada, 'GET', `/api/roadmap/nodedetails/${roadmapId}`)).json();
    expect(details).toEqual([
      {
        nodeId: nodes.a,
        title: 'Ownership',
        description: 'Every value has one owner.',
        links: [{ title: 'The book', url: 'https://doc.rust-lang.org/book/' }],
      },
    ]);
    const queue = roadmapListSchema.parse(
      (await call('admin', 'GET', '/api/admin/roadmap?status=drafted')).json(),
    ).roadmaps;
    expect(queue.map((item) => item.id)).toContain(roadmapId);
  });

  it('refuses javascript: and data: links, a third link, and short content, saving nothing', async () => {
    const { roadmapId, body } = await savedRoadmap(ada);
    const detail = body.nodeDetails[0]!;
    const attempts = [
      { links: [{ title: 'x', url: 'javascript:alert(1)' }] },
      { links: [{ title: 'x', url: 'data:text/html,<b>hi</b>' }] },
      { links: [1, 2, 3].map((n) => ({ title: `Link ${n}`, url: `https://example.org/${n}` })) },
      { description: 'short' },
      { title: '' },
    ];
    const messages = [];
    for (const change of attempts) {
      const response = await call(ada, 'POST', '/api/roadmap/publish', {
        ...body,
        nodeDetails: [{ ...detail, ...change }],
      });
      expect(response.statusCode).toBe(400);
      messages.push(response.json<{ errors: Array<{ message: string }> }>().errors[0]?.message);
    }
    expect(messages).toEqual([
      roadmapMessages.linkUrlInvalid,
      roadmapMessages.linkUrlInvalid,
      roadmapMessages.linksMax,
      roadmapMessages.descriptionMin,
      roadmapMessages.titleRequired,
    ]);
    const details = (await call(ada, 'GET', `/api/roadmap/nodedetails/${roadmapId}`)).json<
      Array<{ links: unknown[] }>
    >();
    expect(details[0]?.links).toEqual([{ title: 'The book', url: 'https://doc.rust-lang.org/book/' }]);
  });

  it('refuses a node of another roadmap and leaves the previous version intact', async () => {
    const { roadmapId, body } = await savedRoadmap(ada);
    const other = await newRoadmap(bob);
    const foreign = await newNode(bob, other, 'Foreign');
    const response = await call(ada, 'POST', '/api/roadmap/publish', {
      ...body,
      nodes: [...body.nodes.slice(1), { ...body.nodes[0]!, id: foreign }],
      edges: [],
      nodeDetails: [],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: roadmapMessages.unknownNode,
      errors: [{ field: 'nodes.2.id' }],
    });
    const roadmap = roadmapSchema.parse((await call(ada, 'GET', `/api/roadmap/${roadmapId}`)).json());
    expect(roadmap.nodes).toHaveLength(3);
    expect(roadmap.edges).toHaveLength(2);
    // Bob's node is untouched.
    const [row] = await t.app.db
      .select({ roadmapId: roadmapNodes.roadmapId })
      .from(roadmapNodes)
      .where(eq(roadmapNodes.id, foreign));
    expect(row?.roadmapId).toBe(other);
  });

  it('rolls the whole save back when the database fails midway', async () => {
    const { roadmapId, body } = await savedRoadmap(ada);
    // A failure after the old graph was deleted and the new nodes written: the content insert comes last.
    await t.app.db.execute(sql`
      create function fail_on_marker() returns trigger language plpgsql as $$
      begin
        if new.title = 'Fail here' then raise exception 'simulated failure'; end if;
        return new;
      end $$;
      create trigger fail_on_marker before insert on roadmap_node_details for each row execute function fail_on_marker();
    `);
    try {
      const changed = {
        ...body,
        nodes: body.nodes.slice(0, 2).map((node) => ({ ...node, data: { label: `${node.data.label} v2` } })),
        edges: [],
        nodeDetails: [{ ...body.nodeDetails[0]!, title: 'Fail here' }],
      };
      const response = await call(ada, 'POST', '/api/roadmap/publish', changed);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        message: errorMessages.internal,
        errors: [{ message: errorMessages.internal }],
      });
    } finally {
      await t.app.db.execute(
        sql`drop trigger fail_on_marker on roadmap_node_details; drop function fail_on_marker();`,
      );
    }
    const roadmap = roadmapSchema.parse((await call(ada, 'GET', `/api/roadmap/${roadmapId}`)).json());
    expect(roadmap.nodes.map((node) => node.data.label).sort()).toEqual(['Borrowing', 'Ownership', 'Traits']);
    expect(roadmap.edges).toHaveLength(2);
    expect((await call(ada, 'GET', `/api/roadmap/nodedetails/${roadmapId}`)).json()).toHaveLength(1);
  });

  it('refuses a node listed twice before anything is written', async () => {
    const { roadmapId, body } = await savedRoadmap(ada);
    const twice = await call(ada, 'POST', '/api/roadmap/publish', {
      ...body,
      nodes: [...body.nodes, body.nodes[0]],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ errors: [{ message: 'A node is listed twice.' }] });
    expect(
      roadmapSchema.parse((await call(ada, 'GET', `/api/roadmap/${roadmapId}`)).json()).nodes,
    ).toHaveLength(3);
  });

  it("refuses another author's save, an unknown roadmap, and a published one", async () => {
    const { roadmapId, body } = await savedRoadmap(ada);
    expect((await call(bob, 'POST', '/api/roadmap/publish', body)).statusCode).toBe(404);
    expect(
      (await call(ada, 'POST', '/api/roadmap/publish', { ...body, roadmapId: randomUUID() })).statusCode,
    ).toBe(404);
    expect((await review(roadmapId, 'published')).statusCode).toBe(200);
    // Published and listed: Bob can see it, so he is told it is not his.
    expect((await call(bob, 'POST', '/api/roadmap/publish', body)).statusCode).toBe(403);
    const again = await call(ada, 'POST', '/api/roadmap/publish', body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: roadmapMessages.notEditable });
  });
});

describe('reviewing (admin)', () => {
  it('rejects with feedback, notifies the author, and takes a resubmission back into the queue; then approves', async () => {
    const { roadmapId, body } = await savedRoadmap(ada, 'Review me');
    const short = await review(roadmapId, 'rejected', 'Hmm');
    expect(short.statusCode).toBe(400);
    expect(short.json<{ errors: Array<{ message: string }> }>().errors[0]?.message).toBe(
      roadmapMessages.feedbackMin,
    );

    expect((await review(roadmapId, 'rejected', 'Add a topic on lifetimes.')).json()).toEqual({
      message: 'updated successfully',
    });
    const rejected = roadmapSchema.parse((await call(ada, 'GET', `/api/roadmap/${roadmapId}`)).json());
    expect(rejected).toMatchObject({ status: 'rejected', adminFeedback: 'Add a topic on lifetimes.' });
    // Out of the queue until resubmitted; a second decision is refused.
    expect((await review(roadmapId, 'published')).statusCode).toBe(409);

    expect((await call(ada, 'POST', '/api/roadmap/publish', body)).statusCode).toBe(200);
    const queue = roadmapListSchema.parse(
      (await call('admin', 'GET', '/api/admin/roadmap?status=drafted')).json(),
    ).roadmaps;
    expect(queue.find((item) => item.id === roadmapId)).toMatchObject({
      status: 'drafted',
      adminFeedback: 'Add a topic on lifetimes.',
    });

    expect((await review(roadmapId, 'published', '')).statusCode).toBe(200);
    const published = roadmapSchema.parse((await call(undefined, 'GET', `/api/roadmap/${roadmapId}`)).json());
    expect(published).toMatchObject({ status: 'published', isActive: true, adminFeedback: null });

    const notices = await t.app.db.select().from(notifications).where(eq(notifications.userId, ada.id));
    const mine = notices.filter((notice) => notice.message.includes('Review me'));
    expect(mine.map((notice) => notice.type).sort()).toEqual(['roadmap_approved', 'roadmap_rejected']);
    expect(mine.find((notice) => notice.type === 'roadmap_rejected')?.message).toContain(
      'Add a topic on lifetimes.',
    );
    expect(mine.find((notice) => notice.type === 'roadmap_approved')?.link).toBe(`/roadmap/${roadmapId}`);
  });

  it('refuses to review a roadmap still being drawn, an unknown one, and bad bodies', async () => {
    const drawing = await newRoadmap(ada);
    expect((await review(drawing, 'published')).statusCode).toBe(409);
    expect((await review(randomUUID(), 'published')).statusCode).toBe(404);
    expect((await review(drawing, 'drafted')).statusCode).toBe(400);
    expect((await review('not-an-id', 'published')).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/api/admin/roadmap?status=archived')).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/api/admin/roadmap')).statusCode).toBe(400);
  });

  it('keeps users and visitors out of the admin routes', async () => {
    const { roadmapId } = await savedRoadmap(ada);
    for (const who of [ada, undefined]) {
      const response = await call(who, 'POST', '/api/admin/roadmap/review', {
        roadmapId,
        status: 'published',
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: errorMessages.unauthorized });
      expect((await call(who, 'GET', '/api/admin/roadmap?status=drafted')).statusCode).toBe(401);
    }
    const [row] = await t.app.db
      .select({ status: roadmaps.status })
      .from(roadmaps)
      .where(eq(roadmaps.id, roadmapId));
    expect(row?.status).toBe('drafted');
  });

  it('lists and unlists published roadmaps only; unlisted ones are hidden from everyone but author and admins', async () => {
    const { roadmapId } = await savedRoadmap(ada, 'Listing test');
    expect((await call('admin', 'PUT', '/api/admin/roadmap/list-unlist', { roadmapId })).statusCode).toBe(
      409,
    );
    await review(roadmapId, 'published');
    const unlist = await call('admin', 'PUT', '/api/admin/roadmap/list-unlist', { roadmapId });
    expect(unlist.json()).toEqual({ message: 'updated successfully', isActive: false });
    expect((await call(undefined, 'GET', `/api/roadmap/${roadmapId}`)).statusCode).toBe(404);
    expect((await call(bob, 'GET', `/api/roadmap/nodedetails/${roadmapId}`)).statusCode).toBe(404);
    expect((await call(ada, 'GET', `/api/roadmap/${roadmapId}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `/api/roadmap/${roadmapId}`)).statusCode).toBe(200);
    const published = roadmapListSchema.parse(
      (await call(undefined, 'GET', '/api/roadmap/published')).json(),
    ).roadmaps;
    expect(published.map((item) => item.id)).not.toContain(roadmapId);
    expect((await call('admin', 'PUT', '/api/admin/roadmap/list-unlist', { roadmapId })).json()).toEqual({
      message: 'updated successfully',
      isActive: true,
    });
    expect((await call(undefined, 'GET', `/api/roadmap/${roadmapId}`)).statusCode).toBe(200);
    expect(
      (await call('admin', 'PUT', '/api/admin/roadmap/list-unlist', { roadmapId: randomUUID() })).statusCode,
    ).toBe(404);
  });
});

describe('reading', () => {
  it('searches published, listed roadmaps; % and _ are letters', async () => {
    const { roadmapId } = await savedRoadmap(ada, 'Kotlin 100% coroutines');
    await review(roadmapId, 'published');
    const search = async (text: string) =>
      roadmapListSchema
        .parse(
          (await call(undefined, 'GET', `/api/roadmap/published?search=${encodeURIComponent(text)}`)).json(),
        )
        .roadmaps.map((item) => item.title);
    expect(await search('kotlin')).toEqual(['Kotlin 100% coroutines']);
    expect(await search('100%')).toEqual(['Kotlin 100% coroutines']);
    expect(await search('1_0')).toEqual([]);
    expect(
      (await call(undefined, 'GET', `/api/roadmap/published?search=${'x'.repeat(101)}`)).statusCode,
    ).toBe(400);
  });

  it("shows a profile's roadmaps: all of one's own, only the public ones of someone else", async () => {
    const draft = await newRoadmap(bob, 'Bob draft');
    const own = roadmapListSchema.parse(
      (await call(bob, 'GET', `/api/roadmap/profile/${bob.id}`)).json(),
    ).roadmaps;
    expect(own.map((item) => item.id)).toContain(draft);
    const filtered = roadmapListSchema.parse(
      (await call(bob, 'GET', `/api/roadmap/profile/${bob.id}?status=rejected`)).json(),
    ).roadmaps;
    expect(filtered).toEqual([]);
    const seenByAda = roadmapListSchema.parse(
      (await call(ada, 'GET', `/api/roadmap/profile/${bob.id}`)).json(),
    ).roadmaps;
    expect(seenByAda.map((item) => item.id)).not.toContain(draft);
    expect((await call(ada, 'GET', '/api/roadmap/profile/nope')).statusCode).toBe(400);
    expect((await call(ada, 'GET', '/api/roadmap?status=lost')).statusCode).toBe(400);
  });

  it('answers 404 for unknown ids and 400 for malformed ones, never 500', async () => {
    for (const url of [`/api/roadmap/${randomUUID()}`, `/api/roadmap/nodedetails/${randomUUID()}`])
      expect((await call(ada, 'GET', url)).statusCode).toBe(404);
    for (const url of ['/api/roadmap/not-a-uuid', '/api/roadmap/nodedetails/1'])
      expect((await call(ada, 'GET', url)).statusCode).toBe(400);
  });

  it('asks a lapsed session to refresh rather than hiding its own draft', async () => {
    const draft = await newRoadmap(ada);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/roadmap/${draft}`,
      headers: { cookie: 'accessToken=expired.or.forged' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('progress', () => {
  it('marks, changes and clears topics for the signed-in reader only', async () => {
    const { roadmapId, nodes } = await savedRoadmap(ada, 'Progress test');
    await review(roadmapId, 'published');
    const put = (who: SignedIn, nodeId: string, status: string) =>
      call(who, 'PUT', `/api/roadmap/${roadmapId}/progress`, { nodeId, status });
    expect((await put(bob, nodes.a, 'done')).json()).toEqual({
      progress: [{ nodeId: nodes.a, status: 'done' }],
    });
    await put(bob, nodes.b, 'in_progress');
    await put(bob, nodes.b, 'skipped');
    const read = (await call(bob, 'GET', `/api/roadmap/${roadmapId}/progress`)).json<{
      progress: Array<{ nodeId: string; status: string }>;
    }>().progress;
    expect(read.sort((x, y) => x.nodeId.localeCompare(y.nodeId))).toEqual(
      [
        { nodeId: nodes.a, status: 'done' },
        { nodeId: nodes.b, status: 'skipped' },
      ].sort((x, y) => x.nodeId.localeCompare(y.nodeId)),
    );
    expect((await put(bob, nodes.a, 'pending')).json()).toEqual({
      progress: [{ nodeId: nodes.b, status: 'skipped' }],
    });
    // Ada's marks are her own.
    expect((await call(ada, 'GET', `/api/roadmap/${roadmapId}/progress`)).json()).toEqual({ progress: [] });
  });

  it("refuses another roadmap's node, a bad status, anonymous readers and drafts one cannot read", async () => {
    const { roadmapId } = await savedRoadmap(ada);
    const other = await savedRoadmap(ada);
    await review(roadmapId, 'published');
    const foreign = await call(bob, 'PUT', `/api/roadmap/${roadmapId}/progress`, {
      nodeId: other.nodes.a,
      status: 'done',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      errors: [{ field: 'nodeId', message: roadmapMessages.unknownNode }],
    });
    expect(
      (
        await call(bob, 'PUT', `/api/roadmap/${roadmapId}/progress`, {
          nodeId: other.nodes.a,
          status: 'finished',
        })
      ).statusCode,
    ).toBe(400);
    expect((await call(undefined, 'GET', `/api/roadmap/${roadmapId}/progress`)).statusCode).toBe(401);
    expect((await call(bob, 'GET', `/api/roadmap/${other.roadmapId}/progress`)).statusCode).toBe(404);
    const rows = await t.app.db
      .select()
      .from(roadmapNodes)
      .where(and(eq(roadmapNodes.roadmapId, other.roadmapId), eq(roadmapNodes.saved, true)));
    expect(rows).toHaveLength(3);
  });
});
