import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler } from 'fastify-type-provider-zod';
import pg from 'pg';
import type { z } from 'zod';
import { publishedRoadmapListSchema, roadmapSchema, type Roadmap, type RoadmapSummary } from '@skillroute/shared/roadmap-api';
import { ROADMAP_CHANGES_CHANNEL } from './repository';
import { assertReadable, isPublic, type RoadmapFacts, type Viewer } from './rules';

declare module 'fastify' {
  interface FastifyInstance {
    roadmapCache: RoadmapReadCache;
  }
}

/** A response body serialized once, as the route's own serializer writes it, with its ETag. */
export interface SerializedBody {
  body: string;
  etag: string;
  /** Who may see it: everyone (a published, listed roadmap, the public list) or only those the rules let in. */
  public: boolean;
}

interface RoadmapEntry extends SerializedBody {
  facts: RoadmapFacts;
  storedAt: number;
}

/**
 * An author's new name reaches no notification (the users module does not announce renames), so no entry
 * outlives this: a rename shows within a minute. Changes to the roadmap itself show at once.
 */
export const ENTRY_MAX_AGE_MS = 60_000;
/** Bodies kept at most; the oldest stored go first. A 1,000-node roadmap is about 265 kB. */
export const CACHE_BUDGET_BYTES = 64 * 1024 * 1024;
/** The listening connection's name in `pg_stat_activity`. */
export const LISTENER_NAME = 'skillroute-roadmap-cache';
const RECONNECT_DELAYS_MS = [100, 500, 1000, 2000, 5000];
const HEARTBEAT_MS = 15_000;

