import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { pipeline, Transform, type Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerFactory, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { requestIdFrom } from '../lib/request-id';
import { keptAnswerSentBy, type KeptAnswer } from '../lib/serialized-body';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's kept answers (sent by `sendSerialized`) may be sent again to the next anonymous reader of the same
     * URL before the framework sees the request (docs/decisions/080). Only for an answer that the URL and the
     * request's encoding and language decide, once its reader is anonymous.
     */
    replayAnswers?: boolean;
  }
}

/** What the replay keeps at most: keys, the bytes as sent, and the cached answers they came from. */
export const REPLAY_BUDGET_BYTES = 8 * 1024 * 1024;

/**
 * Request headers that can change an answer besides its URL and the two in its key (a reader's session, a
 * conditional or partial request, a refused compression): a request with any of them goes to the framework.
 */
const DECIDING_HEADERS = [
  'cookie',
  'authorization',
  'if-none-match',
  'if-modified-since',
  'if-match',
  'if-unmodified-since',
  'if-range',
  'range',
  'x-no-compression',
] as const;

/** Answer headers that belong to the request, not to the answer: not kept (x-request-id is made anew). */
const REQUEST_OWN_HEADERS = new Set([
  'x-request-id',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
  'connection',
  'keep-alive',
  'date',
  'content-length',
]);

const isPlainAnonymousGet = (method: string | undefined, headers: IncomingHttpHeaders): boolean =>
  method === 'GET' && DECIDING_HEADERS.every((name) => headers[name] === undefined);

/** The request as far as a kept answer depends on it: the URL as sent, the encodings taken and the languages. */
const replayKey = (url: string, headers: IncomingHttpHeaders): string =>
  `${url}\n${headers['accept-encoding'] ?? ''}\n${headers['accept-language'] ?? ''}`;

interface Replay {
  /** The cached answer it was sent from: sent again only while that is current. */
  source: KeptAnswer;
  /** The answer's own headers as sent, names and values in one list (`writeHead`'s array form). */
  headers: string[];
  /** The body as sent (compressed when it was). */
  body: Buffer;
}

/**
 * Anonymous GETs answered again, byte for byte and header for header, from what the framework sent for the same
 * request, while the cached answer it came from is current (docs/decisions/080). A kept answer already costs
 * no query; this spares it the framework's request path too (routing, hooks, validation, compression), which was
 * most of its cost. Anything else, or a request with a header that could change the answer, goes to the framework.
 */
export class AnswerReplay {
  private readonly kept = new LRUCache<string, Replay>({
    maxSize: REPLAY_BUDGET_BYTES,
    sizeCalculation: (replay, key) =>
      key.length +
      replay.body.length +
      replay.source.body.length +
      replay.headers.reduce((bytes, part) => bytes + part.length, 0),
  });
  private log: FastifyBaseLogger | undefined;
  private draining: () => boolean = () => false;

  /** Whose log a replayed answer goes to, and whether the process is draining (its answers close their connections). */
  attach(input: { log: FastifyBaseLogger; draining: () => boolean }): void {
    this.log = input.log;
    this.draining = input.draining;
  }

  /** Answers kept, and their bytes as the budget counts them. */
  get stats(): { answers: number; bytes: number } {
    return { answers: this.kept.size, bytes: this.kept.calculatedSize };
  }

  /** Sends the kept answer for this request and answers true, or answers false and sends nothing. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.url === undefined || !isPlainAnonymousGet(request.method, request.headers)) return false;
    const key = replayKey(request.url, request.headers);
    const replay = this.kept.get(key);
    if (replay === undefined) return false;
    if (!replay.source.isCurrent() || this.draining()) {
      this.kept.delete(key);
      return false;
    }
    const startedAt = performance.now();
    const requestId = requestIdFrom(request.headers['x-request-id']);
    response.writeHead(200, [...replay.headers, 'x-request-id', requestId]);
    response.end(replay.body);
    // As the framework logs an answer, in one line.
    this.log?.info(
      {
        reqId: requestId,
        req: { method: request.method, url: request.url },
        res: { statusCode: 200 },
        responseTime: performance.now() - startedAt,
        replayed: true,
      },
      'request completed',
    );
    return true;
  }

  /** Whether an answer to this request may be kept: an anonymous, plain GET, in a process that is not draining. */
  mayKeep(method: string, requestHeaders: IncomingHttpHeaders): boolean {
    return !this.draining() && isPlainAnonymousGet(method, requestHeaders);
  }

