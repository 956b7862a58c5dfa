import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityMessages } from '@skillroute/shared/availability';
import { startFakeGoogle, type FakeGoogle } from '../../adapters/google/fake-google';
import { createUser } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { codeIn, createRecordingMailer, type RecordingMailer } from '../../../test/mail';
import { cookieHeader, cookiesOf } from '../../../test/sessions';

/**
 * Everyone's own time zone (DESIGN.md §4b): the browser's is kept from sign-up and every sign-in while the
 * person has not chosen one; once they choose on their profile, their choice wins.
 */

let t: TestApp;
let mailer: RecordingMailer;
let google: FakeGoogle;
const password = 'secret-pass-1';

beforeAll(async () => {
  mailer = createRecordingMailer();
  google = await startFakeGoogle();
  t = await buildTestApp({
    mailer,
    env: { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl, RATE_LIMIT_MAX: '1000000' },
  });
});
afterAll(async () => {
  await t.close();
  await google.close();
});

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/auth${url}`, payload });

async function ownAccount(response: Awaited<ReturnType<typeof post>>) {
  const cookie = cookieHeader(cookiesOf(response));
  const { id } = response.json().user as { id: string };
  const read = await t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: { cookie } });
  expect(read.statusCode, read.body).toBe(200);
  return { id, cookie, timezone: read.json().user.timezone as string };
}

const chooseZone = (person: { id: string; cookie: string }, timezone: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/update',
    headers: { cookie: person.cookie },
    payload: { userId: person.id, timezone },
  });

describe('a person’s time zone', () => {
  it('is the browser’s from sign-up and verification', async () => {
    const email = 'nyc-signup@example.org';
    expect((await post('/', { name: 'Nia', email, password, timezone: 'America/New_York' })).statusCode).toBe(
      201,
    );
    const code = codeIn((await mailer.waitFor(email, /code/)).text);
    const verified = await post('/verify-otp', { email, otp: code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().user.timezone).toBe('America/New_York');
    expect((await ownAccount(verified)).timezone).toBe('America/New_York');
  });

  it('takes the browser’s at sign-in while none was chosen, and keeps a chosen one', async () => {
    const email = 'traveller@example.org';
    await createUser(t.app.db, { email, password, name: 'Tess' });
    const first = await post('/login', { email, password, timezone: 'Europe/Berlin' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().user.timezone).toBe('Europe/Berlin');
    const person = await ownAccount(first);
    expect(person.timezone).toBe('Europe/Berlin');

    // Signing in from another browser while nothing was chosen moves the zone with them.
    const moved = await post('/login', { email, password, timezone: 'America/New_York' });
    expect(moved.json().user.timezone).toBe('America/New_York');

    const chosen = await chooseZone(person, 'Asia/Tokyo');
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().user.timezone).toBe('Asia/Tokyo');

    const later = await post('/login', { email, password, timezone: 'Europe/Berlin' });
    expect(later.json().user.timezone).toBe('Asia/Tokyo');
    expect((await ownAccount(later)).timezone).toBe('Asia/Tokyo');
  });

  it('reads India’s for a person whose zone is not known, and keeps it without a browser’s', async () => {
    const email = 'no-zone@example.org';
    await createUser(t.app.db, { email, password, name: 'Ira' });
    const signedIn = await post('/login', { email, password });
    expect(signedIn.json().user.timezone).toBe('Asia/Kolkata');
    expect((await ownAccount(signedIn)).timezone).toBe('Asia/Kolkata');
  });

  it('is the browser’s after a Google sign-in, unless chosen', async () => {
    const credential = await google.idToken({ subject: 'tz-sub', claims: { email: 'goog-tz@example.org' } });
    const first = await post('/google-login', { credential, timezone: 'America/New_York' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().user.timezone).toBe('America/New_York');
    const person = await ownAccount(first);
    expect((await chooseZone(person, 'Europe/Berlin')).statusCode).toBe(200);
    const again = await post('/google-login', {
      credential: await google.idToken({ subject: 'tz-sub', claims: { email: 'goog-tz@example.org' } }),
      timezone: 'America/New_York',
    });
    expect(again.json().user.timezone).toBe('Europe/Berlin');
  });

  it('refuses a zone that is not one, at sign-in and on the profile, with 400 and the message', async () => {
    const email = 'bad-zone@example.org';
    await createUser(t.app.db, { email, password, name: 'Bea' });
    for (const timezone of ['Mars/Olympus', '+05:30', 'x'.repeat(100)]) {
      const refused = await post('/login', { email, password, timezone });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toContainEqual(
        expect.objectContaining({ message: availabilityMessages.timezoneUnknown, field: 'timezone' }),
      );
    }
    const person = await ownAccount(await post('/login', { email, password }));
    const refused = await chooseZone(person, 'Nowhere/Special');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toContainEqual(
      expect.objectContaining({ message: availabilityMessages.timezoneUnknown, field: 'timezone' }),
    );
    expect((await ownAccount(await post('/login', { email, password }))).timezone).toBe('Asia/Kolkata');
  });

  it('keeps the name people use for India (Asia/Calcutta is Asia/Kolkata)', async () => {
    const email = 'calcutta@example.org';
    await createUser(t.app.db, { email, password, name: 'Kiran' });
    const signedIn = await post('/login', { email, password, timezone: 'Asia/Calcutta' });
    expect(signedIn.json().user.timezone).toBe('Asia/Kolkata');
  });
});
