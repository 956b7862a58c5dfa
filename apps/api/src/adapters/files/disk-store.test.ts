import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskFileStore } from './disk-store';
import { FileStoreUnavailableError, IMMUTABLE_CACHE_CONTROL } from './file-store';
import { serveUploads } from './serve-uploads';

let folder: string;
let uploadsDir: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'skillroute-disk-store-'));
  uploadsDir = path.join(folder, 'uploads');
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('disk file store', () => {
  it('writes the bytes under the key, leaves no temporary file, and answers with the /uploads URL', async () => {
    const store = createDiskFileStore(uploadsDir);
    const { url } = await store.put('avatars/u1/a.webp', Buffer.from('first'), 'image/webp');
    expect(url).toBe('/uploads/avatars/u1/a.webp');
    expect(readFileSync(path.join(uploadsDir, 'avatars/u1/a.webp'), 'utf8')).toBe('first');
    await store.put('avatars/u1/a.webp', Buffer.from('second'), 'image/webp');
    expect(readFileSync(path.join(uploadsDir, 'avatars/u1/a.webp'), 'utf8')).toBe('second');
    expect(readdirSync(path.join(uploadsDir, 'avatars/u1'))).toEqual(['a.webp']);
  });

  it('says it is unavailable, naming the folder and why, when the folder cannot be written', async () => {
    // Root writes through permission bits, so the folder is made unwritable by being a file.
    writeFileSync(uploadsDir, 'not a folder');
    const put = createDiskFileStore(uploadsDir).put('avatars/u1/a.webp', Buffer.from('x'), 'image/webp');
    await expect(put).rejects.toBeInstanceOf(FileStoreUnavailableError);
    await expect(put).rejects.toThrow(
      `The uploads folder ${uploadsDir} cannot take avatars/u1/a.webp (it is a file).`,
    );
  });

  it('removes a file, and removing it again is no error', async () => {
    const store = createDiskFileStore(uploadsDir);
    await store.put('avatars/u1/a.webp', Buffer.from('x'), 'image/webp');
    await store.remove('avatars/u1/a.webp');
    expect(existsSync(path.join(uploadsDir, 'avatars/u1/a.webp'))).toBe(false);
    await expect(store.remove('avatars/u1/a.webp')).resolves.toBeUndefined();
  });

  it('refuses keys that would climb out of the uploads folder', async () => {
    const store = createDiskFileStore(uploadsDir);
    writeFileSync(path.join(folder, 'secret.txt'), 'keep me');
    for (const key of [
      '../secret.txt',
      'avatars/../../secret.txt',
      '/etc/passwd',
      'a//b',
      '',
      'a\\..\\b',
      '.hidden',
    ]) {
      await expect(store.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow(
        /Refusing the file key/,
      );
      await expect(store.remove(key), key).rejects.toThrow(/Refusing the file key/);
    }
    expect(readFileSync(path.join(folder, 'secret.txt'), 'utf8')).toBe('keep me');
  });

  it('knows its own URLs and only those', () => {
    const store = createDiskFileStore(uploadsDir);
    expect(store.keyFromUrl('/uploads/avatars/u1/a.webp')).toBe('avatars/u1/a.webp');
    expect(store.keyFromUrl('/uploads/../secrets.json')).toBeUndefined();
    expect(store.keyFromUrl('https://lh3.googleusercontent.com/a/photo')).toBeUndefined();
  });
});

describe('serveUploads', () => {
  async function appServing() {
    const app = Fastify();
    await app.register(serveUploads, { uploadsDir });
    await app.ready();
    return app;
  }

  it('serves stored files read-only with a year-long immutable cache header', async () => {
    const store = createDiskFileStore(uploadsDir);
    await store.put('avatars/u1/a.webp', Buffer.from('image bytes'), 'image/webp');
    const app = await appServing();
    try {
      const response = await app.inject({ method: 'GET', url: '/uploads/avatars/u1/a.webp' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('image bytes');
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
      expect((await app.inject({ method: 'HEAD', url: '/uploads/avatars/u1/a.webp' })).statusCode).toBe(200);
      for (const method of ['PUT', 'POST', 'DELETE'] as const) {
        expect(
          (await app.inject({ method, url: '/uploads/avatars/u1/a.webp', payload: 'x' })).statusCode,
          method,
        ).toBe(404);
      }
      expect(existsSync(path.join(uploadsDir, 'avatars/u1/a.webp'))).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('publishes nothing outside the folder, no listings, and no half-written files', async () => {
    writeFileSync(path.join(folder, 'secrets.json'), '{"jwtSecret":"x"}');
    const app = await appServing();
    try {
      writeFileSync(path.join(uploadsDir, 'b.webp.1234.partial'), 'half');
      for (const url of [
        '/uploads/../secrets.json',
        '/uploads/%2e%2e/secrets.json',
        '/uploads/',
        '/uploads/b.webp.1234.partial',
        '/uploads/missing.webp',
      ]) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).not.toContain('jwtSecret');
      }
    } finally {
      await app.close();
    }
  });
});
