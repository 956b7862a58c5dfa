import {
  chatRequestSchema,
  joinRequestSchema,
  meetMessages,
  signalSchema,
  type ChatAck,
  type JoinAck,
} from '@skillroute/shared/meet';
import type { Namespace, Socket } from 'socket.io';
import type { ServiceContext } from '../../context/service-context';
import { AppError } from '../../lib/errors';
import type { SocketIdentity } from '../../plugins/realtime';
import { meetRoom } from './rules';
import { joinRoom, postChat } from './service';

/** What a socket keeps of the room it joined; in `socket.data`, which the Redis adapter shares with other processes. */
interface JoinedMeeting {
  roomId: string;
  peerId: string;
}

type Ack<T> = (answer: T) => void;
type Refusal = { ok: false; message: string };

export const meetRefusals = {
  notJoined: 'Join the room first.',
  badSignal: 'That is not a description or an ICE candidate.',
  unavailable: 'The meeting room is unavailable right now. Please try again.',
} as const;

/** The last argument of an event when the client asked for an answer; a client that did not gets none. */
const ackOf = <T>(args: unknown[]): Ack<T> => {
  const last = args.at(-1);
  return typeof last === 'function' ? (last as Ack<T>) : () => {};
};

/**
 * The `/meet` namespace (DESIGN.md §5): `join`, `signal`, `chat`, `leave`. The namespace comes authenticated
 * (realtime.ts `authenticatedNamespace`); every join is checked here against the booking and the window.
 * Nothing is kept in this process's memory: the joined room is in `socket.data` and socket.io's rooms, and
 * presence is asked of `fetchSockets()`, so the two people may be held by different api processes.
 */
export function registerMeetSignalling(namespace: Namespace, ctx: ServiceContext): void {
  /** Whether this user still has a socket in the room (a second tab, or one held by another process). */
  const isPresent = async (roomId: string, userId: string) => {
    const sockets = await namespace.in(meetRoom(roomId)).fetchSockets();
    return sockets.some((socket) => (socket.data.identity as SocketIdentity | undefined)?.userId === userId);
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

    guarded<JoinAck>(socket, 'join', async (payload, ack) => {
      const request = joinRequestSchema.safeParse(payload);
      if (!request.success) return ack({ ok: false, message: meetMessages.notFound });
      const { roomId } = request.data;
      const room = await joinRoom(ctx, { userId, roomId });
      // One meeting at a time: joining another room leaves the one before.
      const previous = socket.data.meet as JoinedMeeting | undefined;
      if (previous !== undefined && previous.roomId !== roomId) await leaveMeeting(socket, userId);
      socket.data.meet = { roomId, peerId: room.peerId } satisfies JoinedMeeting;
      await socket.join(meetRoom(roomId));
      const peerPresent = await isPresent(roomId, room.peerId);
      socket.to(meetRoom(roomId)).emit('peer-joined', { peerId: userId });
      ack({ ok: true, polite: room.polite, peerPresent, history: room.history });
    });

    guarded<{ ok: true }>(socket, 'signal', async (payload, ack) => {
      const joined = socket.data.meet as JoinedMeeting | undefined;
      if (joined === undefined || !socket.rooms.has(meetRoom(joined.roomId)))
        return ack({ ok: false, message: meetRefusals.notJoined });
      const signal = signalSchema.safeParse(payload);
      if (!signal.success) return ack({ ok: false, message: meetRefusals.badSignal });
      socket.to(meetRoom(joined.roomId)).emit('signal', signal.data);
      ack({ ok: true });
    });

    guarded<ChatAck>(socket, 'chat', async (payload, ack) => {
      const joined = socket.data.meet as JoinedMeeting | undefined;
      if (joined === undefined || !socket.rooms.has(meetRoom(joined.roomId)))
        return ack({ ok: false, message: meetRefusals.notJoined });
      const request = chatRequestSchema.safeParse(payload);
      if (!request.success)
        return ack({ ok: false, message: request.error.issues[0]?.message ?? meetMessages.chatEmpty });
      const message = await postChat(ctx, { userId, roomId: joined.roomId, text: request.data.text });
      namespace.to(meetRoom(joined.roomId)).emit('chat', message);
      ack({ ok: true, message });
    });

    guarded<{ ok: true }>(socket, 'leave', async (_payload, ack) => {
      await leaveMeeting(socket, userId);
      ack({ ok: true });
    });

    // After socket.io took the socket out of its rooms, so the presence check no longer counts it.
    socket.on('disconnect', (reason) => {
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
