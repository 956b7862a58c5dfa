import { createHmac } from 'node:crypto';
import type { BookingStatus } from '@skillroute/shared/bookings';
import { isRoomOpen, meetMessages, roomWindow, type IceServerConfig } from '@skillroute/shared/meet';

/** The socket.io room of a meeting: only the server puts a socket there, after `join` was allowed. */
export const meetRoom = (roomId: string) => `meet:${roomId}`;

/** A booking has a room once it is paid for; a hold that lapsed or failed never had one. */
const statusesWithRoom: readonly BookingStatus[] = ['confirmed', 'completed', 'cancelled', 'no_show'];
export const hasRoom = (status: BookingStatus): boolean => statusesWithRoom.includes(status);

/** Why the room cannot be joined at `now` (cancelled, not open yet, closed), or undefined when it is open. */
export function closedReason(
  booking: { status: BookingStatus; startTime: Date; endTime: Date },
  now: Date,
): string | undefined {
  if (isRoomOpen(booking, now)) return undefined;
  if (booking.status === 'cancelled') return meetMessages.cancelled;
  if (booking.status === 'no_show') return meetMessages.noShow;
  return now.getTime() < roomWindow(booking).opensAt.getTime()
    ? meetMessages.notOpenYet
    : meetMessages.closed;
}

export interface TurnCredentials {
  username: string;
  credential: string;
  expiresAt: Date;
}

/**
 * The TURN REST scheme (draft-uberti-behave-turn-rest, coturn `use-auth-secret`): the username is
 * `expiry:userId` in Unix seconds and the password base64(HMAC-SHA1(secret, username)). The TURN server
 * checks both with the same secret and no call to us, and refuses them once the expiry has passed.
 */
export function turnCredentials(
  secret: string,
  userId: string,
  now: Date,
  ttlSeconds: number,
): TurnCredentials {
  const expirySeconds = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const username = `${expirySeconds}:${userId}`;
  return {
    username,
    credential: createHmac('sha1', secret).update(username).digest('base64'),
    expiresAt: new Date(expirySeconds * 1000),
  };
}

const isTurnUrl = (url: string) => /^turns?:/i.test(url.trim());

/**
 * The ICE servers one person gets: ICE_SERVERS as configured, with short-lived credentials on every entry
 * that names a turn: or turns: server when a TURN secret is set (they replace any written in the entry).
 */
export function iceServersFor(
  servers: readonly IceServerConfig[],
  turn: { secret: string; ttlSeconds: number } | undefined,
  userId: string,
  now: Date,
): IceServerConfig[] {
  if (turn === undefined) return servers.map((server) => ({ ...server }));
  const { username, credential } = turnCredentials(turn.secret, userId, now, turn.ttlSeconds);
  return servers.map((server) => {
    const urls = Array.isArray(server.urls) ? server.urls : [server.urls];
    return urls.some(isTurnUrl) ? { ...server, username, credential } : { ...server };
  });
}

export interface RateLimit {
  max: number;
  windowMs: number;
}

/**
 * A sliding-window log, on the services' clock (so a test moves it): `times` are the instants (epoch ms) of
 * the events admitted before. One more is admitted at `now` while fewer than `max` of them fall in the window
 * that ends at `now`. The answer keeps only the times still inside it (at most `max`), so the log stays small;
 * a time after `now` (the clock was set back) no longer counts.
 */
export function admitInWindow(
  times: readonly number[],
  now: number,
  limit: RateLimit,
): { admitted: boolean; times: number[] } {
  const inside = times.filter((time) => time > now - limit.windowMs && time <= now);
  if (inside.length >= limit.max) return { admitted: false, times: inside };
  return { admitted: true, times: [...inside, now] };
}

/** The size of an event's payload as it travelled: the bytes of its JSON (0 for none). */
export function payloadBytes(payload: unknown): number {
  const json = JSON.stringify(payload) as string | undefined;
  return json === undefined ? 0 : Buffer.byteLength(json, 'utf8');
}
