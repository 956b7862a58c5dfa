import { createHmac } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@skillroute/shared/errors';
import { jsonNestingMessage } from '@skillroute/shared/marketplace-limits';
import { BODY_LIMIT_BYTES } from '../app';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { rawBody } from './raw-body';

const SECRET = 'whsec_probe';
const hmacOf = (bytes: Buffer | string) => createHmac('sha256', SECRET).update(bytes).digest('hex');

/** What a probe route saw: the raw bytes (base64, or null without them), the parsed body, and HMACs over both. */
const seen = (request: { rawBody?: Buffer; body: unknown }) => ({
  raw: request.rawBody === undefined ? null : request.rawBody.toString('base64'),
  body: request.body,
  hmacOfRaw: request.rawBody === undefined ? null : hmacOf(request.rawBody),
  hmacOfReserialised: hmacOf(JSON.stringify(request.body)),
});

// The real app with two probe scopes beside the modules: one as the webhook routes will be, one without.
const webhookProbe: FastifyPluginAsyncZod = async (app) => {
  await app.register(rawBody);
  app.post('/api/test-probe/webhook', async (request) => seen(request));
  app.post('/api/test-probe/webhook-small', { bodyLimit: 64 }, async (request) => seen(request));
  // A child of the scope inherits the parser.
  await app.register(async (child) => {
    child.post('/api/test-probe/webhook-child', async (request) => seen(request));
  });
};
const plainProbe: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/test-probe/plain', async (request) => seen(request));
};

const post = (url: string, payload: string | Buffer, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ extraRoutes: [webhookProbe, plainProbe] });
});
afterAll(() => t.close());

// Odd spacing, keys out of order, a duplicate key, escaped and literal non-ASCII, a float and a trailing newline:
// none of it survives JSON.parse and JSON.stringify.
const sent = Buffer.from(
  '{ "z":1,\n\t"a" : "₹ 1,500 — नमस्ते 🎉",  "escaped":"\\u20b9", "a2":1.50e2, "dup":1, "dup":2 }\n',
  'utf8',
);

describe('rawBody, inside its scope', () => {
  it('keeps the exact bytes and still parses the body', async () => {
    const response = await post('/api/test-probe/webhook', sent, 'application/json; charset=utf-8');
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(Buffer.from(result.raw, 'base64').equals(sent)).toBe(true);
    expect(result.body).toEqual({ z: 1, a: '₹ 1,500 — नमस्ते 🎉', escaped: '₹', a2: 150, dup: 2 });
  });

  it('gives an HMAC over rawBody equal to the one over the sent bytes, which the re-serialised body would not', async () => {
    const result = (await post('/api/test-probe/webhook', sent)).json();
    expect(result.hmacOfRaw).toBe(hmacOf(sent));
    expect(result.hmacOfReserialised).not.toBe(hmacOf(sent));
  });

  it('applies to the scope’s children too', async () => {
    const result = (await post('/api/test-probe/webhook-child', sent)).json();
    expect(Buffer.from(result.raw, 'base64').equals(sent)).toBe(true);
  });

  it('answers bad, empty or prototype-poisoning JSON with the 400 envelope', async () => {
    for (const payload of ['{"id": ', '{"__proto__": {"admin": true}}']) {
      const response = await post('/api/test-probe/webhook', payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json(), payload).toEqual({
        message: errorMessages.malformedJson,
        errors: [{ message: errorMessages.malformedJson }],
      });
    }
    const deep = await post('/api/test-probe/webhook', '['.repeat(20_000) + ']'.repeat(20_000));
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toBe(jsonNestingMessage);
    const empty = await post('/api/test-probe/webhook', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      message: 'The request body is empty; send a JSON object.',
      errors: [{ message: 'The request body is empty; send a JSON object.' }],
    });
  });

  it('answers a body over the app’s limit, or over the route’s own, with the 413 envelope', async () => {
    const tooLarge = JSON.stringify({ padding: 'x'.repeat(BODY_LIMIT_BYTES) });
    const overSmall = JSON.stringify({ padding: 'x'.repeat(64) });
    for (const [url, payload] of [
      ['/api/test-probe/webhook', tooLarge],
      ['/api/test-probe/webhook-small', overSmall],
    ] as const) {
      const response = await post(url, payload);
      expect(response.statusCode, url).toBe(413);
      expect(response.json(), url).toEqual({
        message: errorMessages.payloadTooLarge,
        errors: [{ message: errorMessages.payloadTooLarge }],
      });
    }
    expect((await post('/api/test-probe/webhook-small', '{"ok":true}')).statusCode).toBe(200);
  });
});

describe('outside its scope', () => {
  it('changes nothing: JSON is parsed as before and there is no rawBody', async () => {
    const response = await post('/api/test-probe/plain', sent);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ raw: null, hmacOfRaw: null, body: { z: 1, dup: 2 } });
    const bad = await post('/api/test-probe/plain', '{"id": ');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(errorMessages.malformedJson);
  });

  it('leaves the modules’ own JSON routes alone', async () => {
    const response = await post('/api/auth/login', '{"email": ');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(errorMessages.malformedJson);
  });
});
