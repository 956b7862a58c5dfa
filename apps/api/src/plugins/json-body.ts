import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { JSON_NESTING_MAX, jsonNestingMessage } from '@skillroute/shared/marketplace-limits';
import { AppError } from '../lib/errors';
import { nestsDeeperThan } from '../lib/json-nesting';

/** Fastify's own JSON parser is the callback form, though its type admits the promise form too. */
type JsonParser = (
  request: FastifyRequest,
  body: string,
  done: (error: Error | null, value?: unknown) => void,
) => void;

/**
 * Fastify's default JSON parser (with the app's prototype-poisoning settings), preceded by the nesting
 * limit: a body nested deeper than JSON_NESTING_MAX is a 400 before it is parsed, so nothing after (the NUL
 * scan, a schema) ever walks a value twenty thousand levels deep.
 */
export function jsonParserOf(app: FastifyInstance): JsonParser {
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  ) as JsonParser;
  return (request, body, done) => {
    if (nestsDeeperThan(body, JSON_NESTING_MAX)) {
      done(new AppError('bad_request', jsonNestingMessage));
      return;
    }
    parseJson(request, body, done);
  };
}

/** Every `application/json` body of the app goes through `jsonParserOf`. Register once, on the app. */
export const jsonBody = fp(
  async function jsonBody(app: FastifyInstance) {
    const parse = jsonParserOf(app);
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, parse);
  },
  { name: 'json-body' },
);
