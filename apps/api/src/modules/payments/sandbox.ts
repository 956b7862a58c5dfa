import { bookingMessages, paymentRefusal, type Booking } from '@skillroute/shared/bookings';
import { msg } from '@skillroute/shared/i18n/msg';
import { paymentMessages } from '@skillroute/shared/payments';
import type { ServiceContext } from '../../context/service-context';
import { readBooking } from '../bookings/service';
import { timezoneOfUser } from '../users/service';
import * as repository from './repository';
import type { SandboxCheckoutView } from './sandbox-checkout';

/** What the sandbox checkout shows for a payment id and a visitor (the routes render it). */
export type SandboxCheckout =
  | { show: 'form'; booking: Booking; payerTimeZone: string }
  | { show: 'notice'; status: 401 | 404 | 409; message: string; link: { href: string; label: string } };

/** The checkout page's own path, where its form posts and its redirects come back to. */
export const checkoutPath = (paymentId: string): string =>
  `/api/payments/sandbox/checkout/${encodeURIComponent(paymentId)}`;

/** Which booking a sandbox payment id pays for, if the visitor may pay it now (the payable rule of `POST /create`). */
export async function sandboxCheckoutFor(
  ctx: ServiceContext,
  input: { paymentId: string; userId: string | undefined },
): Promise<SandboxCheckout> {
  const { paymentId, userId } = input;
  if (userId === undefined)
    return {
      show: 'notice',
      status: 401,
      message: msg('Sign in to pay for this session.'),
      // Back to this checkout once signed in (the login page checks the path is this site's).
      link: {
        href: `/login?${new URLSearchParams({ returnTo: checkoutPath(paymentId) })}`,
        label: msg('Sign in'),
      },
    };
  const bookingId = await repository.findBookingIdByPayment(ctx.db, paymentId);
  const booking = bookingId === undefined ? undefined : await readBooking(ctx, { bookingId });
  const refusal = booking === undefined ? 'not_yours' : paymentRefusal(booking, userId, ctx.clock.now());
  if (booking === undefined || refusal === 'not_yours')
    return {
      show: 'notice',
      status: 404,
      message: bookingMessages.notFound,
      link: { href: '/explore-mentors', label: msg('Find a mentor') },
    };
  if (refusal === 'not_payable')
    return {
      show: 'notice',
      status: 409,
      message: paymentMessages.notPayable,
      link: {
        href: `/payment-success?bookingId=${booking.id}`,
        label: msg('See what happened to this booking'),
      },
    };
  if (refusal === 'hold_lapsed')
    return {
      show: 'notice',
      status: 409,
      message: paymentMessages.holdLapsed,
      link: {
        href: `/mentor-profile/${booking.mentorId}`,
        label: msg('Back to {name}', { name: booking.mentor.name }),
      },
    };
  return { show: 'form', booking, payerTimeZone: await timezoneOfUser(ctx, userId) };
}

/** The checkout's error states, carried in its URL (`?error=<code>`) after the form's 303. */
export const SANDBOX_CHECKOUT_ERRORS = { cardUnknown: 'card_unknown' } as const;

const checkoutErrorMessages: Record<string, string> = {
  [SANDBOX_CHECKOUT_ERRORS.cardUnknown]: paymentMessages.cardUnknown,
};

/** The message for an `?error=` code; any other value (a hand-edited URL) shows no error at all. */
export const sandboxCheckoutErrorMessage = (code: string | undefined): string | undefined =>
  code !== undefined && Object.hasOwn(checkoutErrorMessages, code) ? checkoutErrorMessages[code] : undefined;

/** The checkout page's view of a booking, for the form at `action`, with the time on the payer's clock. */
export const checkoutViewOf = (
  { booking, payerTimeZone }: { booking: Booking; payerTimeZone: string },
  action: string,
): SandboxCheckoutView => ({
  action,
  timeZone: payerTimeZone,
  mentorName: booking.mentor.name,
  mentorProfilePath: `/mentor-profile/${booking.mentorId}`,
  startTime: new Date(booking.startTime),
  amountPaise: booking.amount,
});
