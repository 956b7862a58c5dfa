import { existsSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, avatarMessages, profileMessages } from '@skillroute/shared/auth';
import { errorMessages } from '@skillroute/shared/errors';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { users } from '../../db/schema';
import type { SignedInPerson } from '../../../test/accounts';
import { multipart, signedInUser } from './test-support';

let testApp: TestApp;
let ada: SignedInPerson;
let bob: SignedInPerson;

beforeAll(async () => {
  testApp = await buildTestApp();
  ada = await signedInUser(testApp, { name: 'Ada', email: 'ada@example.org' });
  bob = await signedInUser(testApp, { name: 'Bob', email: 'bob@example.org' });
});
afterAll(() => testApp.close());

const picture = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 900, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: '#cc3366' } })
    .toFormat(format)
    .toBuffer();

async function update(who: SignedInPerson | undefined, fields: Parameters<typeof multipart>[0]) {
  const { payload, headers } = await multipart(fields);
  return testApp.app.inject({
    method: 'PUT',
    url: '/api/user/update',
    payload,
    headers: { ...headers, ...(who ? { cookie: who.cookie } : {}) },
  });
}

const avatarFile = (bytes: Buffer, filename = 'me.png', type = 'image/png') => ({ bytes, filename, type });
const rowOf = async (id: string) => (await testApp.app.db.select().from(users).where(eq(users.id, id)))[0];
const uploadsOf = (id: string) => {
  const folder = path.join(testApp.config.dataDir, 'uploads', 'avatars', id);
  return existsSync(folder) ? readdirSync(folder) : [];
};

