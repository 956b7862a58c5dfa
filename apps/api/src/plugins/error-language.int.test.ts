import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@skillroute/shared/errors';
import { limitMessages } from '@skillroute/shared/marketplace-limits';
import { AppError } from '../lib/errors';
import { translatorFor } from '../lib/i18n';
import { buildTestApp, type TestApp } from '../../test/helpers';

/**
 * The error envelope in the reader's language (issue 31): the `locale` cookie they chose, else their browser's
 * Accept-Language, else English; every error the api sends, zod's validation messages included.
 */

const NAME_REQUIRED_HI = 'नाम लिखना ज़रूरी है';
const CHOOSE_LOCALE_HI = 'अंग्रेज़ी या हिन्दी चुनें';

// A refusal of a service, as an AppError with a reason, next to the real app.
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/test-probe/refuse', async () => {
    throw new AppError(
      'conflict',
      'Name is required',
      [{ message: 'Choose English or Hindi', field: 'locale' }],
      {
        reason: 'probe',
      },
    );
  });
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ extraRoutes: [probeRoutes], env: { RATE_LIMIT_MAX: '1000000' } });
});
afterAll(() => t.close());

/** A sign-up whose name is missing: refused by the body's zod schema before any service runs. */
const signUpWithoutName = (headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/',
    headers,
    payload: { email: 'nameless@example.org', password: 'secret-pass-1' },
  });

const englishRefusal = {
  message: errorMessages.badRequest,
  errors: [{ message: 'Name is required', field: 'name' }],
};
const hindiRefusal = () => ({
  message: translatorFor('hi').translate(errorMessages.badRequest),
  errors: [{ message: NAME_REQUIRED_HI, field: 'name' }],
});

describe('the error envelope in the reader’s language', () => {
  it('is Hindi for a reader who chose Hindi (the locale cookie)', async () => {
    const response = await signUpWithoutName({ cookie: 'locale=hi' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual(hindiRefusal());
  });

  it('is Hindi for a browser that prefers it, without a cookie', async () => {
    const response = await signUpWithoutName({ 'accept-language': 'hi-IN,hi;q=0.9' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(hindiRefusal());
  });

  it('reads a cookie naming a language it does not speak as no choice, falling back to the browser’s', async () => {
    const hindi = await signUpWithoutName({ cookie: 'locale=fr', 'accept-language': 'hi-IN,hi;q=0.9' });
    expect(hindi.json()).toEqual(hindiRefusal());
    const english = await signUpWithoutName({ cookie: 'locale=fr' });
    expect(english.json()).toEqual(englishRefusal);
  });

  it('stays English, byte for byte, for English, for a chosen English over a Hindi browser, and by default', async () => {
    const plain = await signUpWithoutName();
    expect(plain.json()).toEqual(englishRefusal);
    const others: Array<Record<string, string>> = [
      { cookie: 'locale=en', 'accept-language': 'hi-IN,hi;q=0.9' },
      { 'accept-language': 'en-IN,en;q=0.9,hi;q=0.8' },
      { 'accept-language': 'fr-FR' },
    ];
    for (const headers of others) {
      const response = await signUpWithoutName(headers);
      expect(response.statusCode).toBe(400);
      expect(response.body, JSON.stringify(headers)).toBe(plain.body);
    }
  });

  it('writes a shared rule’s message in Hindi (a language it does not speak, sent with sign-in)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: 'locale=hi' },
      payload: { email: 'someone@example.org', password: 'secret-pass-1', locale: 'fr' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ message: CHOOSE_LOCALE_HI, field: 'locale' }]);
  });

  it('writes a service’s refusal in Hindi too, its reason and fields kept', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test-probe/refuse',
      headers: { cookie: 'theme=dark; locale=hi' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: NAME_REQUIRED_HI,
      errors: [{ message: CHOOSE_LOCALE_HI, field: 'locale' }],
      reason: 'probe',
    });
    const english = await t.app.inject({ method: 'GET', url: '/api/test-probe/refuse' });
    expect(english.json()).toEqual({
      message: 'Name is required',
      errors: [{ message: 'Choose English or Hindi', field: 'locale' }],
      reason: 'probe',
    });
  });

  it('answers a path nothing answers in the same envelope, in the reader’s language', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: { cookie: 'locale=hi' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: translatorFor('hi').translate(errorMessages.notFound),
      errors: [{ message: 'GET /api/no-such-thing पर कुछ नहीं मिला।' }],
    });
  });

  it('says how long to wait in the reader’s language, however the wait is made (a limit’s words within words)', async () => {
    const hindi = translatorFor('hi');
    expect(hindi.translate(limitMessages.bookingRequests(250))).toBe(
      'आपने 10 मिनट में 10 बुकिंग अनुरोध किए हैं। अगला अनुरोध आप 5 मिनट बाद कर सकेंगे।',
    );
    expect(hindi.translate(limitMessages.lapsedHolds(3 * 60 * 60))).toBe(
      'पिछले 24 घंटों में आपके 3 होल्ड बिना भुगतान के खत्म हो गए, इसलिए आप लगभग 3 घंटे बाद ही नया सेशन होल्ड कर सकेंगे।',
    );
    expect(translatorFor('en').translate(limitMessages.bookingRequests(250))).toBe(
      'You have made 10 booking requests in 10 minutes. You can make the next in 5 minutes.',
    );
  });
});
