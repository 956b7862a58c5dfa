import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingMessages, bookingResponseSchema } from '@skillroute/shared/bookings';
import type { ErrorEnvelope } from '@skillroute/shared/errors';
import {
  bookingLearningResponseSchema,
  learningMessages,
  RECOMMENDATION_NOTE_MAX,
  RECOMMENDATIONS_MAX,
  recommendationsResponseSchema,
  recommendedByText,
} from '@skillroute/shared/learning';
import { myProgressResponseSchema } from '@skillroute/shared/roadmap-api';
import { createUser, signedInAs, type SignedInPerson } from '../../../test/accounts';
import { mondayAhead } from '../../../test/clock';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createMentor, createStack } from '../../../test/mentors';
import {
  bookings,
  notifications,
  roadmapNodes,
  roadmaps,
  topicNotes,
  topicRecommendations,
  type UserRow,
} from '../../db/schema';

// Learning with a mentor (DESIGN.md §4b, issue 29): a booking about a roadmap, what its mentor reads of it,
// and the topics the mentor recommends. Every new route with the mentor's, the mentee's, a stranger's and no
// cookies.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const PRICE_PAISE = 150_000;
const MONDAY = mondayAhead();
const at = (days: number, hour: number) => new Date(MONDAY + days * DAY_MS + hour * HOUR_MS);

let nowMs = at(0, 6).getTime();
const clock = { now: () => new Date(nowMs) };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock, env: { RATE_LIMIT_MAX: '1000000' } });
});
afterAll(() => t?.close());

const signedIn = (user: Pick<UserRow, 'id' | 'email' | 'role'>) =>
  signedInAs(t.app.db, t.config.jwtSecret, user, clock.now());

interface People {
  mentor: SignedInPerson;
  mentorName: string;
  mentee: SignedInPerson;
  stranger: SignedInPerson;
}

let people: People;
/** A published, listed roadmap with six topics (their ids in reading order), and a drafted one. */
let roadmap: { id: string; title: string; topics: string[]; labels: string[] };
let drafted: { id: string; topics: string[] };

async function roadmapRow(input: { title: string; labels: string[]; published: boolean; authorId: string }) {
  const [row] = await t.app.db
    .insert(roadmaps)
    .values({
      authorId: input.authorId,
      title: input.title,
      description: 'A roadmap made by the learning tests.',
      status: input.published ? 'published' : 'drafted',
      isActive: input.published,
    })
    .returning({ id: roadmaps.id });
  const nodes = await t.app.db
    .insert(roadmapNodes)
    .values(
      input.labels.map((label, index) => ({
        roadmapId: row!.id,
        type: 'topic' as const,
        x: 0,
        y: index * 100,
        label,
        background: '#fdff00',
      })),
    )
    .returning({ id: roadmapNodes.id, y: roadmapNodes.y });
  return { id: row!.id, topics: nodes.sort((a, b) => a.y - b.y).map((node) => node.id) };
}

beforeEach(async () => {
  nowMs = at(0, 6).getTime();
  const tag = randomUUID().slice(0, 8);
  const hours = [10, 11, 12, 13, 14, 15, 16];
  const mentorEmail = `mentor-${tag}@example.org`;
  const mentorName = `Ada ${tag}`;
  const mentorId = await createMentor(t.app.db, {
    name: mentorName,
    email: mentorEmail,
    availability: {
      timezone: 'UTC',
      pricePaise: PRICE_PAISE,
      weeklyHours: { monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: hours },
    },
  });
  const user = (name: string) =>
    createUser(t.app.db, { email: `${name.toLowerCase()}-${tag}@example.org`, name: `${name} ${tag}` });
  people = {
    mentor: await signedIn({ id: mentorId, email: mentorEmail, role: 'mentor' }),
    mentorName,
    mentee: await signedIn(await user('Ravi')),
    stranger: await signedIn(await user('Eve')),
  };
  const labels = ['HTML', 'CSS', 'JavaScript', 'React', 'Testing', 'Accessibility'];
  const title = `Frontend ${tag}`;
  roadmap = { ...(await roadmapRow({ title, labels, published: true, authorId: mentorId })), title, labels };
  drafted = await roadmapRow({ title: `Draft ${tag}`, labels: ['A'], published: false, authorId: mentorId });
});

/** Moves the services' clock and signs everyone in again at the new time (an access token lasts minutes). */
async function travelTo(ms: number): Promise<void> {
  nowMs = ms;
  people = {
    ...people,
    mentor: await signedIn(people.mentor),
    mentee: await signedIn(people.mentee),
    stranger: await signedIn(people.stranger),
  };
}

