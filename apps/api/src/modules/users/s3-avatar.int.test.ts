import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE_CONTROL } from '../../adapters/files/file-store';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { startS3Server, type S3Server } from '../../../test/s3-server';
import { multipart, signedInUser } from './test-support';

// With FILE_STORAGE=s3 the avatar goes to the bucket (a real S3-compatible server here, s3rver, which checks
// the signature of every request) and the bucket serves it; the api serves no files.
let s3: S3Server;
let testApp: TestApp;

beforeAll(async () => {
  s3 = await startS3Server('skillroute-avatars');
  testApp = await buildTestApp({
    env: {
      FILE_STORAGE: 's3',
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    },
  });
});
afterAll(async () => {
  await testApp.close();
  await s3.close();
});

describe('avatars with FILE_STORAGE=s3', () => {
  it('stores the WebP in the bucket, which serves it at the account’s avatar URL, and removes the replaced one', async () => {
    const user = await signedInUser(testApp, { email: 'ada@example.org' });
    const upload = async (background: string) => {
      const png = await sharp({ create: { width: 800, height: 800, channels: 3, background } })
        .png()
        .toBuffer();
      const { payload, headers } = await multipart({
        userId: user.id,
        avatar: { bytes: png, filename: 'me.png', type: 'image/png' },
      });
      const response = await testApp.app.inject({
        method: 'PUT',
        url: '/api/user/update',
        payload,
        headers: { ...headers, cookie: user.cookie },
      });
      expect(response.statusCode).toBe(200);
      return response.json().user.avatar as string;
    };
    /** The avatar as a browser fetches it: straight from the bucket, unsigned. */
    const served = async (url: string) => {
      const response = await fetch(url);
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        cache: response.headers.get('cache-control'),
        bytes: Buffer.from(await response.arrayBuffer()),
      };
    };

    const first = await upload('#abcdef');
    expect(first).toMatch(
      new RegExp(`^${s3.endpoint}/skillroute-avatars/avatars/${user.id}/[0-9a-f-]{36}\\.webp$`),
    );
    const firstServed = await served(first);
    expect(firstServed).toMatchObject({ status: 200, type: 'image/webp', cache: IMMUTABLE_CACHE_CONTROL });
    expect(await sharp(firstServed.bytes).metadata()).toMatchObject({ format: 'webp' });
    const { data: firstPixel } = await sharp(firstServed.bytes)
      .raw()
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .toBuffer({ resolveWithObject: true });

    const second = await upload('#123456');
    expect(second).not.toBe(first);
    const secondServed = await served(second);
    expect(secondServed).toMatchObject({ status: 200, type: 'image/webp' });
    const { data: secondPixel } = await sharp(secondServed.bytes)
      .raw()
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .toBuffer({ resolveWithObject: true });
    expect(secondPixel.equals(firstPixel)).toBe(false);
    // The replaced object is gone from the bucket.
    expect((await served(first)).status).toBe(404);

    const me = await testApp.app.inject({
      method: 'GET',
      url: `/api/user/${user.id}`,
      headers: { cookie: user.cookie },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.avatar).toBe(second);
    expect(
      (await testApp.app.inject({ method: 'GET', url: `/uploads/avatars/${user.id}/x.webp` })).statusCode,
    ).toBe(404);
  });
});
