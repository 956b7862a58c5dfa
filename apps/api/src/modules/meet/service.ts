import { idSchema } from '@skillroute/shared/ids';
import { JOIN_HISTORY_MESSAGES, ROOM_MESSAGES_KEPT } from '@skillroute/shared/marketplace-limits';
import { partyOf } from '@skillroute/shared/bookings';
import {
  MEET_NAMESPACE,
  meetMessages,
  roomWindow,
  type ChatMessage,
  type MeetRoom,
} from '@skillroute/shared/meet';
import type { ServiceContext, UserContext, WorkContext } from '../../context/service-context';
import type { MeetingMessageRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import * as repository from './repository';
import { closedReason, hasRoom, iceServersFor, meetRoom } from './rules';

const toChatMessage = (row: MeetingMessageRow): ChatMessage => ({
  id: row.id,
  fromId: row.fromId,
  text: row.text,
  sentAt: row.sentAt.toISOString(),
});

/**
 * The room's booking and the caller's part in it. A malformed id, no such room, a booking that never had a
 * room (a lapsed or failed hold) and someone else's room all read the same: nobody learns a room exists.
 */
async function roomOf(ctx: ServiceContext, userId: string, roomId: string) {
  if (!idSchema.safeParse(roomId).success) throw new AppError('not_found', meetMessages.notFound);
  const booking = await repository.findRoomBooking(ctx.db, roomId);
  const role = booking === undefined ? undefined : partyOf(booking, userId);
  if (booking === undefined || role === undefined || !hasRoom(booking.status))
    throw new AppError('not_found', meetMessages.notFound);
  return { booking, role };
}

/** `GET /api/meet/:roomId`: the room for its two people, open or not (the page says when, or why not). */
export async function getRoom(ctx: UserContext, input: { roomId: string }): Promise<MeetRoom> {
  const { roomId } = input;
  const settings = ctx.settings.meet;
  const { booking, role } = await roomOf(ctx, ctx.user.id, roomId);
  const now = ctx.clock.now();
  const { opensAt, closesAt } = roomWindow(booking);
  const [self, peer] =
    role === 'mentee' ? [booking.mentee, booking.mentor] : [booking.mentor, booking.mentee];
  const turn =
    settings.turnSecret === undefined
      ? undefined
      : { secret: settings.turnSecret, ttlSeconds: settings.turnTtlSeconds };
  return {
    roomId: booking.roomId,
    booking: {
      id: booking.id,
      startTime: booking.startTime.toISOString(),
      endTime: booking.endTime.toISOString(),
      status: booking.status,
    },
    self: { id: self.id, name: self.name },
    peer: { id: peer.id, name: peer.name, avatar: peer.avatar },
    polite: role === 'mentee',
    opensAt: opensAt.toISOString(),
    closesAt: closesAt.toISOString(),
    open: closedReason(booking, now) === undefined,
    iceServers: iceServersFor(settings.iceServers, turn, ctx.user.id, now),
  };
}

export interface JoinedRoom {
  bookingId: string;
  peerId: string;
  /** The mentee is the polite peer of perfect negotiation. */
  polite: boolean;
  /** The joining person's part in the booking. */
  role: 'mentor' | 'mentee';
  /** The newest messages of the chat, oldest first. */
  history: ChatMessage[];
  /** When the room closes (epoch ms): a joined socket is taken out then. */
  closesAt: number;
}

/**
 * A socket's `join`, checked every time: one of the booking's two people, and the room open at the clock's
 * now. Refusals are AppErrors whose message the socket's ack carries.
 */
export async function joinRoom(
  ctx: ServiceContext,
  input: { userId: string; roomId: string },
): Promise<JoinedRoom> {
  const { userId, roomId } = input;
  const { booking, role } = await roomOf(ctx, userId, roomId);
  const refusal = closedReason(booking, ctx.clock.now());
  if (refusal !== undefined) throw new AppError('forbidden', refusal);
  const history = await repository.listLatestMessages(ctx.db, booking.id, JOIN_HISTORY_MESSAGES);
  return {
    bookingId: booking.id,
    peerId: role === 'mentee' ? booking.mentorId : booking.menteeId,
    polite: role === 'mentee',
    role,
    history: history.map(toChatMessage),
    closesAt: roomWindow(booking).closesAt.getTime(),
  };
}

/**
 * A join the socket was let in for: the person's first join of the session is kept on the booking (the server's
 * clock, not the browser's word), for the no-show decision 10 minutes after the start (bookings/no-shows.ts).
 */
export async function recordArrival(
  ctx: ServiceContext,
  input: { bookingId: string; role: 'mentor' | 'mentee' },
): Promise<void> {
  await repository.recordFirstJoin(ctx.db, { ...input, at: ctx.clock.now() });
}

/**
 * A chat message of a joined socket, kept with the booking; the room must still be open (a late tab cannot
 * write after it closed). The room keeps its newest messages only: older ones go as new ones come.
 */
export async function postChat(
  ctx: ServiceContext,
  input: { userId: string; roomId: string; text: string },
): Promise<ChatMessage> {
  const { userId, roomId, text } = input;
  const { booking } = await roomOf(ctx, userId, roomId);
  const refusal = closedReason(booking, ctx.clock.now());
  if (refusal !== undefined) throw new AppError('forbidden', refusal);
  const row = await repository.insertMessage(ctx.db, { bookingId: booking.id, fromId: userId, text });
  await repository.trimMessages(ctx.db, booking.id, ROOM_MESSAGES_KEPT);
  return toChatMessage(row);
}

/**
 * A cancelled booking's room closes once the cancellation commits: a call in progress hears why (`room-closed`)
 * and both sockets are taken out of the room, so nothing more is relayed; joining again is refused as cancelled.
 * A session settled as a no-show closes the same way, with its own `message`.
 */
export function closeRoomAfterCommit(ctx: WorkContext, input: { roomId: string; message?: string }): void {
  ctx.uow.afterCommit(() =>
    ctx.sockets.closeRoom(MEET_NAMESPACE, meetRoom(input.roomId), 'room-closed', {
      message: input.message ?? meetMessages.cancelled,
    }),
  );
}
