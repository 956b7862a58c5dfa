import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import {
  mentorListResponseSchema,
  type MentorListQuery,
  type MentorListResponse,
} from '@skillroute/shared/mentors';
import type { ListingCache, TimeChange } from '../../context/ports';
import { listenForChanges } from '../../db/listen';
import { serializeBody, type CachedAnswer, type SerializedBody } from '../../lib/serialized-body';
import { BOOKING_REACH_MS, SLOT_NOTICE_MS } from '../availability/slots';
import { changeAlters, MENTOR_LISTING_CHANNEL, timeChangeOf } from './listing-changes';
import { companiesFilter, excludedCallers, skillFilter, type ListingCaller } from './rules';

declare module 'fastify' {
  interface FastifyInstance {
    mentorListingCache: MentorListingCache;
  }
}

/** No entry is served older than this, whatever was or was not heard. */
export const LISTING_MAX_AGE_MS = 60_000;
/** Keys and bodies kept at most; the oldest stored go first. A page of 12 cards is about 6 kB. */
export const LISTING_BUDGET_BYTES = 16 * 1024 * 1024;
/** Values kept at most (`readValue`): one per mentor asked for, their hours and settings (about a kilobyte). */
export const LISTING_VALUES_MAX = 10_000;
/** The listening connection's name in `pg_stat_activity`. */
export const LISTING_LISTENER_NAME = 'skillroute-mentor-listing-cache';

/**
 * Lower case where JavaScript and PostgreSQL agree on it: ASCII. The query folds the skill (citext) and the
 * search (`lower()`) in PostgreSQL, whose lower() differs from toLowerCase on some letters ("İ"); text with
 * anything else is kept as typed, so two texts share an entry only when the database would read them alike.
 */
const foldAscii = (text: string): string => (/^[\x20-\x7e]*$/.test(text) ? text.toLowerCase() : text);

/**
 * The cache key of a listing request: everything the page depends on, normalised so that requests the query
 * answers alike share an entry. The skill and search folded to lower case (see foldAscii), languages sorted
 * (compared exactly, as the query does), companies lower-cased and sorted (as the query compares them), the
 * experience floor, the page and its size, and the excluded callers (the `userId` of the query and a signed-in
 * mentor, sorted): anonymous visitors and signed-in readers who are not mentors share entries when they send no
 * `userId`.
 */
export function listingKey(skill: string, query: MentorListQuery, caller: ListingCaller): string {
  const stack = skillFilter(skill);
  return JSON.stringify([
    stack === undefined ? null : foldAscii(stack),
    [...new Set(query.languages ?? [])].sort(),
    companiesFilter(query.companies ?? []).sort(),
    query.search === undefined ? '' : foldAscii(query.search),
    query.expirience ?? null,
    query.page,
    query.limit,
    excludedCallers(query.userId, caller),
    // Which mentors come first for a topic's "Find a mentor for …".
    query.roadmap?.toLowerCase() ?? null,
    query.roadmap === undefined ? null : (query.topic?.toLowerCase() ?? null),
  ]);
}

/**
 * When a page read at `storedAt` stops being true without any change: at the latest after LISTING_MAX_AGE_MS,
 * and as soon as the earliest next free slot it shows stops being bookable (its start minus the booking
 * notice), when the card would show a later slot.
 */
export function listingExpiresAt(storedAt: number, page: Pick<MentorListResponse, 'mentors'>): number {
  let expiresAt = storedAt + LISTING_MAX_AGE_MS;
  for (const card of page.mentors) {
    if (card.nextFreeSlot !== null)
      expiresAt = Math.min(expiresAt, Date.parse(card.nextFreeSlot.startTime) - SLOT_NOTICE_MS);
  }
  return expiresAt;
}

interface ListingEntry extends SerializedBody {
  expiresAt: number;
  /** Whose booked time the answer shows, and until when a change of it matters (`CachedAnswer.timeShown`). */
  timeShown: ReadonlyMap<string, number>;
}

/**
 * What of its mentors' booked time a page shows: each card's next free slot. A booking changes its mentor's card
 * only (the order and the filters go by nothing a booking changes), and only a change that starts before the slot
 * plus BOOKING_REACH_MS can take that slot or free an earlier one. A card without a slot shows that nothing is
 * free, which any freed time can alter.
 */
export function listingTimeShown(page: Pick<MentorListResponse, 'mentors'>): ReadonlyMap<string, number> {
  return new Map(
    page.mentors.map((card) => [
      card.id,
      card.nextFreeSlot === null ? Infinity : Date.parse(card.nextFreeSlot.startTime) + BOOKING_REACH_MS,
    ]),
  );
}

