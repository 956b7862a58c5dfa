import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileMessages } from '@skillroute/shared/auth';
import { errorMessages } from '@skillroute/shared/errors';
import { createUser } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { users } from '../../db/schema';
import { multipart, signedInUser } from '../users/test-support';

/**
 * A person's language (issue 31): null until they choose one; chosen on the profile, or sent by the browser they
 * sign up or sign in from once they chose it there (their latest choice wins).
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
});
afterAll(() => t.close());

const storedLocale = async (id: string) =>
  (await t.app.db.select({ locale: users.locale }).from(users).where(eq(users.id, id)))[0]?.locale;

async function readOwn(person: { id: string; cookie: string }) {
  const read = await t.app.inject({
    method: 'GET',
    url: `/api/user/${person.id}`,
    headers: { cookie: person.cookie },
  });
  expect(read.statusCode, read.body).toBe(200);
  return read.json().user as { locale?: string | null };
}

async function updateForm(person: { id: string; cookie: string }, fields: Record<string, string>) {
  const { payload, headers } = await multipart({ userId: person.id, ...fields });
  return t.app.inject({
    method: 'PUT',
    url: '/api/user/update',
    payload,
    headers: { ...headers, cookie: person.cookie },
  });
}

describe('choosing a language on the profile', () => {
  it('is absent until chosen, then stored and read back (multipart as the browser sends it, or JSON)', async () => {
    const person = await signedInUser(t, { name: 'Meera', email: 'meera@example.org' });
    expect(await readOwn(person)).not.toHaveProperty('locale');
    expect(await storedLocale(person.id)).toBeNull();

    const chosen = await updateForm(person, { locale: 'hi' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ message: profileMessages.updated, user: { locale: 'hi' } });
    expect(await storedLocale(person.id)).toBe('hi');
    expect((await readOwn(person)).locale).toBe('hi');

    const back = await t.app.inject({
      method: 'PUT',
      url: '/api/user/update',
      headers: { cookie: person.cookie },
      payload: { userId: person.id, locale: 'en' },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().user.locale).toBe('en');
    expect((await readOwn(person)).locale).toBe('en');
  });

  it('refuses a language it does not speak with 400 in the envelope, and changes nothing', async () => {
    const person = await signedInUser(t, { name: 'Farid', email: 'farid@example.org' });
    expect((await updateForm(person, { locale: 'hi' })).statusCode).toBe(200);
    for (const locale of ['fr', 'HI', '']) {
      const refused = await updateForm(person, { locale });
      expect(refused.statusCode, locale).toBe(400);
      expect(refused.json(), locale).toEqual({
        message: errorMessages.badRequest,
        errors: [{ message: 'Choose English or Hindi', field: 'locale' }],
      });
    }
    expect(await storedLocale(person.id)).toBe('hi');
  });

  it('is one change, like the others', async () => {
    const person = await signedInUser(t, { name: 'Omar', email: 'omar@example.org' });
    const refused = await updateForm(person, { locale: 'hi', name: 'Omer' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(profileMessages.oneChangeAtATime);
    expect(await storedLocale(person.id)).toBeNull();
  });

  it('is stored for its own account only', async () => {
    const person = await signedInUser(t, { name: 'Lata', email: 'lata@example.org' });
    const other = await createUser(t.app.db, { email: 'other-lata@example.org', name: 'Other' });
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/user/update',
      headers: { cookie: person.cookie },
      payload: { userId: other.id, locale: 'hi' },
    });
    expect(refused.statusCode).toBe(403);
    expect(await storedLocale(other.id)).toBeNull();
  });
});
