import {
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_SKIP_MAX,
  notificationListResponseSchema,
} from '@skillroute/shared/notifications';
import { errorMessages } from '@skillroute/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { codeIn, createRecordingMailer, type RecordingMailer } from '../../../test/mail';
import { cookieHeader, cookiesOf } from '../../../test/sessions';
import { createSignedInUser, type SignedIn } from '../../../test/sockets';
import { notify } from '../../../test/notify';

let t: TestApp;
let mailer: RecordingMailer;
let ada: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  mailer = createRecordingMailer();
  t = await buildTestApp({ mailer });
  ada = await createSignedInUser(t, 'ada@example.org');
  bob = await createSignedInUser(t, 'bob@example.org');
});
afterAll(() => t.close());

const list = (who: SignedIn | undefined, email: string, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/user/notifications/${encodeURIComponent(email)}${query}`,
    headers: who ? { cookie: who.cookie } : {},
  });
const count = (who: SignedIn | undefined, email: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/user/notifications/notification-count/${encodeURIComponent(email)}`,
    headers: who ? { cookie: who.cookie } : {},
  });
const markRead = (who: SignedIn | undefined, body: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/notifications/read',
    payload: body as object,
    headers: who ? { cookie: who.cookie } : {},
  });

async function page(who: SignedIn, skip: number) {
  const response = await list(who, who.email, `?skip=${skip}`);
  expect(response.statusCode).toBe(200);
  return notificationListResponseSchema.parse(response.json());
}

describe('the list, the count and mark-read', () => {
  it('pages 45 notifications as 20, 20 and 5, newest first, with hasMore', async () => {
    for (let i = 1; i <= 45; i += 1)
      await notify(t.app, ada.id, {
        type: 'booking_reminder',
        message: `Reminder ${i}`,
        link: `/bookings/${i}`,
      });

    const first = await page(ada, 0);
    const second = await page(ada, NOTIFICATIONS_PAGE_SIZE);
    const third = await page(ada, 2 * NOTIFICATIONS_PAGE_SIZE);
    expect([first.notifications.length, second.notifications.length, third.notifications.length]).toEqual([
      20, 20, 5,
    ]);
    expect([first.hasMore, second.hasMore, third.hasMore]).toEqual([true, true, false]);
    const messages = [...first.notifications, ...second.notifications, ...third.notifications].map(
      (item) => item.message,
    );
    expect(messages).toEqual(Array.from({ length: 45 }, (_, i) => `Reminder ${45 - i}`));
    expect(first.notifications[0]).toEqual({
      id: expect.any(String),
      type: 'booking_reminder',
      message: 'Reminder 45',
      link: '/bookings/45',
      read: false,
      createdAt: expect.any(String),
    });
    // No skip means the first page; a skip past the end is an empty last page.
    expect(
      notificationListResponseSchema.parse((await list(ada, ada.email)).json()).notifications[0]?.message,
    ).toBe('Reminder 45');
    expect(await page(ada, 45)).toEqual({ notifications: [], hasMore: false });
  });

  it('counts unread ones; marking one, then all, read brings the count down and shows in the list', async () => {
    expect((await count(ada, ada.email)).json()).toEqual({ notificationCount: 45 });
    const [newest, second] = (await page(ada, 0)).notifications;

    const one = await markRead(ada, { ids: [newest!.id] });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ notificationCount: 44 });
    expect((await count(ada, ada.email)).json()).toEqual({ notificationCount: 44 });
    const after = (await page(ada, 0)).notifications;
    expect(after.slice(0, 2).map((item) => [item.id, item.read])).toEqual([
      [newest!.id, true],
      [second!.id, false],
    ]);
    // Marking an already read one again changes nothing.
    expect((await markRead(ada, { ids: [newest!.id] })).json()).toEqual({ notificationCount: 44 });

    expect((await markRead(ada, {})).json()).toEqual({ notificationCount: 0 });
    expect((await count(ada, ada.email)).json()).toEqual({ notificationCount: 0 });
    expect((await page(ada, 40)).notifications.every((item) => item.read)).toBe(true);
  });

  it("leaves another person's notifications alone when their ids are sent", async () => {
    const bobs = await notify(t.app, bob.id, {
      type: 'payment_failed',
      message: 'Your payment failed',
    });
    const response = await markRead(ada, { ids: [bobs.id] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ notificationCount: 0 });
    expect((await count(bob, bob.email)).json()).toEqual({ notificationCount: 1 });
    // Nor does mark-all of one person reach another's.
    await markRead(ada, {});
    expect((await count(bob, bob.email)).json()).toEqual({ notificationCount: 1 });
  });

  it('accepts the own e-mail in any letter case', async () => {
    expect((await count(ada, 'ADA@Example.ORG')).statusCode).toBe(200);
    expect((await list(ada, 'Ada@example.org')).statusCode).toBe(200);
  });
});

