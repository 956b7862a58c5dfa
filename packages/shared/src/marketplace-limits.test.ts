import { describe, expect, it } from 'vitest';
import { limitMessages, waitInWords } from './marketplace-limits';

describe('a wait in words', () => {
  it('rounds up to whole minutes under an hour, and to hours beyond', () => {
    expect(waitInWords(1)).toBe('1 minute');
    expect(waitInWords(60)).toBe('1 minute');
    expect(waitInWords(61)).toBe('2 minutes');
    expect(waitInWords(59 * 60)).toBe('59 minutes');
    expect(waitInWords(60 * 60)).toBe('about 1 hour');
    expect(waitInWords(60 * 60 + 1)).toBe('about 2 hours');
    expect(waitInWords(23.5 * 60 * 60)).toBe('about 24 hours');
  });

  it('tells a person refused a hold or a booking request when they may try again', () => {
    expect(limitMessages.lapsedHolds(3 * 60 * 60)).toBe(
      '3 of your holds lapsed unpaid in the last 24 hours, so you can hold a new session again in about 3 hours.',
    );
    expect(limitMessages.bookingRequests(250)).toBe(
      'You have made 10 booking requests in 10 minutes. You can make the next in 5 minutes.',
    );
  });
});