type Who = SignedInPerson | undefined;
const send = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who === undefined ? {} : { cookie: who.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const book = (payload: Record<string, unknown>, startDay = 1) =>
  send(people.mentee, 'POST', '/api/bookings', {
    mentorId: people.mentor.id,
    startTime: at(startDay, 10).toISOString(),
    ...payload,
  });
const learningOf = (who: Who, bookingId: string) => send(who, 'GET', `/api/bookings/${bookingId}/learning`);
const recommend = (who: Who, bookingId: string, body: unknown) =>
  send(who, 'POST', `/api/bookings/${bookingId}/recommendations`, body);
const mark = (nodeId: string, status: string) =>
  send(people.mentee, 'PUT', `/api/roadmap/${roadmap.id}/progress`, { nodeId, status });

function expectRefusal(response: Awaited<ReturnType<typeof send>>, status: number, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const envelope = response.json<ErrorEnvelope>();
  expect(envelope.errors.length).toBeGreaterThan(0);
  if (message !== undefined) expect(envelope.message).toBe(message);
}

/** A booking about the roadmap, made through the api, then confirmed (the payment's work is not this test's). */
async function sessionAbout(
  input: { nodeIds: string[]; shareNotes: boolean },
  startDay = 1,
): Promise<string> {
  const response = await book({ roadmapId: roadmap.id, ...input }, startDay);
  expect(response.statusCode, response.body).toBe(201);
  const { id } = bookingResponseSchema.parse(response.json()).booking;
  await t.app.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, id));
  return id;
}

