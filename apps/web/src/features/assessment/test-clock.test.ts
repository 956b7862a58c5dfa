import { describe, expect, it } from 'vitest';
import { clockOffsetMs, formatClock, secondsLeft, spokenTimeLeft } from './test-clock';

describe('the test clock', () => {
  const expiresAt = '2026-11-23T10:15:00.000Z';

  it('counts down on the server’s clock, whatever the device’s says', () => {
    // The device runs an hour behind the server.
    const deviceNow = Date.parse('2026-11-23T09:00:00.000Z');
    const offset = clockOffsetMs('2026-11-23T10:00:00.000Z', deviceNow);
    expect(offset).toBe(3_600_000);
    expect(secondsLeft(expiresAt, offset, deviceNow)).toBe(900);
    expect(secondsLeft(expiresAt, offset, deviceNow + 60_500)).toBe(840);
  });

  it('stops at zero', () => {
    expect(secondsLeft(expiresAt, 0, Date.parse('2026-11-23T11:00:00.000Z'))).toBe(0);
  });

  it('shows minutes and seconds', () => {
    expect(formatClock(900)).toBe('15:00');
    expect(formatClock(905)).toBe('15:05');
    expect(formatClock(59)).toBe('00:59');
    expect(formatClock(0)).toBe('00:00');
  });

  it('says the time left in words', () => {
    expect(spokenTimeLeft(600)).toBe('10 minutes left');
    expect(spokenTimeLeft(61)).toBe('1 minute left');
    expect(spokenTimeLeft(30)).toBe('30 seconds left');
    expect(spokenTimeLeft(1)).toBe('1 second left');
  });
});
