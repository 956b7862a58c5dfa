import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { multipart, signedInUser } from './test-support';

// With FILE_STORAGE=s3 the avatar goes to the bucket (a local stand-in here) and the api serves no files.
let s3: Server;
let endpoint: string;
const received: Array<{ method: string; path: string; bytes: number; authorization: string }> = [];
let testApp: TestApp;

beforeAll(async () => {
  s3 = createServer((request, response) => {
    let bytes = 0;
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      received.push({ method: request.method ?? '', path: request.url ?? '', bytes, authorization: String(request.headers.authorization) });
      response.statusCode = request.method === 'DELETE' ? 204 : 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => s3.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(s3.address() as AddressInfo).port}`;
  testApp = await buildTestApp({
    env: { FILE_STORAGE: 's3', S3_BUCKET: 'skillroute-avatars', S3_REGION: 'eu-central-1', S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'KEYID', S3_SECRET_ACCESS_KEY: 'secret' },
  });
});
afterAll(async () => {
  await testApp.close();
  await new Promise<void>((resolve) => s3.close(() => resolve()));
});

describe('avatars with FILE_STORAGE=s3', () => {
  it('PUTs the WebP into the bucket, points the account at it, and removes the replaced object', async () => {
    const user = await signedInUser(testApp, { email: 'ada@example.org' });
    const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#abcdef' } })
      .png()
      .toBuffer();
    const upload = async () => {
      const { payload, headers } = await multipart({ userId: user.id, avatar: { bytes: png, filename: 'me.png', type: 'image/png' } });
      const response = await testApp.app.inject({ method: 'PUT', url: '/api/user/update', payload, headers: { ...headers, cookie: user.cookie } });
      expect(response.statusCode).toBe(200);
      return response.json().user.avatar as string;
    };

    const first = await upload();
    expect(first).toMatch(new RegExp(`^${endpoint}/skillroute-avatars/avatars/${user.id}/[0-9a-f-]{36}\\.webp$`));
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'PUT', path: new URL(first).pathname });
    expect(received[0]?.bytes).toBeGreaterThan(0);
    expect(received[0]?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=KEYID\//);

    const second = await upload();
    expect(received.map((request) => `${request.method} ${request.path}`)).toEqual([`PUT ${new URL(first).pathname}`, `PUT ${new URL(second).pathname}`, `DELETE ${new URL(first).pathname}`]);
    expect((await testApp.app.inject({ method: 'GET', url: `/uploads/avatars/${user.id}/x.webp` })).statusCode).toBe(404);
  });
});