describe('booking a session about a roadmap', () => {
  it('keeps the roadmap, the topics and the choice to share, shown to the two people only', async () => {
    const nodeIds = [roadmap.topics[1]!, roadmap.topics[3]!];
    const response = await book({ roadmapId: roadmap.id, nodeIds, shareNotes: true, agenda: 'Help' });
    expect(response.statusCode, response.body).toBe(201);
    const { booking } = bookingResponseSchema.parse(response.json());
    expect(booking.learning).toEqual({
      roadmapId: roadmap.id,
      title: roadmap.title,
      nodeIds,
      shareNotes: true,
    });
    const asMentor = await send(people.mentor, 'GET', `/api/bookings/detail/${booking.id}`);
    expect(bookingResponseSchema.parse(asMentor.json()).booking.learning?.nodeIds).toEqual(nodeIds);
    expectRefusal(await send(people.stranger, 'GET', `/api/bookings/detail/${booking.id}`), 404);
  });

  it('is optional: a booking without a roadmap has no learning', async () => {
    const response = await book({});
    expect(response.statusCode, response.body).toBe(201);
    expect(bookingResponseSchema.parse(response.json()).booking.learning).toBeUndefined();
  });

  it('refuses bad choices with 400 in the envelope and writes nothing', async () => {
    const eleven = Array.from({ length: 11 }, () => randomUUID());
    const cases: Array<[Record<string, unknown>, string | undefined]> = [
      [{ nodeIds: [roadmap.topics[0]] }, learningMessages.topicsNeedRoadmap],
      [{ roadmapId: roadmap.id, nodeIds: eleven }, learningMessages.tooManyTopics],
      [
        { roadmapId: roadmap.id, nodeIds: [roadmap.topics[0], roadmap.topics[0]] },
        learningMessages.topicsRepeated,
      ],
      [{ roadmapId: roadmap.id, nodeIds: ['not-an-id'] }, undefined],
      [{ roadmapId: roadmap.id, shareNotes: 'yes' }, undefined],
      [{ roadmapId: 'nope' }, undefined],
      [{ roadmapId: randomUUID() }, learningMessages.roadmapNotFound],
      [{ roadmapId: drafted.id }, learningMessages.roadmapNotFound],
      [{ roadmapId: roadmap.id, nodeIds: [drafted.topics[0]] }, learningMessages.notATopic],
      [{ roadmapId: roadmap.id, nodeIds: [roadmap.topics[0], randomUUID()] }, learningMessages.notATopic],
    ];
    for (const [payload, message] of cases) {
      const response = await book(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const envelope = response.json<ErrorEnvelope>();
      if (message !== undefined)
        expect(
          envelope.errors.map((error) => error.message),
          JSON.stringify(payload),
        ).toContain(message);
    }
    const written = await t.app.db.select().from(bookings).where(eq(bookings.menteeId, people.mentee.id));
    expect(written).toHaveLength(0);
  });

  it('takes a roadmap that was unlisted since only from its author', async () => {
    await t.app.db.update(roadmaps).set({ isActive: false }).where(eq(roadmaps.id, roadmap.id));
    expectRefusal(await book({ roadmapId: roadmap.id }), 400, learningMessages.roadmapNotFound);
  });
});

describe('GET /api/bookings/:id/learning', () => {
  it('is for the booking’s mentor only: the mentee and a stranger hear 404, no cookie 401', async () => {
    const id = await sessionAbout({ nodeIds: [roadmap.topics[0]!], shareNotes: false });
    expect((await learningOf(people.mentor, id)).statusCode).toBe(200);
    expectRefusal(await learningOf(people.mentee, id), 404, bookingMessages.notFound);
    expectRefusal(await learningOf(people.stranger, id), 404, bookingMessages.notFound);
    expectRefusal(await learningOf(undefined, id), 401);
    expectRefusal(await learningOf(people.mentor, randomUUID()), 404, bookingMessages.notFound);
    expectRefusal(await learningOf(people.mentor, 'not-an-id'), 400);
  });

  it('says so for a booking about no roadmap', async () => {
    const response = await book({});
    const { id } = bookingResponseSchema.parse(response.json()).booking;
    expectRefusal(await learningOf(people.mentor, id), 404, learningMessages.noRoadmap);
  });

  it('counts the mentee’s progress as their own summary does, with each chosen topic’s status', async () => {
    const [html, css, js, react] = roadmap.topics as [string, string, string, string];
    expect((await mark(html, 'done')).statusCode).toBe(200);
    expect((await mark(css, 'done')).statusCode).toBe(200);
    expect((await mark(js, 'in_progress')).statusCode).toBe(200);
    expect((await mark(react, 'skipped')).statusCode).toBe(200);
    const id = await sessionAbout({ nodeIds: [js, css, react, roadmap.topics[4]!], shareNotes: false });

    const learning = bookingLearningResponseSchema.parse((await learningOf(people.mentor, id)).json());
    const own = myProgressResponseSchema.parse(
      (await send(people.mentee, 'GET', '/api/roadmap/progress/mine')).json(),
    );
    const summary = own.roadmaps.find((row) => row.id === roadmap.id);
    expect(summary).toBeDefined();
    expect(learning.progress).toEqual({ done: summary!.done, inProgress: 1, total: summary!.total });
    expect(learning.progress).toEqual({ done: 2, inProgress: 1, total: 6 });
    expect(learning.roadmap).toEqual({ id: roadmap.id, title: roadmap.title });
    expect(learning.topics).toEqual([
      { nodeId: js, label: 'JavaScript', status: 'in_progress' },
      { nodeId: css, label: 'CSS', status: 'done' },
      { nodeId: react, label: 'React', status: 'skipped' },
      { nodeId: roadmap.topics[4], label: 'Testing', status: 'pending' },
    ]);
    expect(learning.roadmapTopics.map((topic) => topic.label)).toEqual(roadmap.labels);
  });

  it('shows the mentee’s notes on the chosen topics only when they chose to share them', async () => {
    const [html, css, js] = roadmap.topics as [string, string, string];
    await t.app.db.insert(topicNotes).values([
      {
        userId: people.mentee.id,
        roadmapId: roadmap.id,
        nodeId: html,
        label: 'HTML',
        text: 'Forms confuse me',
      },
      {
        userId: people.mentee.id,
        roadmapId: roadmap.id,
        nodeId: js,
        label: 'JavaScript',
        text: 'Not chosen',
      },
    ]);
    const shared = await sessionAbout({ nodeIds: [html, css], shareNotes: true });
    const sharedView = bookingLearningResponseSchema.parse((await learningOf(people.mentor, shared)).json());
    expect(sharedView.topics).toEqual([
      { nodeId: html, label: 'HTML', status: 'pending', note: 'Forms confuse me' },
      { nodeId: css, label: 'CSS', status: 'pending' },
    ]);
    expect(JSON.stringify(sharedView)).not.toContain('Not chosen');

    const kept = await sessionAbout({ nodeIds: [html], shareNotes: false }, 2);
    const keptView = bookingLearningResponseSchema.parse((await learningOf(people.mentor, kept)).json());
    expect(keptView.topics).toEqual([{ nodeId: html, label: 'HTML', status: 'pending' }]);
    expect(JSON.stringify(keptView)).not.toContain('Forms confuse me');
  });
});

describe('recommendations', () => {
  async function startedSession(): Promise<string> {
    const id = await sessionAbout({ nodeIds: [roadmap.topics[0]!], shareNotes: false });
    await travelTo(at(1, 10).getTime() + 5 * 60 * 1000);
    return id;
  }

  it('are written by the booking’s mentor only, after the start; others hear 404, no cookie 401', async () => {
    const id = await sessionAbout({ nodeIds: [], shareNotes: false });
    const body = { nodeIds: [roadmap.topics[2]], note: 'Closures next' };
    expectRefusal(await recommend(people.mentor, id, body), 409, learningMessages.notStarted);
    await travelTo(at(1, 10).getTime() + 60_000);
    expectRefusal(await recommend(people.mentee, id, body), 404, bookingMessages.notFound);
    expectRefusal(await recommend(people.stranger, id, body), 404, bookingMessages.notFound);
    expectRefusal(await recommend(undefined, id, body), 401);
    const response = await recommend(people.mentor, id, body);
    expect(response.statusCode, response.body).toBe(200);
    const { recommendations } = recommendationsResponseSchema.parse(response.json());
    expect(recommendations).toHaveLength(1);
    expect(recommendations[0]).toMatchObject({
      nodeId: roadmap.topics[2],
      label: 'JavaScript',
      note: 'Closures next',
      mentor: { id: people.mentor.id, name: people.mentorName },
    });
    const notices = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, people.mentee.id), eq(notifications.type, 'topic_recommended')));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.link).toBe(`/roadmap/${roadmap.id}`);
  });

  it('are refused on a session that is not confirmed, or about no roadmap', async () => {
    const plain = await book({}, 2);
    const plainId = bookingResponseSchema.parse(plain.json()).booking.id;
    await t.app.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, plainId));
    const held = await book({ roadmapId: roadmap.id });
    const heldId = bookingResponseSchema.parse(held.json()).booking.id;
    await travelTo(at(2, 11).getTime());
    const body = { nodeIds: [roadmap.topics[0]], note: '' };
    expectRefusal(await recommend(people.mentor, heldId, body), 409, learningMessages.notASession);
    expectRefusal(await recommend(people.mentor, plainId, body), 409, learningMessages.noRoadmap);
  });

  it('refuses bad bodies: no topics, too many, repeated, not of the roadmap, a long note', async () => {
    const id = await startedSession();
    const cases: Array<[unknown, string | undefined]> = [
      [{ nodeIds: [], note: '' }, learningMessages.recommendTopicsRequired],
      [{ nodeIds: Array.from({ length: 11 }, () => randomUUID()) }, learningMessages.tooManyTopics],
      [{ nodeIds: [roadmap.topics[0], roadmap.topics[0]] }, learningMessages.topicsRepeated],
      [{ nodeIds: [drafted.topics[0]] }, learningMessages.notATopic],
      [
        { nodeIds: [roadmap.topics[0]], note: 'x'.repeat(RECOMMENDATION_NOTE_MAX + 1) },
        learningMessages.noteTooLong,
      ],
      [{ nodeIds: ['nope'] }, undefined],
      [{}, undefined],
    ];
    for (const [body, message] of cases) {
      const response = await recommend(people.mentor, id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      if (message !== undefined)
        expect(response.json<ErrorEnvelope>().errors.map((error) => error.message)).toContain(message);
    }
    const written = await t.app.db
      .select()
      .from(topicRecommendations)
      .where(eq(topicRecommendations.bookingId, id));
    expect(written).toHaveLength(0);
  });

  it('are upserted per topic: a second recommendation of a topic replaces its note', async () => {
    const id = await startedSession();
    const [html, css] = roadmap.topics as [string, string];
    expect((await recommend(people.mentor, id, { nodeIds: [html, css], note: 'First' })).statusCode).toBe(
      200,
    );
    await travelTo(nowMs + 60_000);
    const again = await recommend(people.mentor, id, { nodeIds: [css], note: 'Second' });
    const { recommendations } = recommendationsResponseSchema.parse(again.json());
    expect(recommendations.map((row) => [row.label, row.note])).toEqual([
      ['CSS', 'Second'],
      ['HTML', 'First'],
    ]);
  });

  it('are read by the mentee on the roadmap and on the home page, and by nobody else', async () => {
    const id = await startedSession();
    const [html, css] = roadmap.topics as [string, string];
    await recommend(people.mentor, id, { nodeIds: [html, css], note: 'Start here' });
    const onRoadmap = (who: Who) => send(who, 'GET', `/api/roadmap/${roadmap.id}/recommendations`);
    const onHome = (who: Who) => send(who, 'GET', '/api/user/recommendations');

    for (const read of [onRoadmap, onHome]) {
      const mine = recommendationsResponseSchema.parse((await read(people.mentee)).json());
      expect(mine.recommendations.map((row) => row.nodeId).sort()).toEqual([html, css].sort());
      expect(mine.recommendations[0]?.mentor.name).toBe(people.mentorName);
      expect(mine.recommendations[0]?.roadmapTitle).toBe(roadmap.title);
      // The mentor and a stranger read only what was recommended to them: nothing.
      for (const who of [people.mentor, people.stranger]) {
        const theirs = recommendationsResponseSchema.parse((await read(who)).json());
        expect(theirs.recommendations).toEqual([]);
      }
      expectRefusal(await read(undefined), 401);
    }
    expect(recommendedByText(people.mentorName)).toBe(`Recommended by ${people.mentorName}`);
    expectRefusal(await send(people.mentee, 'GET', '/api/roadmap/nope/recommendations'), 400);
  });

  it(`are limited to ${RECOMMENDATIONS_MAX} per mentor in the window: each one notifies the mentee`, async () => {
    const id = await startedSession();
    for (let sent = 0; sent < RECOMMENDATIONS_MAX; sent += 1) {
      const response = await recommend(people.mentor, id, {
        nodeIds: [roadmap.topics[0]],
        note: `Try ${sent}`,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const refused = await recommend(people.mentor, id, { nodeIds: [roadmap.topics[0]], note: 'One more' });
    expectRefusal(refused, 429);
    expect(refused.json<ErrorEnvelope>().message).toMatch(
      /^You have recommended topics 20 times in 10 minutes/,
    );
  });

  it('of a topic the author later removed are no longer shown', async () => {
    const id = await startedSession();
    const [html] = roadmap.topics as [string];
    await recommend(people.mentor, id, { nodeIds: [html], note: '' });
    await t.app.db.update(roadmapNodes).set({ saved: false }).where(eq(roadmapNodes.id, html));
    const mine = recommendationsResponseSchema.parse(
      (await send(people.mentee, 'GET', `/api/roadmap/${roadmap.id}/recommendations`)).json(),
    );
    expect(mine.recommendations).toEqual([]);
  });
});

describe('mentors first for a topic’s “Find a mentor for …”', () => {
  it('lists mentors who passed a stack the roadmap or topic names before the others, and only then', async () => {
    const tag = randomUUID().slice(0, 8);
    const stackName = `Rx${tag}`;
    const stackId = await createStack(t.app.db, stackName);
    const hours = { monday: [10], tuesday: [10], wednesday: [10], thursday: [10], friday: [10] };
    const mentor = (name: string, seed: { skills?: string[]; ratingTotal?: number; reviewCount?: number }) =>
      createMentor(t.app.db, {
        name: `${name} ${tag}`,
        email: `${name.toLowerCase()}-${tag}@example.org`,
        availability: { timezone: 'UTC', pricePaise: PRICE_PAISE, weeklyHours: hours },
        ...seed,
      });
    const rated = await mentor('Zed', { ratingTotal: 50, reviewCount: 10 });
    const assessed = await mentor('Amy', { skills: [stackId], ratingTotal: 2, reviewCount: 2 });
    const other = await roadmapRow({
      title: `Frontend ${tag}`,
      labels: [`${stackName} hooks`, 'Layout'],
      published: true,
      authorId: people.mentor.id,
    });
    const listed = async (query: string) => {
      const response = await send(undefined, 'GET', `/api/mentor/all?search=${tag}&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json<{ mentors: Array<{ id: string }> }>()
        .mentors.map((card) => card.id)
        .filter((id) => id === rated || id === assessed);
    };
    expect(await listed('')).toEqual([rated, assessed]);
    // The topic names the stack: its mentors come first.
    expect(await listed(`roadmap=${other.id}&topic=${other.topics[0]}`)).toEqual([assessed, rated]);
    // Neither the title nor this topic names it: the usual order.
    expect(await listed(`roadmap=${other.id}&topic=${other.topics[1]}`)).toEqual([rated, assessed]);
    // A topic of another roadmap lends it nothing; a roadmap not listed neither (asked with another page size:
    // the listing's cache may keep the answer read while it was listed for a little while).
    expect(await listed(`roadmap=${roadmap.id}&topic=${other.topics[0]}`)).toEqual([rated, assessed]);
    await t.app.db.update(roadmaps).set({ isActive: false }).where(eq(roadmaps.id, other.id));
    expect(await listed(`roadmap=${other.id}&topic=${other.topics[0]}&limit=11`)).toEqual([rated, assessed]);
    expect((await send(undefined, 'GET', '/api/mentor/all?roadmap=nope')).statusCode).toBe(400);
  });
});
