import {
  bookingMessages,
  notesRefusal,
  sessionNotesMessages,
  type Booking,
  type SessionNotesBody,
} from '@skillroute/shared/bookings';
import { within, type UserContext } from '../../context/service-context';
import { AppError } from '../../lib/errors';
import { scheduleNotesAnnouncement } from './announcements';
import * as repository from './repository';
import { readBooking } from './service';

/**
 * `POST /api/bookings/:id/notes`: the mentor's notes and homework, once the session has started (a confirmed
 * or completed booking whose start has passed). Anyone but its mentor hears 404, as for no booking. A save
 * replaces the text; a save of the same text changes nothing and tells nobody. A change is told to the mentee
 * a few minutes later, once for however many saves came meanwhile (announcements.ts `announceNotes`).
 */
export async function writeSessionNotes(
  ctx: UserContext,
  input: { bookingId: string; body: SessionNotesBody },
): Promise<Booking> {
  const { bookingId, body } = input;
  const found = await repository.findBookingRow(ctx.db, bookingId);
  if (found === undefined) throw new AppError('not_found', bookingMessages.notFound);
  const now = ctx.clock.now();
  const refusal = notesRefusal(found, ctx.user.id, now);
  if (refusal === 'not_yours') throw new AppError('not_found', bookingMessages.notFound);
  if (refusal === 'not_a_session') throw new AppError('conflict', sessionNotesMessages.notANoteSession);
  if (refusal === 'not_started') throw new AppError('conflict', sessionNotesMessages.notStarted);
  await ctx.unitOfWork(async (uow) => {
    const changed = await repository.saveNotes(uow.tx, bookingId, { text: body.text, now });
    if (changed !== undefined) await scheduleNotesAnnouncement(within(ctx, uow), { bookingId });
  });
  return readBooking(ctx, { bookingId, audience: 'party' });
}
