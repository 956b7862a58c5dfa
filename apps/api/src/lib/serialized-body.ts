import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** A response body serialized once, as the route's own serializer writes it, with its ETag. */
export interface SerializedBody {
  body: string;
  etag: string;
  /** Who may see it: everyone (a published, listed roadmap, the public list) or only those the rules let in. */
  public: boolean;
  /**
   * Set on an answer its cache keeps: whether it is still the cache's answer for its key (not dropped by a change,
   * not expired). Absent on an answer read for one request and not kept, which nothing may send again.
   */
  isCurrent?: () => boolean;
}

/**
 * How a GET answer kept in memory is written (its route's 200 schema), until when it stays true, and whose booked
 * time it shows (a booking of theirs may drop it).
 */
export interface CachedAnswer<T> {
  schema: z.ZodType;
  url: string;
  expiresAt(storedAt: number, body: T): number;
  /**
   * Each person whose booked time the answer shows, with the instant from which a change of their time can no
   * longer alter it: a change that starts at or after it leaves the answer true (Infinity: any change alters it).
   */
  timeShown(body: T): ReadonlyMap<string, number>;
}

/** `value` as the GET route at `url` with this 200 schema writes it: a cached body is byte for byte what the route would have sent. */
export function serializeBody(
  schema: z.ZodType,
  url: string,
  value: unknown,
  isPublicBody: boolean,
): SerializedBody {
  const body = serializerCompiler({ schema, method: 'GET', url, httpStatus: '200' })(value);
  return {
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`,
    public: isPublicBody,
  };
}

/** `If-None-Match` lists the ETag (or is `*`); weak and strong forms compare alike, as RFC 9110 says for GET. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/** An answer its cache keeps, which says whether it is still current. */
export type KeptAnswer = SerializedBody & { isCurrent(): boolean };

/** The kept answers sent whole (200) by their replies, for the answer replay to send again (plugins/answer-replay.ts). */
const sentKept = new WeakMap<FastifyReply, KeptAnswer>();

/** The answer `reply` sent whole, if a cache keeps it (see `SerializedBody.isCurrent`). */
export const keptAnswerSentBy = (reply: FastifyReply): KeptAnswer | undefined => sentKept.get(reply);

/**
 * Sends an already serialized body, or 304 when the reader has it. Caches may keep a public body but must ask
 * again each time (`no-cache`), so an unlisted roadmap is gone on the next visit; anything else is kept by none
 * (`no-store`), not even the browser of a shared computer.
 */
export function sendSerialized(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: SerializedBody,
): FastifyReply {
  reply
    .header('etag', cached.etag)
    .header('cache-control', cached.public ? 'public, no-cache' : 'private, no-store');
  if (matchesEtag(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  if (cached.isCurrent !== undefined) sentKept.set(reply, cached as KeptAnswer);
  // A string with a JSON content type goes out as it is: no second validation or serialization.
  return reply.type('application/json; charset=utf-8').send(cached.body);
}
