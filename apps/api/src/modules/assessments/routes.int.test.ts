import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assessmentMessages,
  testResultSchema,
  testSchema,
  type AssessmentTest,
} from '@skillroute/shared/assessments';
import { errorMessages } from '@skillroute/shared/errors';
import { mentorMessages } from '@skillroute/shared/mentors';
import { adminCookieFor, stackWithQuestions, validApplication } from '../../../test/assessments';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createSignedInUser, type SignedIn } from '../../../test/sockets';
import { assessmentTests, notifications, users } from '../../db/schema';

let t: TestApp;
let adminCookie: string;
let react: string;
let node: string;
let tiny: string;

beforeAll(async () => {
  t = await buildTestApp();
  adminCookie = await adminCookieFor(t);
  react = await stackWithQuestions(t, adminCookie, 'React', 12);
  node = await stackWithQuestions(t, adminCookie, 'Node.js', 10);
  tiny = await stackWithQuestions(t, adminCookie, 'Tiny', 9);
});
afterAll(() => t.close());

let people = 0;
const newUser = () => createSignedInUser(t, `person${++people}@example.org`);
const call = (who: SignedIn | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who === undefined ? {} : { cookie: who.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function apply(who: SignedIn, stackId: string): Promise<string> {
  const response = await call(who, 'POST', '/api/assessment/tests', validApplication(stackId));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

async function readTest(who: SignedIn, id: string): Promise<AssessmentTest> {
  const response = await call(who, 'GET', `/api/assessment/tests/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return testSchema.parse(response.json());
}

/** Presses Start on the introduction: the clock starts, and the questions come. */
async function begin(who: SignedIn, id: string): Promise<AssessmentTest> {
  const response = await call(who, 'POST', `/api/assessment/tests/${id}/start`);
  expect(response.statusCode, response.body).toBe(200);
  return testSchema.parse(response.json());
}

/** Answers picking the right option ("Right n") for the first `right` questions and a wrong one for the rest. */
function answersFor(test: AssessmentTest, right: number) {
  return test.questions.map((question, index) => ({
    questionId: question.id,
    optionId: question.options.find((option) => option.text.startsWith('Right') === index < right)!.id,
  }));
}

const moveClock = (testId: string, minutesAgo: number) =>
  t.app.db
    .update(assessmentTests)
    .set({
      startedAt: sql`now() - make_interval(mins => ${minutesAgo + 15})`,
      expiresAt: sql`now() - make_interval(mins => ${minutesAgo})`,
    })
    .where(eq(assessmentTests.id, testId));

const notificationTypesOf = async (userId: string) =>
  (
    await t.app.db
      .select({ type: notifications.type })
      .from(notifications)
      .where(eq(notifications.userId, userId))
  ).map((row) => row.type);

describe('the stacks list', () => {
  it('offers active stacks by name to anyone', async () => {
    const response = await call(undefined, 'GET', '/api/assessment');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(
      expect.arrayContaining([
        { id: react, name: 'React' },
        { id: node, name: 'Node.js' },
      ]),
    );
  });
});

describe('applying', () => {
  it('refuses every bad field with the spec’s message, one entry per field', async () => {
    const who = await newUser();
    const empty = await call(who, 'POST', '/api/assessment/tests', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      { field: 'stackId', message: 'Stack domain is required' },
      { field: 'expirience', message: 'Experience level is required' },
      { field: 'languages', message: 'Please select at least one language' },
      { field: 'headline', message: 'Professional headline is required' },
      { field: 'bio', message: 'Bio is required' },
      { field: 'linkedinUrl', message: 'Please enter a valid LinkedIn URL' },
      { field: 'githubUrl', message: 'github URL is required' },
    ]);
    const wrong = await call(who, 'POST', '/api/assessment/tests', {
      stackId: '',
      expirience: '4',
      languages: [],
      headline: 'Too short',
      bio: 'Also short.',
      linkedinUrl: 'not a url',
      githubUrl: 'https://github',
    });
    expect(wrong.json().errors).toEqual([
      { field: 'stackId', message: 'Please select a stack domain' },
      { field: 'expirience', message: 'Please select your experience level' },
      { field: 'languages', message: 'Please select at least one language' },
      { field: 'headline', message: 'Headline must be at least 10 characters' },
      { field: 'bio', message: 'Bio must be at least 50 characters' },
      { field: 'linkedinUrl', message: 'Please enter a valid LinkedIn URL' },
      { field: 'githubUrl', message: 'Please enter a valid Github URL' },
    ]);
    const tooLong = await call(who, 'POST', '/api/assessment/tests', {
      ...validApplication(react),
      headline: 'h'.repeat(101),
      bio: 'b'.repeat(1001),
      linkedinUrl: 'https://example.com/in/ada',
      githubUrl: 'https://gitlab.com/ada',
      languages: ['english', 'klingon'],
    });
    expect(tooLong.json().errors).toEqual([
      { field: 'languages.1', message: 'Choose languages from the list' },
      { field: 'headline', message: 'Headline must not exceed 100 characters' },
      { field: 'bio', message: 'Bio must not exceed 1000 characters' },
      { field: 'linkedinUrl', message: 'Must be a LinkedIn URL' },
      { field: 'githubUrl', message: 'Must be a Github URL' },
    ]);
    const script = await call(who, 'POST', '/api/assessment/tests', {
      ...validApplication(react),
      linkedinUrl: 'javascript:alert(1)//linkedin.com',
    });
    expect(script.json().errors).toEqual([
      { field: 'linkedinUrl', message: 'Please enter a valid LinkedIn URL' },
    ]);
    const twice = await call(who, 'POST', '/api/assessment/tests', {
      ...validApplication(react),
      languages: ['english', 'english'],
    });
    expect(twice.json().errors).toEqual([
      { field: 'languages', message: 'Each language can be chosen once' },
    ]);
    expect(await t.app.db.select().from(assessmentTests).where(eq(assessmentTests.userId, who.id))).toEqual(
      [],
    );
  });

  it('refuses anonymous callers and an application for someone else', async () => {
    expect((await call(undefined, 'POST', '/api/assessment/tests', validApplication(react))).statusCode).toBe(
      401,
    );
    const who = await newUser();
    const other = await call(who, 'POST', '/api/assessment/tests', {
      ...validApplication(react),
      userId: randomUUID(),
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(mentorMessages.notYourApplication);
  });

  it('answers 404 "no tests" for an unknown stack, one with fewer than 10 questions, and an inactive one', async () => {
    const who = await newUser();
    for (const stackId of [randomUUID(), tiny]) {
      const response = await call(who, 'POST', '/api/assessment/tests', validApplication(stackId));
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('For this stack currently no tests.');
    }
    const closed = await stackWithQuestions(t, adminCookie, 'Closed', 10);
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/stacks/${closed}`,
      headers: { cookie: adminCookie },
      payload: { isActive: false },
    });
    expect((await call(who, 'POST', '/api/assessment/tests', validApplication(closed))).statusCode).toBe(404);
    expect((await call(who, 'GET', '/api/assessment')).json()).not.toContainEqual(
      expect.objectContaining({ id: closed }),
    );
  });

  it('draws 10 questions for the taker alone, never sending which option is right', async () => {
    const [ada, bob] = [await newUser(), await newUser()];
    const id = await apply(ada, react);
    const response = await call(ada, 'POST', `/api/assessment/tests/${id}/start`);
    expect(response.body).not.toMatch(/isCorrect|correctOptionId|Right \d+"[^}]*true/);
    const test = testSchema.parse(response.json());
    expect(test).toMatchObject({
      stack: { id: react, name: 'React' },
      status: 'in_progress',
      durationSeconds: 900,
      answers: [],
      result: null,
    });
    expect(test.questions).toHaveLength(10);
    expect(new Set(test.questions.map((question) => question.id)).size).toBe(10);
    expect(Date.parse(test.expiresAt!) - Date.parse(test.startedAt!)).toBe(900_000);
    expect(Math.abs(Date.parse(test.serverTime) - Date.now())).toBeLessThan(60_000);
    expect((await call(bob, 'GET', `/api/assessment/tests/${id}`)).statusCode).toBe(403);
    expect((await call(ada, 'GET', `/api/assessment/tests/${randomUUID()}`)).statusCode).toBe(404);
    expect((await call(ada, 'GET', '/api/assessment/tests/not-an-id')).statusCode).toBe(400);
  });

  it('refuses a second application while a test runs, even two sent at once', async () => {
    const who = await newUser();
    const [first, second] = await Promise.all([
      call(who, 'POST', '/api/assessment/tests', validApplication(react)),
      call(who, 'POST', '/api/assessment/tests', validApplication(node)),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const again = await call(who, 'POST', '/api/assessment/tests', validApplication(node));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      reason: 'test_in_progress',
      errors: [{ message: assessmentMessages.testInProgress }],
    });

    // The running test is in the taker's own list, so it can be resumed; nobody else's tests are.
    const running = [first, second].find((response) => response.statusCode === 201)!.json().id;
    const own = await call(who, 'GET', '/api/assessment/tests');
    expect(own.statusCode).toBe(200);
    expect(own.json().tests).toEqual([
      expect.objectContaining({ id: running, status: 'in_progress', score: null, total: 10 }),
    ]);
    expect((await call(await newUser(), 'GET', '/api/assessment/tests')).json()).toEqual({ tests: [] });
    expect((await call(undefined, 'GET', '/api/assessment/tests')).statusCode).toBe(401);
  });
});

