import { MEET_NAMESPACE, type JoinAck } from '@skillroute/shared/meet';
import type { Socket } from 'socket.io-client';
import type { Executor } from '../src/db/client';
import { bookings, type BookingRow } from '../src/db/schema';
import { HOUR_MS } from './bookings';

// Generous: the machine running the suite may be busy with other work.
export const EVENT_TIMEOUT_MS = 15_000;

/** The address of the `/meet` namespace, for `connectedSocket` and `refusalOf` of ./sockets. */
export const meetUrl = (baseUrl: string) => `${baseUrl}${MEET_NAMESPACE}`;

/** A one-hour booking written straight in the table, starting `startsInMs` from the real now. */
export async function insertBooking(
  db: Executor,
  people: { mentorId: string; menteeId: string },
  startsInMs: number,
  status: BookingRow['status'] = 'confirmed',
): Promise<BookingRow> {
  const startTime = new Date(Date.now() + startsInMs);
  const [row] = await db
    .insert(bookings)
    .values({
      ...people,
      startTime,
      endTime: new Date(startTime.getTime() + HOUR_MS),
      status,
      amount: 150_000,
      holdExpiresAt: new Date(),
    })
    .returning();
  if (row === undefined) throw new Error('no booking row');
  return row;
}

/** Emits and waits for the ack. */
export const ask = <T>(socket: Socket, event: string, payload?: unknown): Promise<T> =>
  socket.timeout(EVENT_TIMEOUT_MS).emitWithAck(event, payload) as Promise<T>;
export const join = (socket: Socket, roomId: string) => ask<JoinAck>(socket, 'join', { roomId });
/** Joins from another tab of a person already in the room, moving the call here. */
export const takeOver = (socket: Socket, roomId: string) =>
  ask<JoinAck>(socket, 'join', { roomId, takeOver: true });

/** The next `event` the socket receives. */
export function next<T>(socket: Socket, event: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${event}`)), EVENT_TIMEOUT_MS);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/**
 * A round trip on this socket's own connection: the server writes a connection's packets in order, so an
 * event it emitted to this socket before answering would have arrived before the answer. Saying "nothing
 * arrived" after it needs no sleep.
 */
export const roundTrip = (socket: Socket) => ask(socket, 'signal', { hello: 'barrier' });
