import type { Clock } from '../src/context/service-context';

export interface MovableClock extends Clock {
  /** Moves this clock ahead of the real one; it keeps running from there. */
  advance(ms: number): void;
}

/** The real time plus an offset a test can grow: a grace period or a hold lapses without waiting. */
export function movableClock(): MovableClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms) {
      offsetMs += ms;
    },
  };
}
