import { WAITLIST_HORIZON_DAYS } from '@skillroute/shared/bookings';
import { WAITLIST_NOTICE_HOURS } from '@skillroute/shared/marketplace-limits';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a slot freed at `now` is worth telling the waitlist about: it starts later than now and no later
 * than WAITLIST_HORIZON_DAYS ahead (a slot further out was never what made the mentor look full).
 */
export function isWithinWaitlistHorizon(startTime: Date, now: Date): boolean {
  const start = startTime.getTime();
  return start > now.getTime() && start <= now.getTime() + WAITLIST_HORIZON_DAYS * DAY_MS;
}

/** The moment before which a waiting person was last told, for them to be told again at `now`. */
export const toldBefore = (now: Date): Date =>
  new Date(now.getTime() - WAITLIST_NOTICE_HOURS * 60 * 60 * 1000);

/** The in-app path of the mentor's page, where the free hours are. */
export const mentorProfilePath = (mentorId: string): string => `/mentor-profile/${mentorId}`;