function serialized(schema: z.ZodType, url: string, value: unknown, isPublicBody: boolean): SerializedBody {
  // The route's serializer, so a cached body is byte for byte what the route would have sent.
  const body = serializerCompiler({ schema, method: 'GET', url, httpStatus: '200' })(value);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`, public: isPublicBody };
}

/**
 * Roadmaps as readers get them, serialized once. Every api process keeps its own copy and hears of each
 * change through PostgreSQL (`LISTEN`); the change itself sends the `NOTIFY` inside its transaction
 * (`repository.announceChange`), so it is heard only once committed, by every process. While the
 * listening connection is down nothing is served from here, and the whole cache is dropped when it is back:
 * changes announced meanwhile were never heard.
 */
export class RoadmapReadCache {
  private readonly roadmaps = new Map<string, RoadmapEntry>();
  private publishedList: (SerializedBody & { storedAt: number }) | undefined;
  private bytes = 0;
  /** Counts every change heard; a read that began before one does not store what it read. */
  private generation = 0;
  private listening = false;

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether bodies are served from memory: only while the changes are being heard. */
  get active(): boolean {
    return this.listening;
  }

  /**
   * The roadmap as `viewer` may read it. A cached body is served after the same access rule as a fresh
   * read (`assertReadable` on the facts it was read with); `load` reads it afresh, access check included.
   */
  async readRoadmap(id: string, viewer: Viewer, load: () => Promise<Roadmap>): Promise<SerializedBody> {
    const cached = this.roadmaps.get(id);
    if (cached !== undefined && this.now() - cached.storedAt < ENTRY_MAX_AGE_MS) {
      assertReadable(cached.facts, viewer);
      return cached;
    }
    const generation = this.generation;
    const roadmap = await load();
    const facts: RoadmapFacts = { authorId: roadmap.author.id, status: roadmap.status, isActive: roadmap.isActive, submittedAt: roadmap.submittedAt === null ? null : new Date(roadmap.submittedAt) };
    const entry = { ...serialized(roadmapSchema, '/api/roadmap/:id', roadmap, isPublic(facts)), facts, storedAt: this.now() };
    if (this.listening && generation === this.generation) this.store(id, entry);
    return entry;
  }

  /** `GET /api/roadmap/published` without a search: the same list for everyone. */
  async readPublishedList(load: () => Promise<RoadmapSummary[]>): Promise<SerializedBody> {
    const cached = this.publishedList;
    if (cached !== undefined && this.now() - cached.storedAt < ENTRY_MAX_AGE_MS) return cached;
    const generation = this.generation;
    const list = serialized(publishedRoadmapListSchema, '/api/roadmap/published', { roadmaps: await load() }, true);
    if (this.listening && generation === this.generation) this.publishedList = { ...list, storedAt: this.now() };
    return list;
  }

  /** A roadmap changed: its entry and the public list go. */
  forget(id: string): void {
    this.generation += 1;
    const entry = this.roadmaps.get(id);
    if (entry !== undefined) {
      this.bytes -= entry.body.length;
      this.roadmaps.delete(id);
    }
    this.publishedList = undefined;
  }

  /** Everything goes: the listening connection was lost (changes may have gone unheard) or is back. */
  forgetAll(): void {
    this.generation += 1;
    this.roadmaps.clear();
    this.bytes = 0;
    this.publishedList = undefined;
  }

  /** Called by the listener: serve from memory only while changes are heard. */
  setListening(listening: boolean): void {
    this.forgetAll();
    this.listening = listening;
  }

  private store(id: string, entry: RoadmapEntry): void {
    const previous = this.roadmaps.get(id);
    if (previous !== undefined) {
      this.bytes -= previous.body.length;
      this.roadmaps.delete(id);
    }
    if (entry.body.length > CACHE_BUDGET_BYTES) return;
    for (const [oldId, old] of this.roadmaps) {
      if (this.bytes + entry.body.length <= CACHE_BUDGET_BYTES) break;
      this.roadmaps.delete(oldId);
      this.bytes -= old.body.length;
    }
    this.roadmaps.set(id, entry);
    this.bytes += entry.body.length;
  }
}

/** `If-None-Match` lists the ETag (or is `*`); weak and strong forms compare alike, as RFC 9110 says for GET. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/**
 * Sends an already serialized body, or 304 when the reader has it. Caches may keep a public body but must ask
 * again each time (`no-cache`), so an unlisted roadmap is gone on the next visit; a draft is kept by none
 * (`no-store`), not even the browser of a shared computer.
 */
export function sendSerialized(request: FastifyRequest, reply: FastifyReply, cached: SerializedBody): FastifyReply {
  reply.header('etag', cached.etag).header('cache-control', cached.public ? 'public, no-cache' : 'private, no-store');
  if (matchesEtag(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  // A string with a JSON content type goes out as it is: no second validation or serialization.
  return reply.type('application/json; charset=utf-8').send(cached.body);
}

/**
 * The process's listening connection: `LISTEN` on the changes channel, reconnecting with back-off. A lost
 * connection switches the cache off until a new one listens.
 */
async function listenForChanges(app: FastifyInstance, connectionString: string, cache: RoadmapReadCache): Promise<{ close(): Promise<void> }> {
  let client: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const lost = (current: pg.Client, error?: Error) => {
    if (client !== current) return;
    client = undefined;
    clearInterval(heartbeat);
    cache.setListening(false);
    current.removeAllListeners('notification');
    current.end().catch(() => undefined);
    if (closed) return;
    app.log.warn({ error: error?.message }, 'roadmap cache: the listening connection was lost; serving from the database until it is back');
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
    attempt += 1;
    reconnectTimer = setTimeout(() => void connect(), delay);
  };

  const connect = async () => {
    const current = new pg.Client({ connectionString, keepAlive: true, connectionTimeoutMillis: 5000, application_name: LISTENER_NAME });
    client = current;
    current.on('error', (error) => lost(current, error));
    current.on('end', () => lost(current));
    current.on('notification', (message) => {
      if (message.channel === ROADMAP_CHANGES_CHANNEL && message.payload) cache.forget(message.payload);
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${ROADMAP_CHANGES_CHANNEL}`);
    } catch (error) {
      lost(current, error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (client !== current) return;
    attempt = 0;
    // Dropped on the way in, so nothing read before this point is trusted.
    cache.setListening(true);
    // A connection cut without a word (a dead peer) shows only when something is sent on it.
    heartbeat = setInterval(() => {
      current.query('select 1').catch((error: Error) => lost(current, error));
    }, HEARTBEAT_MS);
    heartbeat.unref();
  };

  // The first attempt before the app serves anything; a failed one retries in the background.
  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      clearInterval(heartbeat);
      cache.setListening(false);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

/** `app.roadmapCache`, kept current by the process's own listening connection to PostgreSQL. */
export const roadmapReadCache = fp(
  async function roadmapReadCache(app: FastifyInstance, options: { connectionString: string }) {
    const cache = new RoadmapReadCache();
    app.decorate('roadmapCache', cache);
    const listener = await listenForChanges(app, options.connectionString, cache);
    app.addHook('onClose', () => listener.close());
  },
  { name: 'roadmap-read-cache' },
);
