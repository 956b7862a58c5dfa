import { describe, expect, it } from 'vitest';
import { formatZonedTime, readerZone, zoneDisplayName, zoneListName } from './time-zones';

const FRIDAY_2PM_NEW_YORK = new Date('2026-11-27T19:00:00Z');

describe('zoneDisplayName', () => {
  it('names a zone as people know it, with its city', () => {
    expect(zoneDisplayName('America/New_York', FRIDAY_2PM_NEW_YORK)).toBe('Eastern Time (New York)');
    expect(zoneDisplayName('Europe/Berlin', FRIDAY_2PM_NEW_YORK)).toBe('Central European Time (Berlin)');
    expect(zoneDisplayName('America/Argentina/Buenos_Aires', FRIDAY_2PM_NEW_YORK)).toBe(
      'Argentina Standard Time (Buenos Aires)',
    );
  });

  it('keeps one name across daylight saving time', () => {
    expect(zoneDisplayName('America/New_York', new Date('2026-07-01T12:00:00Z'))).toBe(
      'Eastern Time (New York)',
    );
  });

  it('reads India as IST, by its old name too, and UTC as UTC', () => {
    expect(zoneDisplayName('Asia/Kolkata')).toBe('IST');
    expect(zoneDisplayName('Asia/Calcutta')).toBe('IST');
    expect(zoneDisplayName('UTC')).toBe('UTC');
  });
});

describe('zoneListName', () => {
  it('names every zone in full with its city, India too, for a list to pick from', () => {
    expect(zoneListName('Asia/Kolkata')).toBe('India Standard Time (Kolkata)');
    expect(zoneListName('America/New_York')).toBe('Eastern Time (New York)');
    expect(zoneListName('UTC')).toBe('UTC');
  });
});

describe('formatZonedTime', () => {
  it('writes the time on the reader’s clock with the zone named', () => {
    expect(formatZonedTime(FRIDAY_2PM_NEW_YORK, 'America/New_York')).toBe(
      'Fri 27 Nov, 2:00 PM Eastern Time (New York)',
    );
    expect(formatZonedTime(FRIDAY_2PM_NEW_YORK, 'Europe/Berlin')).toBe(
      'Fri 27 Nov, 8:00 PM Central European Time (Berlin)',
    );
  });

  it('moves the day when the reader’s clock has passed midnight', () => {
    expect(formatZonedTime(FRIDAY_2PM_NEW_YORK, 'Asia/Kolkata')).toBe('Sat 28 Nov, 12:30 AM IST');
    expect(formatZonedTime('2026-11-27T19:00:00.000Z', 'UTC')).toBe('Fri 27 Nov, 7:00 PM UTC');
  });

  it('writes the names in the reader’s language given its Intl tag; English tags read as before', () => {
    expect(formatZonedTime(FRIDAY_2PM_NEW_YORK, 'Asia/Kolkata', 'hi-IN')).toBe('शनि 28 नव॰, 12:30 AM IST');
    expect(formatZonedTime(FRIDAY_2PM_NEW_YORK, 'Europe/Berlin', 'hi-IN')).toBe(
      'शुक्र 27 नव॰, 8:00 PM मध्य यूरोपीय समय (Berlin)',
    );
    expect(formatZonedTime(FRIDAY_2PM_NEW_YORK, 'America/New_York', 'en-IN')).toBe(
      formatZonedTime(FRIDAY_2PM_NEW_YORK, 'America/New_York'),
    );
    expect(zoneDisplayName('Asia/Kolkata', FRIDAY_2PM_NEW_YORK, 'hi-IN')).toBe('IST');
  });
});

describe('readerZone', () => {
  it('takes the person’s own zone, else the fallback, else India’s', () => {
    expect(readerZone('America/New_York', 'Europe/Berlin')).toBe('America/New_York');
    expect(readerZone(null, 'Europe/Berlin')).toBe('Europe/Berlin');
    expect(readerZone(null)).toBe('Asia/Kolkata');
  });
});
