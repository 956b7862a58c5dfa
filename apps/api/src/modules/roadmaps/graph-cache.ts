import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  publishedRoadmapListSchema,
  roadmapSchema,
  type Roadmap,
  type RoadmapSummary,
} from '@skillroute/shared/roadmap-api';
import { listenForChanges } from '../../db/listen';
import { serializeBody, type SerializedBody } from '../../lib/serialized-body';
import { ROADMAP_CHANGES_CHANNEL } from './repository';
import type { Viewer } from '../../context/ports';
import { assertReadable, isPublic, type RoadmapFacts } from './rules';

export { matchesEtag, sendSerialized, type SerializedBody } from '../../lib/serialized-body';

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
    if (this.listening && generation === this.generation) this.store(id, entry);
    return entry;
  }

  /** `GET /api/roadmap/published` without a search: the same list for everyone. */
  async readPublishedList(load: () => Promise<RoadmapSummary[]>): Promise<SerializedBody> {
    const cached = this.publishedList;
    if (cached !== undefined && this.now() - cached.storedAt < ENTRY_MAX_AGE_MS) return cached;
    const generation = this.generation;
    const list = serializeBody(
      publishedRoadmapListSchema,
      '/api/roadmap/published',
      { roadmaps: await load() },
      true,
    );
    if (this.listening && generation === this.generation)
      this.publishedList = { ...list, storedAt: this.now() };
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
