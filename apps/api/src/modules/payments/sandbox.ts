import { bookingMessages } from '@skillroute/shared/bookings';
import { paymentMessages } from '@skillroute/shared/payments';
import type { ServiceContext } from '../../context/service-context';
import { findBookingByPayment, type BookingWithParties } from '../bookings/service';

/** What the sandbox checkout shows for a payment id and a visitor (the routes render it). */
export type SandboxCheckout =
  | { show: 'form'; booking: BookingWithParties }
  | { show: 'notice'; status: 401 | 404 | 409; message: string; link: { href: string; label: string } };

/** Which booking a sandbox payment id pays for, if the visitor may pay it now. */
export async function sandboxCheckoutFor(
  ctx: ServiceContext,
  paymentId: string,
  userId: string | undefined,
): Promise<SandboxCheckout> {
  if (userId === undefined)
    return {
      show: 'notice',
      status: 401,
      message: 'Sign in to pay for this session.',
      link: { href: '/login', label: 'Sign in' },
    };
  const booking = await findBookingByPayment(ctx.db, paymentId);
  if (booking === undefined || booking.menteeId !== userId)
    return {
      show: 'notice',
      status: 404,
      message: bookingMessages.notFound,
      link: { href: '/explore-mentors', label: 'Find a mentor' },
    };
  const result = {
    href: `/payment-success?bookingId=${booking.id}`,
    label: 'See what happened to this booking',
  };
  if (booking.status !== 'pending_payment')
    return { show: 'notice', status: 409, message: paymentMessages.notPayable, link: result };
  if (booking.holdExpiresAt.getTime() <= ctx.clock.now().getTime())
    return {
      show: 'notice',
      status: 409,
      message: paymentMessages.holdLapsed,
      link: { href: `/mentor-profile/${booking.mentorId}`, label: `Back to ${booking.mentor.name}` },
    };
  return { show: 'form', booking };
}
