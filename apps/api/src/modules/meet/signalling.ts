import {
  CHAT_MESSAGES_MAX,
  CHAT_MESSAGES_WINDOW_SECONDS,
  MEDIA_STATES_MAX,
  MEDIA_STATES_WINDOW_SECONDS,
  MEET_SOCKETS_PER_USER_MAX,
  SIGNAL_PAYLOAD_MAX_BYTES,
  SIGNALS_PER_SECOND_MAX,
  meetLimitMessages,
} from '@skillroute/shared/marketplace-limits';
import {
  chatRequestSchema,
  joinRequestSchema,
  mediaStateSchema,
  meetMessages,
  signalSchema,
  type ChatAck,
  type JoinAck,
} from '@skillroute/shared/meet';
import { LRUCache } from 'lru-cache';
import type { Namespace, Socket } from 'socket.io';
import type { ServiceContext } from '../../context/service-context';
import { AppError } from '../../lib/errors';
import { userRoom, type SocketIdentity } from '../../plugins/realtime';
import { admitInWindow, meetRoom, payloadBytes, type RateLimit } from './rules';
import { joinRoom, postChat, recordArrival } from './service';
import { msg } from '@skillroute/shared/i18n/msg';

/** What a socket keeps of the room it joined; in `socket.data`, which the Redis adapter shares with other processes. */
interface JoinedMeeting {
  roomId: string;
  peerId: string;
  /** The page the socket belongs to (its reconnects carry the same), when the client said. */
  tabId?: string;
  /** When the room closes (epoch ms), as it was at the join. */
  closesAt: number;
}

type Ack<T> = (answer: T) => void;
type Refusal = { ok: false; message: string };

export const meetRefusals = {
  notJoined: msg('Join the room first.'),
  badSignal: msg('That is not a description or an ICE candidate.'),
  badMediaState: msg('Say whether the camera and the microphone are on, and nothing else.'),
  unavailable: msg('The meeting room is unavailable right now. Please try again.'),
} as const;

const chatLimit: RateLimit = { max: CHAT_MESSAGES_MAX, windowMs: CHAT_MESSAGES_WINDOW_SECONDS * 1000 };
const signalLimit: RateLimit = { max: SIGNALS_PER_SECOND_MAX, windowMs: 1000 };
const mediaStateLimit: RateLimit = { max: MEDIA_STATES_MAX, windowMs: MEDIA_STATES_WINDOW_SECONDS * 1000 };
/** How long a handshake waits for the other api processes to count a user's sockets before counting alone. */
const COUNT_ELSEWHERE_TIMEOUT_MS = 2000;

/** The last argument of an event when the client asked for an answer; a client that did not gets none. */
const ackOf = <T>(args: unknown[]): Ack<T> => {
  const last = args.at(-1);
  return typeof last === 'function' ? (last as Ack<T>) : () => {};
};

/**
 * The `/meet` namespace (DESIGN.md §5): `join`, `signal`, `media-state`, `chat`, `leave`. The namespace comes authenticated
 * (realtime.ts `authenticatedNamespace`); every join is checked here against the booking and the window.
 * The joined room is in `socket.data` and socket.io's rooms, and presence is asked of `fetchSockets()`, so the
 * two people may be held by different api processes. The limits of DESIGN.md §4b are kept here: sockets per
 * user (counted across processes), signals per socket, and chat per person, which this process counts for
 * the sockets it holds (a person's sockets on other processes count there).
 *
 * One socket per person is in a room (decision 051): a second tab's `join` is answered `openElsewhere` and
 * stays out until it asks to `takeOver`; then the first tab hears `moved-away` and is taken out, and the
 * other person hears `peer-joined`, so both sides start a fresh peer connection (decision 035).
 */
