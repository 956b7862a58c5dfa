import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers';

const options: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://js.stripe.com'],
      objectSrc: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  hsts: false,
};

async function headersWith(plugin: 'helmet' | 'ours', url: string) {
  const app = Fastify({ logger: false });
  await app.register(plugin === 'helmet' ? helmet : securityHeaders, options);
  app.get('/page', async () => ({ ok: true }));
  app.get('/probe', { helmet: false }, async () => ({ ok: true }));
  const { date: _date, ...headers } = (await app.inject({ method: 'GET', url })).headers;
  await app.close();
  return headers;
}

describe('securityHeaders', () => {
  it('sends exactly the headers @fastify/helmet sends with the same options', async () => {
    const ours = await headersWith('ours', '/page');
    expect(ours).toEqual(await headersWith('helmet', '/page'));
    expect(ours['content-security-policy']).toBe(
      "default-src 'self';script-src 'self' https://js.stripe.com;object-src 'none'",
    );
    expect(ours['x-content-type-options']).toBe('nosniff');
    expect(ours['strict-transport-security']).toBeUndefined();
  });

  it('leaves out a route that opts out, as @fastify/helmet does', async () => {
    const ours = await headersWith('ours', '/probe');
    expect(ours).toEqual(await headersWith('helmet', '/probe'));
    expect(ours['content-security-policy']).toBeUndefined();
  });
});
