import { expect, type APIRequestContext } from '@playwright/test';

/** A question whose right option reads "Right n": the taker can tell, the server never says. */
export const numbered = (stack: string, n: number) => ({
  text: `${stack} question ${n}: which option is right?`,
  options: [
    { text: `Wrong ${n}a`, isCorrect: false },
    { text: `Right ${n}`, isCorrect: true },
    { text: `Wrong ${n}b`, isCorrect: false },
  ],
});

/** A stack with `count` questions, made through the admin API with the admin page's cookies. */
export async function stackThroughApi(
  request: APIRequestContext,
  name: string,
  count: number,
): Promise<string> {
  const created = await request.post('/api/admin/stacks', { data: { name } });
  expect(created.status()).toBe(201);
  const stackId = ((await created.json()) as { stack: { id: string } }).stack.id;
  for (let n = 1; n <= count; n++)
    expect(
      (await request.post(`/api/admin/stacks/${stackId}/questions`, { data: numbered(name, n) })).status(),
    ).toBe(201);
  return stackId;
}

/** A filled "Be mentor" application for `stackId` (the body of `POST /api/assessment/tests`). */
export const mentorApplication = (stackId: string) => ({
  stackId,
  expirience: '3',
  languages: ['english'],
  headline: 'Backend engineer who likes tests',
  bio: 'Years of services in production; I enjoy showing people how to test what they build.',
  linkedinUrl: 'https://www.linkedin.com/in/ravi',
  githubUrl: 'https://github.com/ravi',
});