export function registerMeetSignalling(namespace: Namespace, ctx: ServiceContext): void {
  /** Each person's recent chat messages in this process, across their sockets; idle entries go after the window. */
  const chatTimes = new LRUCache<string, number[]>({ max: 100_000, ttl: chatLimit.windowMs });
  /** The `/meet` sockets this process admitted, per user, those still in their handshake included. */
  const admitted = new Map<string, Set<Socket>>();

  const admittedHere = (userId: string) => {
    const sockets = admitted.get(userId);
    if (sockets === undefined) return 0;
    // A connection that closed during its handshake never connects, so never disconnects: it goes here.
    for (const socket of sockets) if (socket.conn.readyState !== 'open') sockets.delete(socket);
    if (sockets.size === 0) admitted.delete(userId);
    return sockets.size;
  };

  /** The user's `/meet` sockets the other api processes hold (none without Redis). */
  const heldElsewhere = async (userId: string) => {
    try {
      const sockets = await namespace.in(userRoom(userId)).timeout(COUNT_ELSEWHERE_TIMEOUT_MS).fetchSockets();
      return sockets.filter((socket) => !namespace.sockets.has(socket.id)).length;
    } catch (error) {
      // Redis away or a process not answering: this process still holds its own share to the limit.
      ctx.log.warn(
        { err: error },
        'meeting sockets held elsewhere could not be counted; counting these only',
      );
      return 0;
    }
  };

  // After the authentication (realtime.ts registers it first): at most MEET_SOCKETS_PER_USER_MAX per user.
  namespace.use((socket, next) => {
    const { userId } = socket.data.identity as SocketIdentity;
    void heldElsewhere(userId).then((elsewhere) => {
      // Counted and admitted with no await between, so handshakes racing in this process cannot all pass;
      // two processes admitting the same user's sockets at one instant may each let one through.
      if (admittedHere(userId) + elsewhere >= MEET_SOCKETS_PER_USER_MAX)
        return next(new Error(meetLimitMessages.tooManySockets));
      const sockets = admitted.get(userId) ?? new Set<Socket>();
      admitted.set(userId, sockets.add(socket));
      socket.once('disconnect', () => {
        sockets.delete(socket);
        if (sockets.size === 0 && admitted.get(userId) === sockets) admitted.delete(userId);
      });
      next();
    });
  });

  /** Whether this user still has a socket in the room (a second tab, or one held by another process). */
  const isPresent = async (roomId: string, userId: string) => {
    const sockets = await namespace.in(meetRoom(roomId)).fetchSockets();
    return sockets.some((socket) => (socket.data.identity as SocketIdentity | undefined)?.userId === userId);
  };

  /**
   * The user's other sockets in the room, split into the same page's (a reconnect: the socket it replaces
   * has not gone yet) and other tabs'.
   */
  const ownSocketsIn = async (
    roomId: string,
    userId: string,
    socketId: string,
    tabId: string | undefined,
  ) => {
    const sockets = (await namespace.in(meetRoom(roomId)).fetchSockets()).filter(
      (other) =>
        other.id !== socketId && (other.data.identity as SocketIdentity | undefined)?.userId === userId,
    );
    const samePage = (other: (typeof sockets)[number]) =>
      tabId !== undefined && (other.data.meet as JoinedMeeting | undefined)?.tabId === tabId;
    return { samePage: sockets.filter(samePage), otherTabs: sockets.filter((other) => !samePage(other)) };
  };

  /** Takes one of the user's sockets (on any process) out of the room, without a word to the other person. */
  const takeOutOfRoom = (other: { id: string; leave(room: string): unknown }, roomId: string) => {
    const local = namespace.sockets.get(other.id);
    if ((local?.data.meet as JoinedMeeting | undefined)?.roomId === roomId) delete local?.data.meet;
    // A socket on another process keeps its `socket.data.meet`; out of the room, it counts as not joined.
    return other.leave(meetRoom(roomId));
  };

  /** Takes the socket out of its room; the other person hears `peer-left` once no socket of this user is left there. */
  const leaveMeeting = async (socket: Socket, userId: string) => {
    const joined = socket.data.meet as JoinedMeeting | undefined;
    if (joined === undefined) return;
    delete socket.data.meet;
    await socket.leave(meetRoom(joined.roomId));
    if (!(await isPresent(joined.roomId, userId)))
      namespace.to(meetRoom(joined.roomId)).emit('peer-left', { peerId: userId });
  };

  /** Runs a handler so that a failure answers the client instead of going unheard (and never crashes the process). */
  const guarded = <T>(
    socket: Socket,
    event: string,
    handler: (payload: unknown, ack: Ack<T | Refusal>) => Promise<void>,
  ) => {
    socket.on(event, (...args: unknown[]) => {
      const ack = ackOf<T | Refusal>(args);
      handler(args[0], ack).catch((error: unknown) => {
        if (error instanceof AppError) return ack({ ok: false, message: error.message });
        ctx.log.error({ err: error, event }, 'a meeting room event failed');
        ack({ ok: false, message: meetRefusals.unavailable });
      });
    });
  };

  namespace.on('connection', (socket: Socket) => {
    const { userId } = socket.data.identity as SocketIdentity;
    let signalTimes: number[] = [];
    let mediaStateTimes: number[] = [];
    let closeTimer: NodeJS.Timeout | undefined;

    /** The room closed under this socket: it hears why and leaves, so nothing more reaches it or comes from it. */
    const closedUnder = async (joined: JoinedMeeting) => {
      clearTimeout(closeTimer);
      delete socket.data.meet;
      await socket.leave(meetRoom(joined.roomId));
      socket.emit('room-closed', { message: meetMessages.closed });
    };

    /** Takes the socket out when its room closes: on time by a timer, and checked again on every event. */
    const closeOnTime = (joined: JoinedMeeting) => {
      clearTimeout(closeTimer);
      closeTimer = setTimeout(
        () => {
          if ((socket.data.meet as JoinedMeeting | undefined)?.roomId !== joined.roomId) return;
          // Moved to another tab by a process that could not clear this socket's data: not in the room any more.
          if (!socket.rooms.has(meetRoom(joined.roomId))) return;
          // The clock may stand elsewhere than the timer's (a test moves it): ask it again.
          if (ctx.clock.now().getTime() < joined.closesAt) return closeOnTime(joined);
          closedUnder(joined).catch((error: unknown) =>
            ctx.log.error({ err: error }, 'a meeting room could not be closed on time'),
          );
        },
        Math.max(0, joined.closesAt - ctx.clock.now().getTime()),
      );
      // Stopping the api must not wait for a room to close.
      closeTimer.unref();
    };

    /** The socket's meeting while its room is open; outside the window the socket leaves and hears why. */
    const openMeeting = async (): Promise<JoinedMeeting | Refusal> => {
      const joined = socket.data.meet as JoinedMeeting | undefined;
      if (joined === undefined || !socket.rooms.has(meetRoom(joined.roomId)))
        return { ok: false, message: meetRefusals.notJoined };
      if (ctx.clock.now().getTime() >= joined.closesAt) {
        await closedUnder(joined);
        return { ok: false, message: meetMessages.closed };
      }
      return joined;
    };

    guarded<JoinAck>(socket, 'join', async (payload, ack) => {
      const request = joinRequestSchema.safeParse(payload);
      if (!request.success) return ack({ ok: false, message: meetMessages.notFound });
      const { roomId, tabId, takeOver = false } = request.data;
      const room = await joinRoom(ctx, { userId, roomId });
      const own = await ownSocketsIn(roomId, userId, socket.id, tabId);
      if (own.otherTabs.length > 0 && !takeOver)
        return ack({ ok: false, message: meetMessages.openInAnotherTab, openElsewhere: true });
      for (const other of own.samePage) await takeOutOfRoom(other, roomId);
      for (const other of own.otherTabs) {
        await takeOutOfRoom(other, roomId);
        other.emit('moved-away', { message: meetMessages.movedToAnotherTab });
      }
      // One meeting at a time: joining another room leaves the one before.
      const previous = socket.data.meet as JoinedMeeting | undefined;
      if (previous !== undefined && previous.roomId !== roomId) await leaveMeeting(socket, userId);
      const joined: JoinedMeeting = { roomId, peerId: room.peerId, tabId, closesAt: room.closesAt };
      socket.data.meet = joined;
      await socket.join(meetRoom(roomId));
      await recordArrival(ctx, { bookingId: room.bookingId, role: room.role });
      closeOnTime(joined);
      const peerPresent = await isPresent(roomId, room.peerId);
      socket.to(meetRoom(roomId)).emit('peer-joined', { peerId: userId });
      ack({ ok: true, polite: room.polite, peerPresent, history: room.history });
    });

    guarded<{ ok: true }>(socket, 'signal', async (payload, ack) => {
      const meeting = await openMeeting();
      if ('ok' in meeting) return ack(meeting);
      const admission = admitInWindow(signalTimes, ctx.clock.now().getTime(), signalLimit);
      signalTimes = admission.times;
      if (!admission.admitted) return ack({ ok: false, message: meetLimitMessages.signalRate });
      if (payloadBytes(payload) > SIGNAL_PAYLOAD_MAX_BYTES)
        return ack({ ok: false, message: meetLimitMessages.signalTooLarge });
      const signal = signalSchema.safeParse(payload);
      if (!signal.success) return ack({ ok: false, message: meetRefusals.badSignal });
      // To the other person only: a tab of this person still on its way out of the room hears nothing.
      socket.to(meetRoom(meeting.roomId)).except(userRoom(userId)).emit('signal', signal.data);
      ack({ ok: true });
    });

    guarded<{ ok: true }>(socket, 'media-state', async (payload, ack) => {
      const meeting = await openMeeting();
      if ('ok' in meeting) return ack(meeting);
      const admission = admitInWindow(mediaStateTimes, ctx.clock.now().getTime(), mediaStateLimit);
      mediaStateTimes = admission.times;
      if (!admission.admitted) return ack({ ok: false, message: meetLimitMessages.mediaStateRate });
      const state = mediaStateSchema.safeParse(payload);
      if (!state.success) return ack({ ok: false, message: meetRefusals.badMediaState });
      socket.to(meetRoom(meeting.roomId)).except(userRoom(userId)).emit('media-state', state.data);
      ack({ ok: true });
    });

    guarded<ChatAck>(socket, 'chat', async (payload, ack) => {
      const meeting = await openMeeting();
      if ('ok' in meeting) return ack(meeting);
      const request = chatRequestSchema.safeParse(payload);
      if (!request.success)
        return ack({ ok: false, message: request.error.issues[0]?.message ?? meetMessages.chatEmpty });
      // Counted and recorded with no await between, so messages racing from the person's sockets cannot all pass.
      const admission = admitInWindow(chatTimes.get(userId) ?? [], ctx.clock.now().getTime(), chatLimit);
      chatTimes.set(userId, admission.times);
      if (!admission.admitted) return ack({ ok: false, message: meetLimitMessages.chatRate });
      const message = await postChat(ctx, { userId, roomId: meeting.roomId, text: request.data.text });
      namespace.to(meetRoom(meeting.roomId)).emit('chat', message);
      ack({ ok: true, message });
    });

    guarded<{ ok: true }>(socket, 'leave', async (_payload, ack) => {
      clearTimeout(closeTimer);
      await leaveMeeting(socket, userId);
      ack({ ok: true });
    });

    // After socket.io took the socket out of its rooms, so the presence check no longer counts it.
    socket.on('disconnect', (reason) => {
      clearTimeout(closeTimer);
      const joined = socket.data.meet as JoinedMeeting | undefined;
      if (joined === undefined) return;
      // This process is stopping (a restart, a deploy): the adapter closes next, so no asking around; the
      // other person, perhaps on another process, hears it now and hears `peer-joined` when the client rejoins.
      if (reason === 'server shutting down')
        return void namespace.to(meetRoom(joined.roomId)).emit('peer-left', { peerId: userId });
      isPresent(joined.roomId, userId).then(
        (present) => {
          if (!present) namespace.to(meetRoom(joined.roomId)).emit('peer-left', { peerId: userId });
        },
        (error: unknown) =>
          ctx.log.error({ err: error }, 'a meeting room could not tell the other person someone left'),
      );
    });
  });
}