describe('refusals', () => {
  it("refuses another person's e-mail with 403, and says nothing of theirs", async () => {
    for (const response of [
      await list(ada, bob.email),
      await count(ada, bob.email),
      await list(ada, 'nobody@example.org'),
      await count(ada, 'not-an-email'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: errorMessages.forbidden,
        errors: [{ message: errorMessages.forbidden }],
      });
    }
  });

  it('refuses anyone not signed in with 401', async () => {
    for (const response of [
      await list(undefined, ada.email),
      await count(undefined, ada.email),
      await markRead(undefined, {}),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(errorMessages.unauthorized);
    }
  });

  it.each([
    ['negative', '-1', 'skip must not be negative'],
    ['not a number', 'abc', 'skip must be a number'],
    ['a fraction', '1.5', 'skip must be a whole number'],
    ['huge', String(NOTIFICATIONS_SKIP_MAX + 1), `skip must not exceed ${NOTIFICATIONS_SKIP_MAX}`],
    ['far too huge', '1e400', 'skip must be a number'],
  ])('refuses a skip that is %s with 400', async (_case, skip, message) => {
    const response = await list(ada, ada.email, `?skip=${skip}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ message, field: 'skip' });
  });

  it.each([
    ['an id that is not a uuid', { ids: ['42'] }, 'Each id must be a notification id'],
    ['ids that are not a list', { ids: 'all' }, 'ids must be a list of notification ids'],
    ['an empty list', { ids: [] }, 'Give at least one id, or leave ids out to mark all as read'],
  ])('refuses %s with 400 and marks nothing', async (_case, body, message) => {
    await notify(t.app, bob.id, { type: 'review_received', message: 'A new review' });
    const before = (await count(bob, bob.email)).json();
    const response = await markRead(bob, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toBe(message);
    expect((await count(bob, bob.email)).json()).toEqual(before);
  });
});

describe('the first real notifications', () => {
  it('welcomes an account once its e-mail is verified', async () => {
    const email = 'newcomer@example.org';
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/',
          payload: { name: 'Newcomer', email, password: 'secret-pass-1' },
        })
      ).statusCode,
    ).toBe(201);
    const code = codeIn((await mailer.waitFor(email, /code/)).text);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { email, otp: code },
    });
    expect(verified.statusCode).toBe(200);
    const cookie = cookieHeader({ accessToken: cookiesOf(verified).accessToken });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/user/notifications/${email}`,
      headers: { cookie },
    });
    expect(response.json()).toEqual({
      notifications: [
        {
          id: expect.any(String),
          type: 'welcome',
          message: expect.stringContaining('Welcome'),
          link: '/',
          read: false,
          createdAt: expect.any(String),
        },
      ],
      hasMore: false,
    });
  });

  it('tells a signed-in account about a new sign-in, and not a first one', async () => {
    // Bob is signed in once already (beforeAll); Carol signs in for the first time.
    const before = (await count(bob, bob.email)).json().notificationCount as number;
    await createSignedInUser(t, 'carol@example.org').then(async (carol) => {
      expect((await count(carol, carol.email)).json()).toEqual({ notificationCount: 0 });
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: bob.email, password: 'secret-pass-1' },
      remoteAddress: '10.2.0.1',
    });
    expect(again.statusCode).toBe(200);
    expect((await count(bob, bob.email)).json()).toEqual({ notificationCount: before + 1 });
    expect((await page(bob, 0)).notifications[0]).toMatchObject({
      type: 'security',
      message: 'New sign-in to your account',
      link: '/profile/general',
    });
  });
});
