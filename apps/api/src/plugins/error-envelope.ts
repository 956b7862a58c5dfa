import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorMessages, type ErrorEnvelope, type ErrorItem } from '@skillroute/shared/errors';
import type { Translator } from '@skillroute/shared/i18n/translator';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { AppError } from '../lib/errors';
import { requestLocale, translatorFor } from '../lib/i18n';
import { msg } from '@skillroute/shared/i18n/msg';

/** Seconds a client waits before retrying while the database is unreachable or frozen. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const databaseUnavailableMessage = msg(
  'The database is not answering. Please try again in a few seconds.',
);

export interface DescribedError {
  statusCode: number;
  body: ErrorEnvelope;
  /** True when the cause is ours, not the client's: logged in full, hidden from the response. */
  unexpected: boolean;
  /** Sent as Retry-After: when trying again makes sense (a 429, an outage). */
  retryAfterSeconds?: number;
}

interface ValidationEntry {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** `/address/0/city` -> `address.0.city`; empty for a problem with the whole body. */
function fieldFromPath(
  instancePath: string | undefined,
  params: Record<string, unknown> | undefined,
): string | undefined {
  const segments = (instancePath ?? '').split('/').filter(Boolean);
  // Ajv reports a missing property at its parent's path, naming the property in params.
  if (typeof params?.missingProperty === 'string') segments.push(params.missingProperty);
  return segments.length > 0 ? segments.join('.') : undefined;
}

function validationItems(entries: ValidationEntry[]): ErrorItem[] {
  return entries.map((entry) => {
    const field = fieldFromPath(entry.instancePath, entry.params);
    const message = entry.message ?? errorMessages.badRequest;
    return field === undefined ? { message } : { message, field };
  });
}

function plain(statusCode: number, message: string): DescribedError {
  return { statusCode, body: { message, errors: [{ message }] }, unexpected: false };
}

/** Turns anything thrown while handling a request into the one envelope of DESIGN.md §4. Pure. */
export function describeError(error: unknown): DescribedError {
  if (error instanceof AppError) {
    const unexpected = error.statusCode >= 500;
    const message = unexpected && error.code === 'internal' ? errorMessages.internal : error.message;
    const body: ErrorEnvelope = {
      message,
      errors: unexpected && error.code === 'internal' ? [{ message }] : error.errors,
    };
    if (error.reason !== undefined) body.reason = error.reason;
    return {
      statusCode: error.statusCode,
      body,
      unexpected,
      ...(error.retryAfterSeconds !== undefined && { retryAfterSeconds: error.retryAfterSeconds }),
    };
  }
  // A database that cannot answer is an outage to wait out, not a fault of ours nor the client's.
  if (isDatabaseUnavailable(error)) {
    return {
      statusCode: 503,
      body: { message: errorMessages.serviceUnavailable, errors: [{ message: databaseUnavailableMessage }] },
      unexpected: false,
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    };
  }
  const fastifyError = (typeof error === 'object' && error !== null ? error : {}) as Partial<FastifyError>;
  if (Array.isArray(fastifyError.validation) && fastifyError.validation.length > 0) {
    return {
      statusCode: 400,
      body: { message: errorMessages.badRequest, errors: validationItems(fastifyError.validation) },
      unexpected: false,
    };
  }
  const statusCode = fastifyError.statusCode ?? 500;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return plain(400, errorMessages.malformedJson);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return plain(400, msg('The request body is empty; send a JSON object.'));
  }
  // Fastify's JSON parser reports a syntax error as a SyntaxError with statusCode 400.
  if (error instanceof SyntaxError && statusCode === 400) return plain(400, errorMessages.malformedJson);
  switch (statusCode) {
    case 400:
      return plain(400, errorMessages.badRequest);
    case 401:
      return plain(401, errorMessages.unauthorized);
    case 403:
      return plain(403, errorMessages.forbidden);
    case 404:
      return plain(404, errorMessages.notFound);
    case 413:
      return plain(413, errorMessages.payloadTooLarge);
    case 414:
      return plain(414, errorMessages.uriTooLong);
    case 415:
      return plain(415, errorMessages.unsupportedMediaType);
    case 429:
      return plain(429, errorMessages.tooManyRequests);
  }
  if (statusCode >= 400 && statusCode < 500) return plain(statusCode, errorMessages.badRequest);
  // Anything else is our fault: the client gets the generic text, the log gets the details.
  return { ...plain(500, errorMessages.internal), unexpected: true };
}

/**
 * An envelope in a language: its message and each entry's, as the translator writes a text made in English
 * elsewhere (a rule's message, an AppError's); the fields and the reason as they were. English reads as made.
 */
export function envelopeIn(translator: Translator, body: ErrorEnvelope): ErrorEnvelope {
  return {
    ...body,
    message: translator.translate(body.message),
    errors: body.errors.map((item) => ({ ...item, message: translator.translate(item.message) })),
  };
}

/**
 * The envelope in the request's language (`requestLocale`): the one place the api's error texts are translated,
 * just before they are sent. A catalogue that cannot be read must not cost the answer: it goes in English then.
 */
export function inRequestLanguage(request: FastifyRequest, body: ErrorEnvelope): ErrorEnvelope {
  try {
    return envelopeIn(translatorFor(requestLocale(request)), body);
  } catch (error) {
    request.log.error({ err: error }, 'an error message could not be translated; sent in English');
    return body;
  }
}

/** The 404 envelope for a path nothing answers; the SPA fallback never reaches here for /api/*. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  request.log.info({ method: request.method, url: request.url }, 'no route');
  const message = msg('Nothing answers {method} {path}.', {
    method: request.method,
    path: request.url.split('?')[0] ?? '',
  });
  return sendDescribed(request, reply, {
    statusCode: 404,
    body: { message: errorMessages.notFound, errors: [{ message }] },
    unexpected: false,
  });
}

/**
 * Errors the router raises before any route or hook runs (a path parameter over the length limit, a
 * malformed percent-encoding): Fastify's `frameworkErrors` option, answered in the same envelope.
 */
export function sendFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const described = describeError(error);
  request.log.info(
    { statusCode: described.statusCode, reason: error.message },
    'request refused by the router',
  );
  return sendDescribed(request, reply, described);
}

function sendDescribed(
  request: FastifyRequest,
  reply: FastifyReply,
  described: DescribedError,
): FastifyReply {
  if (described.retryAfterSeconds !== undefined)
    reply.header('retry-after', String(described.retryAfterSeconds));
  return reply
    .code(described.statusCode)
    .type('application/json; charset=utf-8')
    .send(inRequestLanguage(request, described.body));
}

/**
 * The only error and not-found handlers of the app. The not-found handler is rate limited so probing
 * for paths costs the same budget as any other request.
 */
export const errorEnvelope = fp(
  async function errorEnvelope(app: FastifyInstance) {
    app.setErrorHandler(function handleError(error, request, reply) {
      const described = describeError(error);
      if (described.unexpected)
        request.log.error({ err: error }, 'unexpected error while handling a request');
      else if (described.statusCode === 503)
        request.log.warn({ err: error }, 'the database could not answer; told the client to retry');
      else
        request.log.info(
          { statusCode: described.statusCode, reason: (error as Error).message },
          'request refused',
        );
      return sendDescribed(request, reply, described);
    });
    app.setNotFoundHandler({ preHandler: app.rateLimit() }, sendNotFound);
  },
  { name: 'error-envelope', dependencies: ['@fastify/rate-limit'] },
);