  /** Keeps what the framework sent for a request `mayKeep` allowed, to send again while `source` is current. */
  keep(input: {
    url: string;
    requestHeaders: IncomingHttpHeaders;
    answerHeaders: Record<string, number | string | string[] | undefined>;
    body: Buffer;
    source: KeptAnswer;
  }): void {
    const { source, body } = input;
    const headers: string[] = [];
    for (const [name, value] of Object.entries(input.answerHeaders)) {
      if (value === undefined || REQUEST_OWN_HEADERS.has(name)) continue;
      for (const one of [value].flat()) headers.push(name, String(one));
    }
    headers.push('content-length', String(body.length));
    this.kept.set(replayKey(input.url, input.requestHeaders), {
      source,
      headers,
      body,
    });
  }
}

/**
 * `payload` passed on as it is, its bytes collected on the way: `kept` gets them all once it ended (a body
 * compressed as a stream, above @fastify/compress's threshold for compressing in one go), never after an error.
 */
function recorded(payload: Readable, kept: (body: Buffer) => void): Readable {
  const chunks: Buffer[] = [];
  const recorder = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      chunks.push(chunk);
      next(null, chunk);
    },
    flush(next) {
      kept(Buffer.concat(chunks));
      next();
    },
  });
  // An error of the payload destroys the recorder with it, which the framework sees as it would have seen the payload's.
  pipeline(payload, recorder, () => {});
  return recorder;
}

/**
 * The HTTP server Fastify would make (with its timeouts, as its own factory sets them) that asks `replay` first:
 * Fastify's `serverFactory`.
 */
export function serverAskingReplay(replay: AnswerReplay): FastifyServerFactory {
  return (handler, factoryOptions) => {
    // Fastify's options with its defaults applied, as its own factory reads them.
    const options = factoryOptions as {
      http?: http.ServerOptions;
      keepAliveTimeout: number;
      requestTimeout: number;
      connectionTimeout: number;
      maxRequestsPerSocket: number;
    };
    const server = http.createServer(options.http ?? {}, (request, response) => {
      if (!replay.answer(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}

/**
 * Fills `replay` from the routes that opt in (`config.replayAnswers`): what each sends whole from a kept answer, as
 * it goes out. Register it after json-compression, so its hook comes after compression's on every route.
 */
export const answerReplay = fp(
  async function answerReplay(app: FastifyInstance, options: { replay: AnswerReplay }) {
    const { replay } = options;
    replay.attach({ log: app.log, draining: () => app.lifecycle.draining });
    const keep: onSendHookHandler = (request, reply, payload, done) => {
      const source = keptAnswerSentBy(reply);
      if (
        source === undefined ||
        reply.statusCode !== 200 ||
        !replay.mayKeep(request.method, request.headers)
      )
        return done(null, payload);
      // The headers as they go out; a stream's end comes later, when another hook may have run.
      const answerHeaders = { ...reply.getHeaders() };
      const kept = (body: Buffer) =>
        replay.keep({
          url: request.raw.url ?? request.url,
          requestHeaders: request.headers,
          answerHeaders,
          body,
          source,
        });
      if (typeof payload === 'string' || Buffer.isBuffer(payload)) kept(Buffer.from(payload));
      // A stream of @fastify/compress's is readable-stream's, not node:stream's: told apart by its pipe, as that plugin does.
      else if (typeof (payload as Partial<Readable> | null)?.pipe === 'function')
        return done(null, recorded(payload as Readable, kept));
      done(null, payload);
    };
    // Added to each route as @fastify/compress adds its own, so it runs last: what is kept is what went out.
    app.addHook('onRoute', (route) => {
      if (route.config?.replayAnswers === true) route.onSend = [route.onSend ?? []].flat().concat(keep);
    });
  },
  { name: 'answer-replay', dependencies: ['lifecycle', 'json-compression'] },
);
