import { t } from '@/lib/i18n';

/**
 * The test's clock is the server's (spec: a reload does not restart it). The page learns how far the
 * device's clock is from the server's once, when the test is read, and counts down from the server's
 * deadline with that correction: a device set an hour wrong still shows the right time left.
 */
export function clockOffsetMs(serverTime: string, receivedAtMs: number): number {
  return Date.parse(serverTime) - receivedAtMs;
}

/** Whole seconds left, never below zero. */
export function secondsLeft(expiresAt: string, offsetMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - (nowMs + offsetMs)) / 1000));
}

/** 905 → "15:05"; 59 → "00:59". */
export function formatClock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The time left in words: whole minutes, or seconds in the last minute ("15 minutes", "1 minute", "30 seconds"). */
export function spokenDuration(seconds: number): string {
  if (seconds >= 60)
    return t('{count, plural, one {# minute} other {# minutes}}', {
      count: seconds >= 120 ? Math.floor(seconds / 60) : 1,
    });
  return t('{count, plural, one {# second} other {# seconds}}', { count: seconds });
}

/** What a screen reader hears of the time left: minutes, or seconds in the last minute. */
export function spokenTimeLeft(seconds: number): string {
  return t('{time} left', { time: spokenDuration(seconds) });
}

/** The moments worth announcing aloud; every tick would drown the test in speech. */
export const ANNOUNCED_AT_SECONDS = [600, 300, 60, 30, 10] as const;