describe('GET /api/user/:id', () => {
  it("answers the signed-in user's own account, without private columns", async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/user/${ada.id}`,
      headers: { cookie: ada.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: {
        id: ada.id,
        name: 'Ada',
        email: 'ada@example.org',
        role: 'user',
        avatar: null,
        timezone: 'Asia/Kolkata',
      },
    });
  });

  it("refuses another user's id, and any other id, with 403", async () => {
    for (const id of [bob.id, 'not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/user/${id}`,
        headers: { cookie: ada.cookie },
      });
      expect(response.statusCode, id).toBe(403);
      expect(response.json(), id).toMatchObject({ message: errorMessages.forbidden });
    }
  });

  it('refuses a visitor who is not signed in with 401', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: `/api/user/${ada.id}` })).statusCode).toBe(401);
    expect(
      (
        await testApp.app.inject({
          method: 'GET',
          url: `/api/user/${ada.id}`,
          headers: { cookie: 'accessToken=forged.token.value' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('PUT /api/user/update: rename', () => {
  it('renames with a good name (trimmed) and answers the spec message', async () => {
    const response = await update(ada, { userId: ada.id, name: '  Adele ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: {
        id: ada.id,
        name: 'Adele',
        email: 'ada@example.org',
        role: 'user',
        avatar: null,
        timezone: 'Asia/Kolkata',
      },
      message: profileMessages.updated,
    });
    expect((await rowOf(ada.id))?.name).toBe('Adele');
  });

  it('accepts a JSON rename too', async () => {
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/user/update',
      payload: { userId: ada.id, name: 'Ada' },
      headers: { cookie: ada.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.name).toBe('Ada');
  });

  it('refuses names against the spec rule with its messages, on the field name', async () => {
    const cases = [
      ['Al', 'Name must be at least 3 characters long'],
      ['Bartholomew', 'Name should be under 10 characters'],
      ['Ada1', 'Username must only contain alphabets'],
      ['Ada Byron', 'Username must only contain alphabets'],
    ] as const;
    for (const [name, message] of cases) {
      const response = await update(ada, { userId: ada.id, name });
      expect(response.statusCode, name).toBe(400);
      expect(response.json().errors, name).toContainEqual({ message, field: 'name' });
    }
    expect((await rowOf(ada.id))?.name).toBe('Ada');
  });

  it("refuses another user's id with 403 whatever the body says, and changes nothing", async () => {
    const attempts: Array<Parameters<typeof multipart>[0]> = [
      { userId: bob.id, name: 'Mallory' },
      { userId: bob.id, name: 'x' },
      { userId: bob.id, avatar: avatarFile(await picture('png')) },
    ];
    for (const fields of attempts) {
      const response = await update(ada, fields);
      expect(response.statusCode).toBe(403);
    }
    const json = await testApp.app.inject({
      method: 'PUT',
      url: '/api/user/update',
      payload: { userId: bob.id, name: 'Mallory' },
      headers: { cookie: ada.cookie },
    });
    expect(json.statusCode).toBe(403);
    expect(await rowOf(bob.id)).toMatchObject({ name: 'Bob', avatar: null });
    expect(uploadsOf(bob.id)).toEqual([]);
  });

  it('refuses a visitor who is not signed in with 401, before reading the upload', async () => {
    const response = await update(undefined, { userId: ada.id, avatar: avatarFile(await picture('png')) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: errorMessages.unauthorized });
  });

  it('refuses a form without userId, or with neither name nor avatar, or with both', async () => {
    const noUser = await update(ada, { name: 'Adele' });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json().errors[0]).toMatchObject({ field: 'userId' });

    const nothing = await update(ada, { userId: ada.id });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({
      message: profileMessages.nothingToUpdate,
      errors: [{ message: avatarMessages.missing, field: 'avatar' }],
    });

    const both = await update(ada, {
      userId: ada.id,
      name: 'Adele',
      avatar: avatarFile(await picture('png')),
    });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ message: profileMessages.oneChangeAtATime });
    expect(await rowOf(ada.id)).toMatchObject({ name: 'Ada', avatar: null });
  });
});

describe('PUT /api/user/update: avatar', () => {
  it('stores png, jpeg and webp uploads as 512 px WebP without EXIF, served from /uploads, replacing the old file', async () => {
    const exifJpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#123456' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'where I live' } })
      .toBuffer();
    const uploads = [
      avatarFile(await picture('png')),
      avatarFile(exifJpeg, 'me.jpg', 'image/jpeg'),
      avatarFile(await picture('webp'), 'me.webp', 'image/webp'),
    ];
    let previous: string | null = null;
    for (const file of uploads) {
      const response = await update(ada, { userId: ada.id, avatar: file });
      expect(response.statusCode, file.filename).toBe(200);
      const { user, message } = response.json();
      expect(message).toBe(profileMessages.updated);
      expect(user.avatar).toMatch(new RegExp(`^/uploads/avatars/${ada.id}/[0-9a-f-]{36}\\.webp$`));
      expect(user.avatar).not.toBe(previous);
      expect((await rowOf(ada.id))?.avatar).toBe(user.avatar);

      const served = await testApp.app.inject({ method: 'GET', url: user.avatar });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toContain('immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 512 });
      expect(meta.exif).toBeUndefined();
      // Only the current avatar is kept.
      expect(uploadsOf(ada.id)).toEqual([path.basename(user.avatar)]);
      if (previous !== null)
        expect((await testApp.app.inject({ method: 'GET', url: previous })).statusCode).toBe(404);
      previous = user.avatar;
    }
  });

  describe('refusals, which leave the current avatar as it was', () => {
    let before: string | null | undefined;
    beforeAll(async () => {
      before = (await rowOf(ada.id))?.avatar;
    });
    const expectUnchanged = async () => {
      expect((await rowOf(ada.id))?.avatar).toBe(before);
      expect(uploadsOf(ada.id)).toHaveLength(before ? 1 : 0);
    };

    it('a text file named .png: 415 with the spec message', async () => {
      const response = await update(ada, {
        userId: ada.id,
        avatar: avatarFile(Buffer.from('I am not an image, whatever my name says.'), 'cat.png', 'image/png'),
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        message: avatarMessages.type,
        errors: [{ message: avatarMessages.type, field: 'avatar' }],
      });
      await expectUnchanged();
    });

    it('a GIF: 415', async () => {
      const response = await update(ada, {
        userId: ada.id,
        avatar: avatarFile(await picture('gif', 50, 50), 'cat.gif', 'image/gif'),
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().errors[0].message).toBe(avatarMessages.type);
      await expectUnchanged();
    });

    // Two multi-megabyte bodies built and read: on a busy two-core machine this once took over 30 s. The test is
    // about the 413, not about speed, so it gets room.
    it('a 6 MB file, and one just over 5 MB: 413 with the spec message', { timeout: 120_000 }, async () => {
      const png = await picture('png', 10, 10);
      for (const size of [6 * 1024 * 1024, AVATAR_MAX_BYTES + 1024]) {
        const big = Buffer.alloc(size);
        png.copy(big);
        const response = await update(ada, { userId: ada.id, avatar: avatarFile(big) });
        expect(response.statusCode, String(size)).toBe(413);
        expect(response.json(), String(size)).toEqual({
          message: avatarMessages.size,
          errors: [{ message: avatarMessages.size, field: 'avatar' }],
        });
      }
      await expectUnchanged();
    });

    it('a corrupt PNG (right magic bytes, garbage after): 400 with the processing message, not a 500', async () => {
      const corrupt = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.from('garbage '.repeat(500)),
      ]);
      const response = await update(ada, { userId: ada.id, avatar: avatarFile(corrupt) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: avatarMessages.processing,
        errors: [{ message: avatarMessages.processing, field: 'avatar' }],
      });
      await expectUnchanged();
    });

    it('an empty file: 400 "Please select a file"', async () => {
      const response = await update(ada, { userId: ada.id, avatar: avatarFile(Buffer.alloc(0)) });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toEqual({ message: avatarMessages.missing, field: 'avatar' });
      await expectUnchanged();
    });

    it('two files, a file under another name, or a field sent twice: 400', async () => {
      const png = await picture('png', 20, 20);
      const form = new FormData();
      form.append('userId', ada.id);
      form.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
      form.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'b.png');
      const request = new Request('http://localhost/', { method: 'PUT', body: form });
      const twoFiles = await testApp.app.inject({
        method: 'PUT',
        url: '/api/user/update',
        payload: Buffer.from(await request.arrayBuffer()),
        headers: { 'content-type': request.headers.get('content-type') ?? '', cookie: ada.cookie },
      });
      expect(twoFiles.statusCode).toBe(400);
      expect((await update(ada, { userId: ada.id, picture: avatarFile(png) })).statusCode).toBe(400);
      await expectUnchanged();
    });

    it('a malformed multipart body: 400, not a 500', async () => {
      const response = await testApp.app.inject({
        method: 'PUT',
        url: '/api/user/update',
        payload:
          '--xyz\r\nContent-Disposition: form-data; name="userId"\r\n\r\nabc\r\n--xyz\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n\r\n\x89PNG',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz', cookie: ada.cookie },
      });
      expect(response.statusCode).toBe(400);
      const noBoundary = await testApp.app.inject({
        method: 'PUT',
        url: '/api/user/update',
        payload: 'abc',
        headers: { 'content-type': 'multipart/form-data', cookie: ada.cookie },
      });
      expect(noBoundary.statusCode).toBe(400);
      await expectUnchanged();
    });
  });
});

describe('PUT /api/user/update: an avatar while the uploads folder cannot be written', () => {
  const uploadsDir = () => path.join(testApp.config.dataDir, 'uploads');
  const aside = () => `${uploadsDir()}-aside`;
  afterAll(() => {
    rmSync(uploadsDir(), { force: true });
    renameSync(aside(), uploadsDir());
  });

  it('answers 503 with the storage message and leaves the account as it was', async () => {
    const before = (await rowOf(bob.id))?.avatar;
    // Root writes through permission bits, so the folder is made unwritable by becoming a file.
    renameSync(uploadsDir(), aside());
    writeFileSync(uploadsDir(), 'not a folder');

    const response = await update(bob, { userId: bob.id, avatar: avatarFile(await picture('png', 40, 40)) });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: avatarMessages.storageUnavailable,
      errors: [{ message: avatarMessages.storageUnavailable }],
    });
    expect((await rowOf(bob.id))?.avatar).toBe(before);
    expect(testApp.logs.some((line) => line.msg === 'the file store cannot take an avatar')).toBe(true);
  });
});
