import { WAITLIST_HORIZON_DAYS } from '@skillroute/shared/bookings';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a slot freed at `now` is worth telling the waitlist about: it starts later than now and no later
 * than WAITLIST_HORIZON_DAYS ahead (a slot further out was never what made the mentor look full).
 */
export function isWithinWaitlistHorizon(startTime: Date, now: Date): boolean {
  const start = startTime.getTime();
  return start > now.getTime() && start <= now.getTime() + WAITLIST_HORIZON_DAYS * DAY_MS;
}

/**
 * The notification's words. Without the time: we do not store anyone's zone, and a UTC time reads wrong to
 * most people; the linked page shows the free hours in the reader's own zone.
 */
export const freedSlotMessage = (mentorName: string): string =>
  `A slot with ${mentorName} freed up. Book it before someone else does.`;

/** The in-app path of the mentor's page, where the free hours are. */
export const mentorProfilePath = (mentorId: string): string => `/mentor-profile/${mentorId}`;
