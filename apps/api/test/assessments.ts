import { expect } from 'vitest';
import type { QuestionInput } from '@skillroute/shared/assessments';
import type { MentorApplicationInput } from '@skillroute/shared/mentors';
import { createOrUpdateAdmin } from '../src/modules/admin/service';
import type { TestApp } from './helpers';

/** The Cookie header of a signed-in admin (made on first use). */
export async function adminCookieFor(t: TestApp): Promise<string> {
  const credentials = { email: 'root@skillroute.dev', password: 'correct-horse-42' };
  await createOrUpdateAdmin(t.app.db, { ...credentials, name: 'Root' });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: credentials,
    remoteAddress: '10.9.9.9',
  });
  const access = login.cookies.find((cookie) => cookie.name === 'adminAccessToken');
  if (access === undefined) throw new Error(`admin login failed: ${login.body}`);
  return `adminAccessToken=${access.value}`;
}

/** A question whose right answer is the option reading "Right n". */
export const questionNumbered = (n: number, prefix = 'Question'): QuestionInput => ({
  text: `${prefix} ${n}: which option is right?`,
  options: [
    { text: `Wrong ${n}a`, isCorrect: false },
    { text: `Right ${n}`, isCorrect: true },
    { text: `Wrong ${n}b`, isCorrect: false },
  ],
});

/** A stack with `count` numbered questions, made through the admin API. */
export async function stackWithQuestions(
  t: TestApp,
  adminCookie: string,
  name: string,
  count: number,
): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/stacks',
    headers: { cookie: adminCookie },
    payload: { name },
  });
  expect(created.statusCode).toBe(201);
  const stackId = created.json<{ stack: { id: string } }>().stack.id;
  for (let n = 1; n <= count; n++) {
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/admin/stacks/${stackId}/questions`,
      headers: { cookie: adminCookie },
      payload: questionNumbered(n, name),
    });
    expect(added.statusCode).toBe(201);
  }
  return stackId;
}

/** An application that passes every rule of spec §5. */
export const validApplication = (stackId: string): MentorApplicationInput => ({
  stackId,
  expirience: '5',
  languages: ['english', 'tamil'],
  headline: 'Senior frontend engineer at a fintech',
  bio: 'I have built React apps for eight years and enjoy helping people get their first job in tech.',
  linkedinUrl: 'https://www.linkedin.com/in/ada-example',
  githubUrl: 'https://github.com/ada-example',
});
