import { z } from 'zod';
import { CHAT_MESSAGE_MAX, meetLimitMessages } from './marketplace-limits';
import { findNulCharacter, NUL_CHARACTER_MESSAGE } from './text';
import { msg } from './i18n/msg';

/**
 * Meeting rooms (spec §1, §2 /meet/{roomId}; DESIGN.md §4 "Meeting rooms", §5 the `/meet` namespace), written
 * once for the api and the web. A confirmed booking has one room; its two people meet there, peer to peer.
 */

/** The room opens this long before the session starts… */
export const ROOM_OPENS_MINUTES_BEFORE = 10;
/** …and closes this long after it ends. */
export const ROOM_CLOSES_MINUTES_AFTER = 15;
/** The longest chat message (named with the other meeting-room limits in ./marketplace-limits). */
export { CHAT_MESSAGE_MAX };
/** The socket.io namespace of the signalling. */
export const MEET_NAMESPACE = '/meet';

const MINUTE_MS = 60_000;

/** When a booking's room opens and closes. */
export function roomWindow(booking: { startTime: Date | string; endTime: Date | string }): {
  opensAt: Date;
  closesAt: Date;
} {
  return {
    opensAt: new Date(new Date(booking.startTime).getTime() - ROOM_OPENS_MINUTES_BEFORE * MINUTE_MS),
    closesAt: new Date(new Date(booking.endTime).getTime() + ROOM_CLOSES_MINUTES_AFTER * MINUTE_MS),
  };
}

/** Whether the room of a booking is open at `now`: confirmed, and within its window (both ends inclusive of opening, exclusive of closing). */
export function isRoomOpen(
  booking: { status: string; startTime: Date | string; endTime: Date | string },
  now: Date,
): boolean {
  if (booking.status !== 'confirmed' && booking.status !== 'completed') return false;
  const { opensAt, closesAt } = roomWindow(booking);
  return now.getTime() >= opensAt.getTime() && now.getTime() < closesAt.getTime();
}

export const meetMessages = {
  notFound: msg('This room does not exist, or it is not yours.'),
  notOpenYet: msg('This room is not open yet.'),
  closed: msg('This session has ended and its room is closed.'),
  cancelled: msg('This session was cancelled, so its room is closed.'),
  noShow: msg(
    'This session was settled as a no-show, so its room is closed. Your bookings page says what was decided.',
  ),
  chatTooLong: meetLimitMessages.chatTooLong,
  chatEmpty: msg('Write something first.'),
  openInAnotherTab: msg('This call is open in another tab.'),
  movedToAnotherTab: msg('You moved this call to another tab.'),
} as const;

export const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServerConfig = z.infer<typeof iceServerSchema>;

/** `GET /api/meet/:roomId`: for the booking's two people only (404 to anyone else); `open: false` outside the window. */
export const meetRoomSchema = z.object({
  roomId: z.string(),
  booking: z.object({ id: z.string(), startTime: z.string(), endTime: z.string(), status: z.string() }),
  self: z.object({ id: z.string(), name: z.string() }),
  peer: z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() }),
  /** The mentee is the polite peer of perfect negotiation; the server fixes it. */
  polite: z.boolean(),
  opensAt: z.string(),
  closesAt: z.string(),
  open: z.boolean(),
  iceServers: z.array(iceServerSchema),
});
export type MeetRoom = z.infer<typeof meetRoomSchema>;

/** A chat message as kept with the booking and relayed. */
export const chatMessageSchema = z.object({
  id: z.string(),
  fromId: z.string(),
  text: z.string(),
  sentAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

// ——— The `/meet` socket namespace (DESIGN.md §5) ———
// client → server: `join` {roomId} with an ack; `signal` {description?|candidate?}; `chat` {text} with an ack; `leave`.
// server → client: `peer-joined` {peerId}; `peer-left` {peerId}; `signal` {description?|candidate?}; `chat` ChatMessage;
// `room-closed` {message} when the booking is cancelled during the call (both are taken out of the room).
// Each person's camera and microphone: `media-state` {cameraOn, micOn} with an ack, relayed to the other person.
// One tab per person in the call: a `join` while another tab of the same person is in the room is answered
// `openElsewhere`; a `join` with `takeOver` moves the call, and the other tab hears `moved-away` {message}.

export const joinRequestSchema = z.object({
  roomId: z.string().uuid(),
  /** The page's own id, the same across its reconnects: a socket of the same tab is replaced silently. */
  tabId: z.string().min(1).max(64).optional(),
  /** Move the call here from the person's other tab. */
  takeOver: z.boolean().optional(),
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;
/** The ack of `join`: the room's state, or why not (`openElsewhere`: the call is in another tab of this person). */
export type JoinAck =
  | { ok: true; polite: boolean; peerPresent: boolean; history: ChatMessage[] }
  | { ok: false; message: string; openElsewhere?: true };

/** `moved-away`: another tab of this person took the call over; this one is out of the room. */
export const movedAwaySchema = z.object({ message: z.string() });

/** `media-state`: whether a person's camera and microphone are on, sent on every change and to a newcomer. */
export const mediaStateSchema = z.object({ cameraOn: z.boolean(), micOn: z.boolean() }).strict();
export type MediaState = z.infer<typeof mediaStateSchema>;

/** SDP or ICE, relayed to the other person only; the server does not read it beyond its shape. */
export const signalSchema = z.union([
  z.object({
    description: z.object({
      type: z.enum(['offer', 'answer', 'pranswer', 'rollback']),
      sdp: z.string().max(200_000).optional(),
    }),
  }),
  z.object({
    candidate: z
      .object({
        candidate: z.string().max(5_000),
        sdpMid: z.string().nullable().optional(),
        sdpMLineIndex: z.number().int().nullable().optional(),
        usernameFragment: z.string().nullable().optional(),
      })
      .nullable(),
  }),
]);
export type Signal = z.infer<typeof signalSchema>;

/** `room-closed`: the room closed under the call (its booking was cancelled); the message says why. */
export const roomClosedSchema = z.object({ message: z.string() });

export const chatRequestSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, meetMessages.chatEmpty)
    .max(CHAT_MESSAGE_MAX, meetMessages.chatTooLong)
    // Socket events do not pass the routes' NUL check (lib/validation.ts), so the schema holds it itself.
    .refine((text) => findNulCharacter(text) === undefined, NUL_CHARACTER_MESSAGE),
});
export type ChatAck = { ok: true; message: ChatMessage } | { ok: false; message: string };
