/**
 * Locks by key within this process, taken in one sorted order (so two holders of overlapping keys never wait
 * on each other in a circle). Bookings queue here per person before they ask PostgreSQL for its advisory
 * locks: a burst of requests for one mentor then waits in memory, not each on a pooled connection parked in
 * `pg_advisory_xact_lock`, which would starve the pool (10 connections) and turn the burst into 503s. Across
 * processes the advisory locks still decide.
 */
export class KeyedLocks {
  private readonly tails = new Map<string, Promise<void>>();

  /**
   * Runs `work` holding every key; the keys are released when it settles. `work` hears whether it waited
   * behind another holder of one of its keys (whose change it may now find made).
   */
  async run<T>(keys: readonly string[], work: (queued: boolean) => Promise<T>): Promise<T> {
    const releases: Array<() => void> = [];
    let queued = false;
    try {
      for (const key of [...new Set(keys)].sort()) {
        queued ||= this.tails.has(key);
        releases.push(await this.acquire(key));
      }
      return await work(queued);
    } finally {
      for (const release of releases.reverse()) release();
    }
  }

  /** How many keys are held or waited for now (a test's check that nothing leaks). */
  get size(): number {
    return this.tails.size;
  }

  private async acquire(key: string): Promise<() => void> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => held);
    this.tails.set(key, tail);
    await previous;
    return () => {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
  }
}

/** This process's queue per person, in front of the database's advisory locks: new holds and moves share it. */
export const localLocks = new KeyedLocks();
