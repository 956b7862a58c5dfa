import { bookingMessages, partyOf } from '@skillroute/shared/bookings';
import type { CalendarInvite } from '../../adapters/mail/mailer';
import type { UserContext } from '../../context/service-context';
import { AppError } from '../../lib/errors';
import { confirmedInvite } from './announcements';
import { findBookingForMail } from './repository';

/**
 * `GET /api/bookings/:id/calendar.ics`: the confirmation mail's invite, for the booking's own two people and
 * only while it is confirmed; anyone else, or a booking not (or no longer) confirmed, gets the 404 of no booking.
 */
export async function bookingCalendar(
  ctx: UserContext,
  input: { bookingId: string },
): Promise<CalendarInvite> {
  const booking = await findBookingForMail(ctx.db, input.bookingId);
  const party = booking === undefined ? undefined : partyOf(booking, ctx.user.id);
  if (booking === undefined || party === undefined || booking.status !== 'confirmed')
    throw new AppError('not_found', bookingMessages.notFound);
  return confirmedInvite(booking, party, ctx.settings);
}
