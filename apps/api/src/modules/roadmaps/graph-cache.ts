import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import {
  publishedRoadmapListSchema,
  roadmapSchema,
  type Roadmap,
  type RoadmapSummary,
} from '@skillroute/shared/roadmap-api';
import { listenForChanges } from '../../db/listen';
import { serializeBody, type SerializedBody } from '../../lib/serialized-body';
import { ROADMAP_CHANGES_CHANNEL } from './repository';
import type { RoadmapCache, Viewer } from '../../context/ports';
import { assertReadable, isPublic, type RoadmapFacts } from './rules';

declare module 'fastify' {
  interface FastifyInstance {
    roadmapCache: RoadmapReadCache;
  }
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

/**
 * Roadmaps as readers get them, serialized once. Every api process keeps its own copy and hears of each
 * change through PostgreSQL (`LISTEN`); the change itself sends the `NOTIFY` inside its transaction
 * (`repository.announceChange`), so it is heard only once committed, by every process. While the
 * listening connection is down nothing is served from here, and the whole cache is dropped when it is back:
 * changes announced meanwhile were never heard.
 */
export class RoadmapReadCache implements RoadmapCache {
  /** Read with `peek`, which leaves the order alone, so the oldest stored go first; a body larger than the budget is not kept. */
  private readonly roadmaps = new LRUCache<string, RoadmapEntry>({
    maxSize: CACHE_BUDGET_BYTES,
    sizeCalculation: (entry) => entry.body.length,
  });
  private publishedList: (SerializedBody & { storedAt: number }) | undefined;
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
    const cached = this.roadmaps.peek(id);
    if (cached !== undefined && this.young(cached)) {
      assertReadable(cached.facts, viewer);
      return cached;
    }
    const generation = this.generation;
    const roadmap = await load();
    const facts: RoadmapFacts = {
      authorId: roadmap.author.id,
      status: roadmap.status,
      isActive: roadmap.isActive,
      submittedAt: roadmap.submittedAt === null ? null : new Date(roadmap.submittedAt),
    };
    const entry = {
      ...serializeBody(roadmapSchema, '/api/roadmap/:id', roadmap, isPublic(facts)),
      facts,
      storedAt: this.now(),
    };
    if (this.listening && generation === this.generation) {
      this.roadmaps.set(id, entry);
      // Not current once dropped (a change, a lost listener) or old; a body larger than the whole budget is never kept.
      entry.isCurrent = () => this.roadmaps.peek(id) === entry && this.young(entry);
    }
    return entry;
  }

  /** `GET /api/roadmap/published` without a search: the same list for everyone. */
  async readPublishedList(load: () => Promise<RoadmapSummary[]>): Promise<SerializedBody> {
    const cached = this.publishedList;
    if (cached !== undefined && this.young(cached)) return cached;
    const generation = this.generation;
    const list = serializeBody(
      publishedRoadmapListSchema,
      '/api/roadmap/published',
      { roadmaps: await load() },
      true,
    );
    if (!this.listening || generation !== this.generation) return list;
    const stored: SerializedBody & { storedAt: number } = { ...list, storedAt: this.now() };
    stored.isCurrent = () => this.publishedList === stored && this.young(stored);
    this.publishedList = stored;
    return stored;
  }

  /** Whether a kept body is still young enough to serve; nothing outlives ENTRY_MAX_AGE_MS. */
  private young(entry: { storedAt: number }): boolean {
    return this.now() - entry.storedAt < ENTRY_MAX_AGE_MS;
  }

  /** A roadmap changed: its entry and the public list go. */
  forget(id: string): void {
    this.generation += 1;
    this.roadmaps.delete(id);
    this.publishedList = undefined;
  }

  /** Everything goes: the listening connection was lost (changes may have gone unheard) or is back. */
  forgetAll(): void {
    this.generation += 1;
    this.roadmaps.clear();
    this.publishedList = undefined;
  }

  /** Called by the listener: serve from memory only while changes are heard. */
  setListening(listening: boolean): void {
    this.forgetAll();
    this.listening = listening;
  }
}

/** `app.roadmapCache`, kept current by the process's own listening connection to PostgreSQL. */
export const roadmapReadCache = fp(
  async function roadmapReadCache(app: FastifyInstance, options: { connectionString: string }) {
    const cache = new RoadmapReadCache();
    app.decorate('roadmapCache', cache);
    const listener = await listenForChanges(
      {
        connectionString: options.connectionString,
        applicationName: LISTENER_NAME,
        channels: [ROADMAP_CHANGES_CHANNEL],
        label: 'roadmap cache',
        log: app.log,
      },
      {
        heard: (_channel, roadmapId) => {
          if (roadmapId !== '') cache.forget(roadmapId);
        },
        setListening: (listening) => cache.setListening(listening),
      },
    );
    app.addHook('onClose', () => listener.close());
  },
  { name: 'roadmap-read-cache' },
);
