import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSchema } from '@skillroute/shared/assessments';
import { validApplication } from '../../../test/assessments';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createSignedInUser } from '../../../test/sockets';
import { assessmentTests, questions, stacks, users } from '../../db/schema';
import { runSeeders } from '../../db/seed';
import { createDemoAssessmentsSeeder, demoMentors } from './seeder';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  expect(await runSeeders(t.app.db, [createDemoAssessmentsSeeder()])).toEqual(['demo-assessments']);
});
afterAll(() => t.close());

describe('the demo assessments seeder', () => {
  it('offers six stacks, each with at least 25 questions, and runs once', async () => {
    const offered = (await t.app.inject({ method: 'GET', url: '/api/assessment' })).json<
      { name: string }[]
    >();
    expect(offered.map((stack) => stack.name)).toEqual([
      'DevOps',
      'Java',
      'Node.js',
      'Python',
      'React',
      'SQL',
    ]);
    const perStack = await t.app.db
      .select({ name: stacks.name, n: count() })
      .from(questions)
      .innerJoin(stacks, eq(stacks.id, questions.stackId))
      .groupBy(stacks.name);
    expect(perStack).toHaveLength(6);
    for (const row of perStack) expect(row.n, row.name).toBeGreaterThanOrEqual(25);
    expect(await runSeeders(t.app.db, [createDemoAssessmentsSeeder()])).toEqual([]);
  });

  it('makes demo mentors who passed, with their profile and skills readable by anyone', async () => {
    for (const mentor of demoMentors) {
      const [user] = await t.app.db
        .select({ id: users.id, role: users.role, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.email, mentor.email));
      expect(user).toMatchObject({ role: 'mentor', passwordHash: null });
      const details = await t.app.inject({ method: 'GET', url: `/api/mentor/details/${user!.id}` });
      expect(details.json().mentor).toMatchObject({
        name: mentor.name,
        headline: mentor.profile.headline,
        assessedSkills: [...mentor.skills],
      });
      const tests = await t.app.db
        .select({ status: assessmentTests.status, score: assessmentTests.score })
        .from(assessmentTests)
        .where(eq(assessmentTests.userId, user!.id));
      expect(tests).toHaveLength(mentor.skills.length);
      for (const test of tests) expect(test).toEqual({ status: 'passed', score: 9 });
    }
  });

  it('draws a real test from the demo bank', async () => {
    const [react] = await t.app.db.select({ id: stacks.id }).from(stacks).where(eq(stacks.name, 'React'));
    const taker = await createSignedInUser(t, 'newcomer@example.org');
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/assessment/tests',
      headers: { cookie: taker.cookie },
      payload: validApplication(react!.id),
    });
    expect(applied.statusCode).toBe(201);
    const test = testSchema.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/assessment/tests/${applied.json().id}/start`,
          headers: { cookie: taker.cookie },
        })
      ).json(),
    );
    expect(test.questions).toHaveLength(10);
    for (const question of test.questions) expect(question.options.length).toBeGreaterThanOrEqual(2);
  });
});
