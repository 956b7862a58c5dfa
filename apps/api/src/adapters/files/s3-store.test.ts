import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '../../../test/s3-server';
import { FileStoreUnavailableError, IMMUTABLE_CACHE_CONTROL } from './file-store';
import { createS3FileStore, type S3StoreOptions } from './s3-store';

// A real S3-compatible server (s3rver) on loopback: it checks the SigV4 signature of every signed request.
let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server('avatars-bucket');
});
afterAll(() => s3.close());

const store = (overrides: Partial<S3StoreOptions> = {}) =>
  createS3FileStore({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: s3.region,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    ...overrides,
  });

/** What a browser gets for the URL: an unsigned GET, as from a bucket with public reads. */
async function read(url: string) {
  const response = await fetch(url);
  return {
    status: response.status,
    bytes: Buffer.from(await response.arrayBuffer()),
    headers: response.headers,
  };
}

describe('S3 file store, against an S3-compatible server', () => {
  it('uploads path-style, and the URL it returns serves the same bytes with their type and cache header', async () => {
    const bytes = Buffer.from('RIFF....WEBPfake image bytes');
    const { url } = await store().put('avatars/u1/a.webp', bytes, 'image/webp');
    expect(url).toBe(`${s3.endpoint}/avatars-bucket/avatars/u1/a.webp`);
    const served = await read(url);
    expect(served.status).toBe(200);
    expect(served.bytes.equals(bytes)).toBe(true);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe(IMMUTABLE_CACHE_CONTROL);
  });

  it('replaces the object under a key', async () => {
    const { url } = await store().put('avatars/u2/a.webp', Buffer.from('first'), 'image/webp');
    await store().put('avatars/u2/a.webp', Buffer.from('second'), 'image/webp');
    expect((await read(url)).bytes.toString()).toBe('second');
  });

  it('deletes the object, and deleting it again is no error', async () => {
    const { url } = await store().put('avatars/u3/a.webp', Buffer.from('x'), 'image/webp');
    await store().remove('avatars/u3/a.webp');
    expect((await read(url)).status).toBe(404);
    await expect(store().remove('avatars/u3/a.webp')).resolves.toBeUndefined();
  });

  it('treats a DELETE answered 404 as done', async () => {
    // s3rver answers 204 for a missing object; a missing bucket gets the 404 some other servers give.
    await expect(store({ bucket: 'no-such-bucket' }).remove('avatars/u1/a.webp')).resolves.toBeUndefined();
  });

  it('fails loudly, with the status and the server text, when the store refuses', async () => {
    await expect(
      store({ secretAccessKey: 'not-the-secret' }).put('avatars/u4/a.webp', Buffer.from('x'), 'image/webp'),
    ).rejects.toThrow(/S3 PUT \/avatars-bucket\/avatars\/u4\/a\.webp answered 403: .*SignatureDoesNotMatch/s);
    await expect(store({ secretAccessKey: 'not-the-secret' }).remove('avatars/u4/a.webp')).rejects.toThrow(
      /answered 403/,
    );
    await expect(
      store({ bucket: 'no-such-bucket' }).put('avatars/u4/a.webp', Buffer.from('x'), 'image/webp'),
    ).rejects.toThrow(/answered 404: .*NoSuchBucket/s);
    expect((await read(`${s3.endpoint}/avatars-bucket/avatars/u4/a.webp`)).status).toBe(404);
  });

  it('says it is unavailable (so the client hears 503, not 500) when the store refuses or does not answer', async () => {
    await expect(
      store({ bucket: 'no-such-bucket' }).put('avatars/u5/a.webp', Buffer.from('x'), 'image/webp'),
    ).rejects.toBeInstanceOf(FileStoreUnavailableError);
    // Nothing listens on port 1.
    const unanswered = store({ endpoint: 'http://127.0.0.1:1' }).put(
      'avatars/u5/a.webp',
      Buffer.from('x'),
      'image/webp',
    );
    await expect(unanswered).rejects.toBeInstanceOf(FileStoreUnavailableError);
    await expect(unanswered).rejects.toThrow('S3 PUT /avatars-bucket/avatars/u5/a.webp got no answer.');
  });

  it('refuses keys that would leave the bucket prefix', async () => {
    await expect(store().put('../other-bucket/x', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /Refusing the file key/,
    );
    await expect(store().remove('/etc/passwd')).rejects.toThrow(/Refusing the file key/);
  });

  it('knows its own URLs and only those', () => {
    expect(store().keyFromUrl(`${s3.endpoint}/avatars-bucket/avatars/u1/a.webp`)).toBe('avatars/u1/a.webp');
    expect(store().keyFromUrl(`${s3.endpoint}/another-bucket/avatars/u1/a.webp`)).toBeUndefined();
    expect(store().keyFromUrl(`${s3.endpoint}/avatars-bucket/avatars/%E0.webp`)).toBeUndefined();
    expect(store().keyFromUrl('https://lh3.googleusercontent.com/a/photo')).toBeUndefined();
  });

  it('defaults to the regional AWS endpoint', () => {
    const aws = createS3FileStore({
      bucket: 'b',
      endpoint: undefined,
      region: 'eu-central-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
    expect(aws.keyFromUrl('https://s3.eu-central-1.amazonaws.com/b/avatars/x.webp')).toBe('avatars/x.webp');
  });
});