describe('the introduction before the clock', () => {
  const setCreatedAt = (testId: string, minutesAgo: number) =>
    t.app.db
      .update(assessmentTests)
      .set({ createdAt: sql`now() - make_interval(mins => ${minutesAgo})` })
      .where(eq(assessmentTests.id, testId));

  it('starts the clock when the taker presses Start, not when they apply; reading the test meanwhile starts nothing', async () => {
    const ada = await newUser();
    const id = await apply(ada, react);
    // Ten minutes on the introduction, read twice (a reload): the clock has not started and no question is out.
    await setCreatedAt(id, 10);
    for (let read = 0; read < 2; read++) {
      expect(await readTest(ada, id)).toMatchObject({
        status: 'in_progress',
        startedAt: null,
        expiresAt: null,
        questions: [],
        answers: [],
        result: null,
        durationSeconds: 900,
      });
    }
    expect((await call(ada, 'GET', '/api/assessment/tests')).json().tests).toEqual([
      expect.objectContaining({ id, status: 'in_progress', startedAt: null, expiresAt: null }),
    ]);

    // Nothing can be answered or handed in before Start.
    const question = randomUUID();
    const early = await call(ada, 'PUT', `/api/assessment/tests/${id}/answers`, {
      questionId: question,
      optionId: randomUUID(),
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      message: assessmentMessages.notStarted,
      errors: [{ message: assessmentMessages.notStarted }],
    });
    const handedIn = await call(ada, 'POST', '/api/assessment/tests/submit', { testId: id, answers: [] });
    expect(handedIn.statusCode).toBe(409);
    expect(handedIn.json().message).toBe(assessmentMessages.notStarted);

    const started = await begin(ada, id);
    expect(Math.abs(Date.parse(started.startedAt!) - Date.now())).toBeLessThan(60_000);
    expect(Date.parse(started.expiresAt!) - Date.parse(started.startedAt!)).toBe(900_000);
    expect(started.questions).toHaveLength(10);
    const [row] = await t.app.db
      .select({ createdAt: assessmentTests.createdAt, startedAt: assessmentTests.startedAt })
      .from(assessmentTests)
      .where(eq(assessmentTests.id, id));
    expect(row!.startedAt!.getTime() - row!.createdAt.getTime()).toBeGreaterThanOrEqual(9 * 60_000);

    // Start again (a second tab, a double click): the running test, its clock unchanged.
    const again = await begin(ada, id);
    expect(again).toMatchObject({ startedAt: started.startedAt, expiresAt: started.expiresAt });
    expect(again.questions.map((q) => q.id)).toEqual(started.questions.map((q) => q.id));
  });

  it('refuses a bad id (400), an unknown test (404), someone else’s (403), an anonymous caller (401) and a finished test (409), in the envelope', async () => {
    const [ada, bob] = [await newUser(), await newUser()];
    const id = await apply(ada, react);
    const start = (who: SignedIn | undefined, testId: string) =>
      call(who, 'POST', `/api/assessment/tests/${testId}/start`);
    const cases: [Awaited<ReturnType<typeof start>>, number, string | undefined][] = [
      [await start(ada, 'not-an-id'), 400, undefined],
      [await start(ada, randomUUID()), 404, assessmentMessages.testNotFound],
      [await start(bob, id), 403, assessmentMessages.notYourTest],
      [await start(undefined, id), 401, undefined],
    ];
    for (const [response, status, message] of cases) {
      expect(response.statusCode, response.body).toBe(status);
      const body = response.json();
      expect(body).toEqual(
        expect.objectContaining({ message: expect.any(String), errors: expect.any(Array) }),
      );
      if (message !== undefined) expect(body.message).toBe(message);
    }
    // Someone else's attempt started nothing.
    expect((await readTest(ada, id)).startedAt).toBeNull();

    const test = await begin(ada, id);
    await call(ada, 'POST', '/api/assessment/tests/submit', { testId: id, answers: answersFor(test, 2) });
    const finished = await start(ada, id);
    expect(finished.statusCode).toBe(409);
    expect(finished.json()).toMatchObject({
      message: assessmentMessages.alreadySubmitted,
      errors: [{ message: assessmentMessages.alreadySubmitted }],
    });
  });

  it('a test never started is no fail: after a day it lapses and the taker may apply again at once', async () => {
    const cleo = await newUser();
    const id = await apply(cleo, react);
    // Within its day, it is the one open test: a second application takes the person back to it.
    expect((await call(cleo, 'POST', '/api/assessment/tests', validApplication(node))).json()).toMatchObject({
      reason: 'test_in_progress',
    });

    await setCreatedAt(id, 24 * 60 + 1);
    const lapsed = await call(cleo, 'POST', `/api/assessment/tests/${id}/start`);
    expect(lapsed.statusCode).toBe(409);
    expect(lapsed.json().message).toBe(assessmentMessages.lapsed);

    // The same stack at once: no 24-hour wait, no failed test, no notification of a result.
    const next = await apply(cleo, react);
    const tests = await t.app.db
      .select({ id: assessmentTests.id, status: assessmentTests.status })
      .from(assessmentTests)
      .where(eq(assessmentTests.userId, cleo.id));
    expect(tests).toEqual([{ id: next, status: 'in_progress' }]);
    expect(await notificationTypesOf(cleo.id)).toEqual([]);
  });
});

