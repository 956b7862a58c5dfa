import { jobType } from '../../jobs/queue';
import type { ReminderLead } from './announcement-texts';

// The jobs bookings queue, declared once: the transitions queue and cancel them, jobs.ts runs them.

/** Expires the holds that lapsed unpaid (jobs.ts sweepLapsedHolds); scheduled every minute, no data. */
export const sweepLapsedHoldsJob = jobType<Record<string, never>>('bookings.sweep-lapsed-holds');
/** Marks a confirmed booking completed after its end; queued at confirmation, keyed by the booking id. */
export const completeBookingJob = jobType<{ bookingId: string }>('bookings.complete');
/** Settles the confirmed sessions someone never joined (no-shows.ts); scheduled every minute, no data. */
export const sweepNoShowsJob = jobType<Record<string, never>>('bookings.sweep-no-shows');
/** Asks the provider for a decided refund (refunds.ts), again and again until it answers; keyed by booking id. */
export const refundJob = jobType<{ bookingId: string }>('payments.refund');
/** Reminds both people of a confirmed session; queued at confirmation, keyed `${bookingId}:${lead}`. */
export const remindJob = jobType<{ bookingId: string; lead: ReminderLead }>('bookings.remind');
/** Tells the mentee of a booking's notes a few minutes after a save; keyed by booking id, so saves meanwhile add none. */
export const announceNotesJob = jobType<{ bookingId: string }>('bookings.announce-notes');
