import type { UnitOfWork } from '../../context/unit-of-work';
import * as repository from './repository';

/**
 * Telling both people of a booking what changed. The notifications here are the minimum; the mails, the
 * calendar invite and the reminders are written in this same file by the announcements work.
 */
async function parties(uow: UnitOfWork, bookingId: string) {
  const booking = await repository.findBooking(uow.tx, bookingId);
  if (booking === undefined) throw new Error(`booking ${bookingId} vanished inside its own transaction`);
  return booking;
}

export async function announceConfirmed(uow: UnitOfWork, bookingId: string): Promise<void> {
  const booking = await parties(uow, bookingId);
  await uow.notify(booking.menteeId, { type: 'booking_confirmed', message: `Your session with ${booking.mentor.name} is confirmed.`, link: '/profile/bookings' });
  await uow.notify(booking.mentorId, { type: 'booking_confirmed', message: `${booking.mentee.name} booked a session with you.`, link: '/profile/bookings' });
}

export async function announceCancelled(uow: UnitOfWork, bookingId: string, refund: { amount: number; status: string }): Promise<void> {
  const booking = await parties(uow, bookingId);
  const message = `Your session was cancelled${refund.amount > 0 ? '; the refund is on its way' : ''}.`;
  await uow.notify(booking.menteeId, { type: 'booking_cancelled', message, link: '/profile/bookings' });
  await uow.notify(booking.mentorId, { type: 'booking_cancelled', message: 'A session with you was cancelled.', link: '/profile/bookings' });
}

export async function announcePaymentFailed(uow: UnitOfWork, bookingId: string): Promise<void> {
  const booking = await parties(uow, bookingId);
  await uow.notify(booking.menteeId, {
    type: 'payment_failed',
    message: `Your payment for the session with ${booking.mentor.name} did not go through; the slot was released.`,
    link: `/mentor-profile/${booking.mentorId}`,
  });
}

export async function announceLatePaymentRefunded(uow: UnitOfWork, bookingId: string): Promise<void> {
  const booking = await parties(uow, bookingId);
  await uow.notify(booking.menteeId, {
    type: 'payment_failed',
    message: 'Your payment came after the hold lapsed and the slot was taken, so it is being refunded in full.',
    link: '/profile/bookings',
  });
}