const listingAnswer: CachedAnswer<MentorListResponse> = {
  schema: mentorListResponseSchema,
  url: '/api/mentor/:skill',
  expiresAt: listingExpiresAt,
  timeShown: listingTimeShown,
};

/**
 * A listing page that also expires at `unbookableAt()`, asked right after its load: when a next free slot it
 * shows stops being bookable by its mentor's own notice (booking settings), which may be longer than the default.
 */
export const listingAnswerUntil = (unbookableAt: () => number): CachedAnswer<MentorListResponse> => ({
  ...listingAnswer,
  expiresAt: (storedAt, page) => Math.min(listingExpiresAt(storedAt, page), unbookableAt()),
});

/**
 * The read under way for `key` in `reads`, or a new one from `read`, so concurrent misses on one key read once.
 * It leaves `reads` once settled, unless a change already cleared `reads` (a read begun after it is not joined).
 */
function shareRead<V>(reads: Map<string, Promise<V>>, key: string, read: () => Promise<V>): Promise<V> {
  const pending = reads.get(key);
  if (pending !== undefined) return pending;
  const started = read().finally(() => {
    if (reads.get(key) === started) reads.delete(key);
  });
  reads.set(key, started);
  return started;
}

/**
 * Pages of the mentor listing as the route sends them, serialized once, in the manner of the roadmap cache
 * (graph-cache.ts): every api process keeps its own and hears of changes through PostgreSQL (`LISTEN`), here
 * from triggers (migration 0010), so a change made anywhere, the database's own console included, is heard
 * once committed. A change of a profile drops every page (it can move between pages and filters); a booking
 * that takes or frees time drops only the answers it can alter (listing-changes.ts). While the
 * listening connection is down nothing is served from here.
 */
export class MentorListingCache implements ListingCache {
  /**
   * Read with `peek`, which leaves the order alone, so the oldest stored go first. The key counts too: the
   * search text and the caller's id are anyone's to vary, so the keys are not a small fixed set; what anyone
   * can fill is bounded by the budget. An entry larger than the whole budget is not kept.
   */
  private readonly entries = new LRUCache<string, ListingEntry>({
    maxSize: LISTING_BUDGET_BYTES,
    sizeCalculation: (entry, key) => key.length + entry.body.length,
    // However it goes (dropped, replaced, or the oldest when the budget is full), out of the index too.
    dispose: (entry, key) => this.unindex(key, entry),
  });
  /** The keys of the kept answers that show each person's time: a booking looks at its people's answers only. */
  private readonly keysShowing = new Map<string, Set<string>>();
  /** Reads under way, so concurrent misses on one key query once. */
  private readonly loading = new Map<string, Promise<ListingEntry>>();
  /** What `readValue` keeps: plain values, not answers, that show no booked time. */
  private readonly values = new LRUCache<string, { value: NonNullable<unknown>; expiresAt: number }>({
    max: LISTING_VALUES_MAX,
  });
  /** `readValue`'s reads under way, so concurrent misses on one key (a burst of holds after a change) read once. */
  private readonly loadingValues = new Map<string, Promise<unknown>>();
  /** Counts every change heard that drops everything; a read that began before one does not store what it read. */
  private generation = 0;
  /** For each read under way, the time changes since it began: it does not store an answer one of them alters. */
  private readonly changedDuringReads = new Set<TimeChange[]>();
  private listening = false;

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether pages are served from memory: only while the changes are being heard. */
  get active(): boolean {
    return this.listening;
  }

  /** Answers kept, their bytes (keys and bodies), and the people the index of their shown time names. */
  get stats(): { entries: number; bytes: number; indexed: number } {
    return { entries: this.entries.size, bytes: this.entries.calculatedSize, indexed: this.keysShowing.size };
  }

  /** The page for `key`, from memory while it is fresh, else from `load` (stored if nothing changed meanwhile). */
  read(key: string, load: () => Promise<MentorListResponse>): Promise<SerializedBody> {
    return this.readAnswer(key, listingAnswer, load);
  }

  /**
   * Any other answer that the same changes can alter (a mentor's free slots, availability/service.ts), under
   * keys of its own that cannot be a listing's (those are JSON arrays).
   */
  async readAnswer<T>(key: string, answer: CachedAnswer<T>, load: () => Promise<T>): Promise<SerializedBody> {
    const cached = this.entries.peek(key);
    if (cached !== undefined) {
      if (this.now() < cached.expiresAt) return cached;
      this.entries.delete(key);
    }
    if (!this.listening) return this.serialize(answer, await load());
    return shareRead(this.loading, key, () => {
      const generation = this.generation;
      const changedMeanwhile: TimeChange[] = [];
      this.changedDuringReads.add(changedMeanwhile);
      return load()
        .then((body) => {
          const entry = this.serialize(answer, body);
          if (
            this.listening &&
            generation === this.generation &&
            !changedMeanwhile.some((change) => changeAlters(change, entry.timeShown)) &&
            this.now() < entry.expiresAt
          )
            this.store(key, entry);
          return entry;
        })
        .finally(() => this.changedDuringReads.delete(changedMeanwhile));
    });
  }

