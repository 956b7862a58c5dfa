import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE_CONTROL } from './file-store';
import { sha256Hex, signS3Request } from './s3-signature';
import { createS3FileStore } from './s3-store';

interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

const credentials = { accessKeyId: 'TESTKEYID', secretAccessKey: 'test-secret-key', region: 'eu-central-1' };
const fixedNow = new Date('2026-03-01T12:00:00Z');

// A stand-in S3 server: it records each request and answers with the status the test chose.
let server: Server;
let endpoint: string;
let received: Received[] = [];
let answerStatus = 200;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = answerStatus;
      response.end(answerStatus >= 400 ? '<Error><Code>AccessDenied</Code></Error>' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
  answerStatus = 200;
});

const store = () => createS3FileStore({ ...credentials, bucket: 'avatars-bucket', endpoint, now: () => fixedNow });

/** The signature the server would compute from what actually arrived. */
function recomputedSignature(request: Received): string {
  const signedHeaders = /SignedHeaders=([^,]+)/.exec(String(request.headers.authorization))?.[1]?.split(';') ?? [];
  const headers: Record<string, string> = {};
  for (const name of signedHeaders) if (name !== 'host' && name !== 'x-amz-date' && name !== 'x-amz-content-sha256') headers[name] = String(request.headers[name]);
  return signS3Request({ method: request.method, url: new URL(`http://${request.headers.host}${request.path}`), headers, payloadHash: sha256Hex(request.body), now: fixedNow }, credentials).signature;
}

describe('S3 file store', () => {
  it('PUTs the object path-style, signed, with its type and cache headers, and returns its URL', async () => {
    const bytes = Buffer.from('RIFF....WEBPfake image bytes');
    const { url } = await store().put('avatars/u1/a.webp', bytes, 'image/webp');
    expect(url).toBe(`${endpoint}/avatars-bucket/avatars/u1/a.webp`);
    expect(received).toHaveLength(1);
    const [request] = received as [Received];
    expect(request.method).toBe('PUT');
    expect(request.path).toBe('/avatars-bucket/avatars/u1/a.webp');
    expect(request.body.equals(bytes)).toBe(true);
    expect(request.headers['content-type']).toBe('image/webp');
    expect(request.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(request.headers['x-amz-content-sha256']).toBe(sha256Hex(bytes));
    expect(request.headers['x-amz-date']).toBe('20260301T120000Z');
    expect(request.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=TESTKEYID\/20260301\/eu-central-1\/s3\/aws4_request, SignedHeaders=cache-control;content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    expect(String(request.headers.authorization).endsWith(`Signature=${recomputedSignature(request)}`)).toBe(true);
  });

  it('DELETEs the object, signed over the empty payload', async () => {
    await store().remove('avatars/u1/a.webp');
    const [request] = received as [Received];
    expect(request.method).toBe('DELETE');
    expect(request.path).toBe('/avatars-bucket/avatars/u1/a.webp');
    expect(request.headers['x-amz-content-sha256']).toBe(sha256Hex(''));
    expect(String(request.headers.authorization).endsWith(`Signature=${recomputedSignature(request)}`)).toBe(true);
  });

  it('treats a DELETE of a missing object as done', async () => {
    answerStatus = 404;
    await expect(store().remove('avatars/u1/gone.webp')).resolves.toBeUndefined();
  });

  it('fails loudly, with the status and the server text, when the store refuses', async () => {
    answerStatus = 403;
    await expect(store().put('avatars/u1/a.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/answered 403: <Error><Code>AccessDenied/);
  });

  it('refuses keys that would leave the bucket prefix, without sending anything', async () => {
    await expect(store().put('../other-bucket/x', Buffer.from('x'), 'image/webp')).rejects.toThrow(/Refusing the file key/);
    await expect(store().remove('/etc/passwd')).rejects.toThrow(/Refusing the file key/);
    expect(received).toHaveLength(0);
  });

  it('knows its own URLs and only those', () => {
    expect(store().keyFromUrl(`${endpoint}/avatars-bucket/avatars/u1/a.webp`)).toBe('avatars/u1/a.webp');
    expect(store().keyFromUrl(`${endpoint}/another-bucket/avatars/u1/a.webp`)).toBeUndefined();
    expect(store().keyFromUrl('https://lh3.googleusercontent.com/a/photo')).toBeUndefined();
  });

  it('defaults to the regional AWS endpoint', () => {
    const aws = createS3FileStore({ ...credentials, bucket: 'b', endpoint: undefined });
    expect(aws.keyFromUrl('https://s3.eu-central-1.amazonaws.com/b/avatars/x.webp')).toBe('avatars/x.webp');
  });
});