describe('answering and submitting', () => {
  it('saves answers as they are chosen, so a reload keeps them; refuses foreign questions and options', async () => {
    const [ada, bob] = [await newUser(), await newUser()];
    const test = await begin(ada, await apply(ada, react));
    const [q0, q1] = test.questions as [
      AssessmentTest['questions'][number],
      AssessmentTest['questions'][number],
    ];
    const save = (who: SignedIn, body: object) =>
      call(who, 'PUT', `/api/assessment/tests/${test.id}/answers`, body);
    expect((await save(ada, { questionId: q0.id, optionId: q0.options[0]!.id })).statusCode).toBe(200);
    expect((await save(ada, { questionId: q0.id, optionId: q0.options[1]!.id })).statusCode).toBe(200);
    expect((await save(ada, { questionId: q1.id, optionId: q1.options[0]!.id })).statusCode).toBe(200);
    expect((await save(ada, { questionId: q1.id, optionId: null })).json()).toEqual({
      answers: [{ questionId: q0.id, optionId: q0.options[1]!.id }],
    });
    expect((await readTest(ada, test.id)).answers).toEqual([
      { questionId: q0.id, optionId: q0.options[1]!.id },
    ]);

    const unknownQuestion = await save(ada, { questionId: randomUUID(), optionId: q0.options[0]!.id });
    expect(unknownQuestion.statusCode).toBe(400);
    expect(unknownQuestion.json().errors).toEqual([
      { field: 'questionId', message: assessmentMessages.unknownQuestion },
    ]);
    const foreignOption = await save(ada, { questionId: q0.id, optionId: q1.options[0]!.id });
    expect(foreignOption.json().errors).toEqual([
      { field: 'optionId', message: assessmentMessages.unknownOption },
    ]);
    expect((await save(bob, { questionId: q0.id, optionId: q0.options[0]!.id })).statusCode).toBe(403);
    expect((await save(ada, { questionId: 'x', optionId: 'y' })).statusCode).toBe(400);
  });

  it('refuses answers to questions not in the test, a question answered twice, and another taker (nothing is scored)', async () => {
    const [ada, bob] = [await newUser(), await newUser()];
    const test = await begin(ada, await apply(ada, react));
    const answers = answersFor(test, 10);
    const submit = (who: SignedIn, body: object) => call(who, 'POST', '/api/assessment/tests/submit', body);

    const unknown = await submit(ada, {
      testId: test.id,
      answers: [...answers.slice(0, 9), { questionId: randomUUID(), optionId: randomUUID() }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { field: 'answers.9.questionId', message: assessmentMessages.unknownQuestion },
    ]);
    const twice = await submit(ada, { testId: test.id, answers: [answers[0], answers[0]] });
    expect(twice.json().errors).toEqual([
      { field: 'answers.1.questionId', message: assessmentMessages.answeredTwice },
    ]);
    expect((await submit(bob, { testId: test.id, answers })).statusCode).toBe(403);
    expect((await submit(ada, { testId: randomUUID(), answers })).statusCode).toBe(404);
    expect((await submit(ada, { testId: test.id, answers: [...answers, ...answers] })).statusCode).toBe(400);
    expect((await readTest(ada, test.id)).status).toBe('in_progress');
  });

  it('a pass makes the taker a mentor with the application’s profile and the skill, once, and tells them', async () => {
    const ada = await newUser();
    const test = await begin(ada, await apply(ada, react));
    const submitted = await call(ada, 'POST', '/api/assessment/tests/submit', {
      testId: test.id,
      answers: answersFor(test, 7),
    });
    expect(submitted.statusCode).toBe(200);
    expect(testResultSchema.parse(submitted.json())).toMatchObject({
      score: 7,
      total: 10,
      passed: true,
      passMark: 70,
      late: false,
      retryAt: null,
    });

    const again = await call(ada, 'POST', '/api/assessment/tests/submit', {
      testId: test.id,
      answers: answersFor(test, 10),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(assessmentMessages.alreadySubmitted);
    expect((await readTest(ada, test.id)).result).toMatchObject({ score: 7, passed: true });

    const [user] = await t.app.db.select({ role: users.role }).from(users).where(eq(users.id, ada.id));
    expect(user?.role).toBe('mentor');
    const mentor = (await call(ada, 'GET', `/api/mentor/details/${ada.id}`)).json().mentor;
    expect(mentor).toMatchObject({
      id: ada.id,
      email: ada.email,
      role: 'mentor',
      headline: 'Senior frontend engineer at a fintech',
      expirience: 5,
      languages: ['english', 'tamil'],
      assessedSkills: ['React'],
      githubUrl: 'https://github.com/ada-example',
    });
    expect(await notificationTypesOf(ada.id)).toContain('assessment_passed');

    const reapply = await call(ada, 'POST', '/api/assessment/tests', validApplication(react));
    expect(reapply.statusCode).toBe(409);
    expect(reapply.json().errors[0].message).toBe('You have already passed the React test.');

    // A second stack passed is a second skill; the profile the mentor has stays.
    const second = await begin(ada, await apply(ada, node));
    await call(ada, 'POST', '/api/assessment/tests/submit', {
      testId: second.id,
      answers: answersFor(second, 10),
    });
    expect(
      (await call(undefined, 'GET', `/api/mentor/details/${ada.id}`)).json().mentor.assessedSkills,
    ).toEqual(['React', 'Node.js']);
  });

  it('a failure tells the taker and holds that stack for 24 hours, not the others', async () => {
    const bob = await newUser();
    const test = await begin(bob, await apply(bob, react));
    const submitted = await call(bob, 'POST', '/api/assessment/tests/submit', {
      testId: test.id,
      answers: answersFor(test, 6),
    });
    expect(submitted.json()).toMatchObject({ score: 6, total: 10, passed: false });
    expect(Date.parse(submitted.json().retryAt) - Date.parse(submitted.json().submittedAt)).toBe(
      24 * 3_600_000,
    );
    expect(await notificationTypesOf(bob.id)).toContain('assessment_failed');
    const [user] = await t.app.db.select({ role: users.role }).from(users).where(eq(users.id, bob.id));
    expect(user?.role).toBe('user');

    const tooSoon = await call(bob, 'POST', '/api/assessment/tests', validApplication(react));
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().errors[0].message).toBe('You can take the React test again in 24 hours.');

    await t.app.db
      .update(assessmentTests)
      .set({ submittedAt: sql`now() - interval '24 hours 1 minute'` })
      .where(eq(assessmentTests.id, test.id));
    await apply(bob, react);
  });

  it('scores only what was saved in time when the answers come after the clock (and its grace) ran out', async () => {
    const carol = await newUser();
    const test = await begin(carol, await apply(carol, react));
    const [first] = answersFor(test, 10);
    await call(carol, 'PUT', `/api/assessment/tests/${test.id}/answers`, first);
    await moveClock(test.id, 1);
    const late = await call(
      carol,
      'PUT',
      `/api/assessment/tests/${test.id}/answers`,
      answersFor(test, 10)[1],
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(assessmentMessages.timeUp);
    const submitted = await call(carol, 'POST', '/api/assessment/tests/submit', {
      testId: test.id,
      answers: answersFor(test, 10),
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ score: 1, total: 10, passed: false, late: true });
  });

  it('accepts answers within the 30-second grace as on time', async () => {
    const dan = await newUser();
    const test = await begin(dan, await apply(dan, react));
    await t.app.db
      .update(assessmentTests)
      .set({ expiresAt: sql`now() - interval '10 seconds'` })
      .where(eq(assessmentTests.id, test.id));
    const submitted = await call(dan, 'POST', '/api/assessment/tests/submit', {
      testId: test.id,
      answers: answersFor(test, 8),
    });
    expect(submitted.json()).toMatchObject({ score: 8, passed: true, late: false });
  });

  it('scores a test left to run out when it is next read, or when its taker applies again', async () => {
    const erin = await newUser();
    const test = await begin(erin, await apply(erin, react));
    for (const answer of answersFor(test, 10).slice(0, 7))
      await call(erin, 'PUT', `/api/assessment/tests/${test.id}/answers`, answer);
    await moveClock(test.id, 5);
    const read = await readTest(erin, test.id);
    expect(read).toMatchObject({ status: 'passed', result: { score: 7, passed: true, late: true } });

    const finn = await newUser();
    const abandoned = await apply(finn, react);
    await moveClock(abandoned, 5);
    const next = await call(finn, 'POST', '/api/assessment/tests', validApplication(node));
    expect(next.statusCode).toBe(201);
    const [row] = await t.app.db
      .select({ status: assessmentTests.status, score: assessmentTests.score })
      .from(assessmentTests)
      .where(and(eq(assessmentTests.id, abandoned), eq(assessmentTests.userId, finn.id)));
    expect(row).toEqual({ status: 'failed', score: 0 });
  });
});

describe('the mentor profile', () => {
  let mentor: SignedIn;
  beforeAll(async () => {
    mentor = await newUser();
    const test = await begin(mentor, await apply(mentor, react));
    await call(mentor, 'POST', '/api/assessment/tests/submit', {
      testId: test.id,
      answers: answersFor(test, 10),
    });
  });
  const update = (who: SignedIn | undefined, updatedData: object, mentorId = mentor.id) =>
    call(who, 'PUT', '/api/mentor', { mentorId, updatedData });

  it('lets the mentor change headline, bio, experience and languages', async () => {
    const response = await update(mentor, {
      headline: 'Staff engineer, React and GraphQL',
      expirience: 12,
      languages: ['hindi'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Your profile information has been updated successfully.',
      mentor: {
        headline: 'Staff engineer, React and GraphQL',
        expirience: 12,
        languages: ['hindi'],
        assessedSkills: ['React'],
      },
    });
    const bio =
      'Twelve years of shipping web apps; I review code, plan careers and prepare people for interviews.';
    expect((await update(mentor, { bio })).json().mentor.bio).toBe(bio);
  });

  it('refuses each bad field with the spec’s message and changes nothing', async () => {
    const cases: [object, string][] = [
      [{ headline: 'short' }, 'Headline must be at least 10 characters'],
      [{ headline: 'x'.repeat(101) }, 'Headline must not exceed 100 characters'],
      [{ headline: '   ' }, 'Professional headline is required'],
      [{ bio: 'too short' }, 'Bio must be at least 50 characters'],
      [{ bio: 'b'.repeat(1001) }, 'Bio must not exceed 1000 characters'],
      [{ expirience: 0 }, 'Experience must be at least 1 year.'],
      [{ expirience: 2.5 }, 'Experience must be a whole number.'],
      [{ expirience: 51 }, 'Experience cannot exceed 50 years.'],
      [{ expirience: 'ten' }, 'Experience must be a positive number.'],
      [{ languages: [] }, 'Please select at least one language'],
    ];
    const before = (await call(mentor, 'GET', `/api/mentor/details/${mentor.id}`)).json().mentor;
    for (const [updatedData, message] of cases) {
      const response = await update(mentor, updatedData);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].message).toBe(message);
    }
    expect((await update(mentor, {})).json().errors[0].message).toBe(errorMessages.nothingToUpdate);
    expect((await update(mentor, { role: 'admin' })).statusCode).toBe(400);
    expect((await call(mentor, 'GET', `/api/mentor/details/${mentor.id}`)).json().mentor).toEqual(before);
  });

  it('is the mentor’s own: 401 anonymous, 403 for another id or a non-mentor; details 404 for non-mentors, e-mail hidden from others', async () => {
    const other = await newUser();
    expect((await update(undefined, { headline: 'A perfectly fine headline' })).statusCode).toBe(401);
    expect((await update(other, { headline: 'A perfectly fine headline' })).statusCode).toBe(403);
    const notMentor = await update(other, { headline: 'A perfectly fine headline' }, other.id);
    expect(notMentor.statusCode).toBe(403);
    expect(notMentor.json().message).toBe(mentorMessages.notAMentor);
    expect((await call(undefined, 'GET', `/api/mentor/details/${other.id}`)).statusCode).toBe(404);
    const publicView = (await call(other, 'GET', `/api/mentor/details/${mentor.id}`)).json().mentor;
    expect(publicView.email).toBeUndefined();
    expect(publicView.headline).toBeDefined();
  });
});