  /**
   * A value that a mentor's own data decides and that shows no booked time (their availability and settings), kept
   * like the pages: until any change but a time change is heard, at most LISTING_MAX_AGE_MS, and only while changes
   * are heard. Nothing found (undefined) is not kept: it is read again each time.
   */
  readValue<T extends NonNullable<unknown>>(
    key: string,
    load: () => Promise<T | undefined>,
  ): Promise<T | undefined> {
    const kept = this.values.get(key);
    if (kept !== undefined && this.now() < kept.expiresAt) return Promise.resolve(kept.value as T);
    return shareRead(this.loadingValues, key, async () => {
      const generation = this.generation;
      const storedAt = this.now();
      const value = await load();
      if (value !== undefined && this.listening && generation === this.generation)
        this.values.set(key, { value, expiresAt: storedAt + LISTING_MAX_AGE_MS });
      return value;
    }) as Promise<T | undefined>;
  }

  /** Something that can alter a page changed: every page goes, and reads under way are not joined or stored. */
  forgetAll(): void {
    this.generation += 1;
    this.entries.clear();
    this.values.clear();
    this.loadingValues.clear();
    this.keysShowing.clear();
    this.loading.clear();
  }

  /**
   * Some people's booked time changed: the answers it can alter go (`changeAlters`), reads under way are not
   * joined, and a read under way does not store an answer it alters.
   */
  forgetTimeOf(change: TimeChange): void {
    for (const changedMeanwhile of this.changedDuringReads) changedMeanwhile.push(change);
    const altered = new Set<string>();
    for (const person of change.people)
      for (const key of this.keysShowing.get(person) ?? []) {
        const entry = this.entries.peek(key);
        if (entry !== undefined && changeAlters(change, entry.timeShown)) altered.add(key);
      }
    for (const key of altered) this.entries.delete(key);
    this.loading.clear();
  }

  /** What a notification on the channel says: a time change, or anything else, which drops everything. */
  heard(payload: string): void {
    const change = timeChangeOf(payload);
    if (change === undefined) this.forgetAll();
    else this.forgetTimeOf(change);
  }

  /** Called by the listener: serve from memory only while changes are heard. */
  setListening(listening: boolean): void {
    this.forgetAll();
    this.listening = listening;
  }

  private store(key: string, entry: ListingEntry): void {
    this.entries.set(key, entry);
    // An answer larger than the whole budget is not kept, so it is not indexed either.
    if (this.entries.peek(key) !== entry) return;
    // What `readAnswer` would serve for the key right now (the answer replay asks before sending it again).
    entry.isCurrent = () =>
      this.listening && this.entries.peek(key) === entry && this.now() < entry.expiresAt;
    for (const person of entry.timeShown.keys()) {
      const keys = this.keysShowing.get(person) ?? new Set<string>();
      keys.add(key);
      this.keysShowing.set(person, keys);
    }
  }

  private unindex(key: string, entry: ListingEntry): void {
    for (const person of entry.timeShown.keys()) {
      const keys = this.keysShowing.get(person);
      keys?.delete(key);
      if (keys?.size === 0) this.keysShowing.delete(person);
    }
  }

  private serialize<T>(answer: CachedAnswer<T>, body: T): ListingEntry {
    const storedAt = this.now();
    // Served `private, no-store` like every other API answer (privateByDefault).
    return {
      ...serializeBody(answer.schema, answer.url, body, false),
      expiresAt: answer.expiresAt(storedAt, body),
      timeShown: answer.timeShown(body),
    };
  }
}

/** `app.mentorListingCache`, kept current by the process's own listening connection to PostgreSQL; expiry follows the app's clock. */
export const mentorListingCache = fp(
  async function mentorListingCache(app: FastifyInstance, options: { connectionString: string }) {
    const cache = new MentorListingCache(() => app.clock.now().getTime());
    app.decorate('mentorListingCache', cache);
    const listener = await listenForChanges(
      {
        connectionString: options.connectionString,
        applicationName: LISTING_LISTENER_NAME,
        channels: [MENTOR_LISTING_CHANNEL],
        label: 'mentor listing cache',
        log: app.log,
      },
      {
        heard: (_channel, payload) => cache.heard(payload),
        setListening: (listening) => cache.setListening(listening),
      },
    );
    app.addHook('onClose', () => listener.close());
  },
  { name: 'mentor-listing-cache' },
);
