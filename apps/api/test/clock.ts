import type { Clock } from '../src/context/ports';

export interface MovableClock extends Clock {
  /** Moves this clock ahead of the real one; it keeps running from there. */
  advance(ms: number): void;
  /** Stops this clock where it stands (advance still moves it): a count per second holds however busy the machine. */
  freeze(): void;
  /** Lets it run again, the real time plus the offset. */
  thaw(): void;
}

/** The real time plus an offset a test can grow: a grace period or a hold lapses without waiting. */
export function movableClock(): MovableClock {
  let offsetMs = 0;
  let frozenAt: number | undefined;
  return {
    now: () => new Date(frozenAt ?? Date.now() + offsetMs),
    advance(ms) {
      offsetMs += ms;
      if (frozenAt !== undefined) frozenAt += ms;
    },
    freeze() {
      frozenAt = Date.now() + offsetMs;
    },
    thaw() {
      frozenAt = undefined;
    },
  };
}

/**
 * A Monday at least a week ahead of the real time, 00:00 UTC, as epoch milliseconds: a service clock pinned
 * there queues jobs (a hold's expiry, a reminder) that never fall due while a test runs.
 */
export function mondayAhead(): number {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const day = new Date(Date.now() + 7 * DAY_MS);
  day.setUTCHours(0, 0, 0, 0);
  while (day.getUTCDay() !== 1) day.setTime(day.getTime() + DAY_MS);
  return day.getTime();
}
