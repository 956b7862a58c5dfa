import { describe, expect, it } from 'vitest';
import { errorMessages } from '@skillroute/shared/errors';
import { compileCatalogue } from '@skillroute/shared/i18n/compile';
import { msg } from '@skillroute/shared/i18n/msg';
import { createTranslator } from '@skillroute/shared/i18n/translator';
import { AppError, statusByCode } from '../lib/errors';
import { describeError, envelopeIn } from './error-envelope';

function fastifyError(code: string, statusCode: number, message = 'raw fastify text') {
  return Object.assign(new Error(message), { code, statusCode });
}

describe('describeError', () => {
  it('maps every AppError code through the one status table', () => {
    for (const [code, status] of Object.entries(statusByCode)) {
      const described = describeError(new AppError(code as keyof typeof statusByCode, 'Said plainly.'));
      expect(described.statusCode).toBe(status);
    }
  });

  it('keeps an AppError message and its field entries', () => {
    const error = new AppError('conflict', 'This e-mail is already registered.', [
      { message: 'Use another e-mail.', field: 'email' },
    ]);
    expect(describeError(error)).toEqual({
      statusCode: 409,
      body: {
        message: 'This e-mail is already registered.',
        errors: [{ message: 'Use another e-mail.', field: 'email' }],
      },
      unexpected: false,
    });
  });

  it('hides the text of an internal AppError', () => {
    const described = describeError(new AppError('internal', 'pool exhausted at db.ts:12'));
    expect(described).toEqual({
      statusCode: 500,
      body: { message: errorMessages.internal, errors: [{ message: errorMessages.internal }] },
      unexpected: true,
    });
  });

  it('gives one entry per failed field with a dotted path', () => {
    const error = Object.assign(new Error('body/name too short'), {
      statusCode: 400,
      validation: [
        { instancePath: '/name', message: 'Name is too short', params: {} },
        { instancePath: '/address/0/city', message: 'City is required', params: {} },
        { instancePath: '', message: 'Expected an object', params: {} },
        { instancePath: '', message: 'must have required property', params: { missingProperty: 'email' } },
      ],
    });
    expect(describeError(error)).toEqual({
      statusCode: 400,
      body: {
        message: errorMessages.badRequest,
        errors: [
          { message: 'Name is too short', field: 'name' },
          { message: 'City is required', field: 'address.0.city' },
          { message: 'Expected an object' },
          { message: 'must have required property', field: 'email' },
        ],
      },
      unexpected: false,
    });
  });

  it.each([
    ['FST_ERR_CTP_INVALID_JSON_BODY', 400, errorMessages.malformedJson],
    ['FST_ERR_CTP_BODY_TOO_LARGE', 413, errorMessages.payloadTooLarge],
    ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 415, errorMessages.unsupportedMediaType],
    ['FST_ERR_RATE_LIMIT', 429, errorMessages.tooManyRequests],
    ['FST_ERR_NOT_FOUND', 404, errorMessages.notFound],
  ])('turns %s into %i with the shared message', (code, status, message) => {
    expect(describeError(fastifyError(code, status))).toEqual({
      statusCode: status,
      body: { message, errors: [{ message }] },
      unexpected: false,
    });
  });

  it('treats a SyntaxError with status 400 as malformed JSON', () => {
    expect(
      describeError(Object.assign(new SyntaxError('Unexpected token }'), { statusCode: 400 })).body.message,
    ).toBe(errorMessages.malformedJson);
  });

  it('answers anything else with a generic 500 and flags it for the log', () => {
    for (const thrown of [
      new Error('secret detail'),
      'a string',
      null,
      fastifyError('FST_ERR_RESPONSE_SERIALIZATION', 500, 'column password'),
    ]) {
      const described = describeError(thrown);
      expect(described).toEqual({
        statusCode: 500,
        body: { message: errorMessages.internal, errors: [{ message: errorMessages.internal }] },
        unexpected: true,
      });
    }
  });
});

describe('envelopeIn', () => {
  const hindi = createTranslator(
    'hi',
    compileCatalogue({
      'The request is not valid.': 'अनुरोध सही नहीं है।',
      'Name is required': 'नाम लिखना ज़रूरी है',
      'Try again in {seconds} seconds.': '{seconds} सेकंड बाद फिर कोशिश करें।',
    }),
  );

  it('writes the message and every entry’s in the language, keeping fields, the reason and the order', () => {
    const body = {
      message: 'The request is not valid.',
      errors: [
        { message: 'Name is required', field: 'name' },
        { message: 'Not in any catalogue.', field: 'email' },
      ],
      reason: 'unverified',
    };
    const written = envelopeIn(hindi, body);
    expect(written).toEqual({
      message: 'अनुरोध सही नहीं है।',
      errors: [
        { message: 'नाम लिखना ज़रूरी है', field: 'name' },
        { message: 'Not in any catalogue.', field: 'email' },
      ],
      reason: 'unverified',
    });
    expect(JSON.stringify(Object.keys(written))).toBe(JSON.stringify(Object.keys(body)));
    expect(body.message).toBe('The request is not valid.');
  });

  it('finds a message made with values by its source', () => {
    const text = msg('Try again in {seconds} seconds.', { seconds: 42 });
    expect(envelopeIn(hindi, { message: text, errors: [{ message: text }] })).toEqual({
      message: '42 सेकंड बाद फिर कोशिश करें।',
      errors: [{ message: '42 सेकंड बाद फिर कोशिश करें।' }],
    });
  });

  it('leaves an English envelope exactly as it was made', () => {
    const text = msg('Try again in {seconds} seconds.', { seconds: 7 });
    const body = { message: errorMessages.badRequest, errors: [{ message: text, field: 'wait' }] };
    expect(JSON.stringify(envelopeIn(createTranslator('en', {}), body))).toBe(JSON.stringify(body));
  });
});
