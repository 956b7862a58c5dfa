import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyInstance } from 'fastify';
import { parse } from 'cookie';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { Server, type Namespace, type Socket } from 'socket.io';
import { SOCKET_PATH } from '@skillroute/shared/constants';
import { RESYNC_EVENT, SERVER_TIME_EVENT, socketRefusals } from '@skillroute/shared/notifications';
import type { Database } from '../db/client';
import { cookieNames } from '../lib/cookies';
import { findLiveUserSession } from '../sessions/service';

/** Who a socket belongs to, decided by the server from the handshake's session cookie. */
export interface SocketIdentity {
  userId: string;
  email: string;
  /** The session family: one sign-in, the same across refreshes (a refresh makes a new row, not a new family). */
  sessionFamilyId: string;
}

/** What the rest of the app may do with sockets; every room is chosen here, never by a client. */
export interface Realtime {
  /** Sends an event to every socket of one user, on this replica and (with Redis) every other. */
  emitToUser(userId: string, event: string, payload: unknown): void;
  /** Drops every socket of a user (all sessions ended: a password reset, a block). */
  disconnectUser(userId: string): void;
  /** Drops the sockets of one sign-in (logout). Takes the session family id, which refreshes keep. */
  disconnectSession(sessionFamilyId: string): void;
  /**
   * A namespace of its own (the meeting rooms' `/meet`) whose handshake is authenticated exactly like the
   * default one's, and whose sockets the disconnects above reach too (a logout also leaves the call).
   */
  authenticatedNamespace(name: string): Namespace;
  /** Tells every socket in a room of a namespace why it closes, then takes them all out of it (on every replica). */
  closeRoom(namespace: string, room: string, event: string, payload: unknown): void;
  /** Whether events reach the other replicas now: always without Redis; with it, while its connection is up. */
  reachesOtherReplicas(): boolean;
  /** The socket.io server itself, for what the facade does not cover (the benchmark counts sockets). */
  readonly io: Server;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export interface RealtimeOptions {
  jwtSecret: string;
  /** Origins a browser may open a socket from (the origin check's list); others are refused. */
  allowedOrigins: ReadonlySet<string>;
  /** Cross-origin polling is answered only in development, where the Vite server is another origin. */
  allowCrossOrigin: boolean;
  /** With a Redis URL, emits and disconnects reach sockets held by the other replicas. */
  redis?: { url: string; streamName: string };
}

export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionFamilyId: string) => `session:${sessionFamilyId}`;

/**
 * The access token of a handshake's Cookie header, read by the `cookie` package (@fastify/cookie's parser
 * only works inside a registered plugin); undefined when there is none or it is empty. A value in double
 * quotes, which RFC 6265 allows, is taken without them, as sockets always took it.
 */
export function accessTokenFromCookieHeader(header: string | undefined): string | undefined {
  const value = parse(header ?? '')[cookieNames.user.access]?.replace(/^"(.*)"$/, '$1');
  return value === '' ? undefined : value;
}

/** A missing Origin (a non-browser client) passes; a browser's must be one of ours (no cross-site socket hijacking). */
export function isSocketOriginAllowed(origin: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (origin === undefined) return true;
  return URL.canParse(origin) && allowed.has(new URL(origin).origin);
}

/**
 * The handshake's identity, by the rule of `requireUser` (plugins/auth.ts): a valid signature is not enough,
 * the session row must be live and the user not blocked. Returns the refusal's words otherwise.
 */
export async function authenticateHandshake(
  db: Database,
  jwtSecret: string,
  cookieHeader: string | undefined,
  now = new Date(),
): Promise<SocketIdentity | { refused: string }> {
  const token = accessTokenFromCookieHeader(cookieHeader);
  if (token === undefined) return { refused: socketRefusals.notSignedIn };
  const session = await findLiveUserSession(db, jwtSecret, token, now);
  return session === undefined
    ? { refused: socketRefusals.sessionEnded }
    : { userId: session.id, email: session.email, sessionFamilyId: session.familyId };
}

/**
 * Commands whose promise nobody keeps, answered by `onError` instead of an unhandled rejection, which would take
 * a process down on Node's default `--unhandled-rejections=throw`. With Redis away, or a connection closed with
 * the command still queued, ioredis rejects them ("Connection is closed"):
 * - the streams adapter sends its short-lived messages (a `fetchSockets()` across replicas, a server-side emit)
 *   with PUBLISH and drops the promise; the caller of `fetchSockets()` still learns of the loss from its timeout;
 * - the adapter's copies of the connection (`duplicate()`) subscribe without keeping the promise, and ioredis
 *   subscribes them again by itself after a reconnect; a copy closed with the app while that SUBSCRIBE is still
 *   queued rejects it.
 */
export function catchAdapterCommands(redis: Redis, onError: (error: unknown) => void): void {
  catchRejections(redis, ['publish'], onError);
  const duplicate = redis.duplicate.bind(redis);
  Object.assign(redis, {
    duplicate: (...args: Parameters<Redis['duplicate']>) => {
      const copy = duplicate(...args);
      catchRejections(copy, ['subscribe', 'psubscribe', 'ssubscribe'], onError);
      return copy;
    },
  });
}

/** The adapter's stream when none is named (@socket.io/redis-streams-adapter's default). */
const ADAPTER_STREAM = 'socket.io';

/**
 * Makes the streams adapter's reads start where this replica started. The adapter (0.3.1) reads with the id `$`
 * (only what is added after the read) until it has read a message, so until then a message added before its first
 * read, or between two of its blocking reads, never reaches this replica's sockets. Seen in the cluster test on a
 * loaded machine: a replica's first notification, sent just after the cluster started, lost. Its copies of the
 * connection (`duplicate()`, the one that reads) read instead after the stream's last entry when this ran, then after
 * the last entry each read returned.
 */
export async function readStreamFromStart(redis: Redis, streamName: string): Promise<void> {
  const [last] = await redis.xrevrange(streamName, '+', '-', 'COUNT', 1);
  const startId = last?.[0] ?? '0-0';
  const duplicate = redis.duplicate.bind(redis);
  Object.assign(redis, {
    duplicate: (...args: Parameters<Redis['duplicate']>) => {
      const copy = duplicate(...args);
      let lastId = startId;
      const xread = copy.xread.bind(copy) as (...xreadArgs: (string | number)[]) => Promise<unknown>;
      Object.assign(copy, {
        // BLOCK ms COUNT n STREAMS name id, as the adapter sends it: `$` becomes the last id seen.
        xread: async (...xreadArgs: (string | number)[]) => {
          const sent = xreadArgs.map((arg, index) =>
            index === xreadArgs.length - 1 && arg === '$' ? lastId : arg,
          );
          const results = (await xread(...sent)) as [string, [string, string[]][]][] | null;
          const entries = results?.[0]?.[1];
          const newest = entries?.[entries.length - 1]?.[0];
          if (newest !== undefined) lastId = newest;
          return results;
        },
      });
      return copy;
    },
  });
}

function catchRejections(
  redis: Redis,
  commands: ReadonlyArray<keyof Redis>,
  onError: (error: unknown) => void,
) {
  for (const command of commands) {
    const send = (redis[command] as (...args: unknown[]) => Promise<unknown>).bind(redis);
    Object.assign(redis, {
      [command]: (...args: unknown[]) => {
        const sent = send(...args);
        sent.catch(onError);
        return sent;
      },
    });
  }
}

/**
 * socket.io on the app's own HTTP server at SOCKET_PATH (DESIGN.md §5). The handshake is authenticated by
 * the session cookie; the server joins each socket to its user's room and its sign-in's room, and clients
 * have no way to join any other (no event handler touches rooms). Closed before the pool on app close.
 */
export const realtime = fp(
  async function realtime(app: FastifyInstance, options: RealtimeOptions) {
    const streamName = options.redis?.streamName ?? ADAPTER_STREAM;
    // A connection of its own: the adapter copies it for its blocking stream reads, and quitting it is ours.
    const redis =
      options.redis === undefined
        ? undefined
        : new Redis(options.redis.url, { lazyConnect: true, connectTimeout: 5000 });
    if (redis !== undefined) {
      redis.on('error', (error) =>
        app.log.warn({ err: error }, 'realtime redis connection problem; retrying'),
      );
      catchAdapterCommands(redis, (error) =>
        app.log.warn(
          { err: error },
          'a socket.io message or subscription to the other replicas was not sent',
        ),
      );
      try {
        await redis.connect();
        await readStreamFromStart(redis, streamName);
      } catch (error) {
        // Stop its reconnect loop: the app is not going to start.
        redis.disconnect();
        throw new Error(`Redis at REDIS_URL is unreachable for socket.io: ${(error as Error).message}`, {
          cause: error,
        });
      }
    }

    const io = new Server(app.server, {
      path: SOCKET_PATH,
      serveClient: false,
      cors: options.allowCrossOrigin ? { origin: [...options.allowedOrigins], credentials: true } : undefined,
      allowRequest: (request, callback) =>
        callback(null, isSocketOriginAllowed(request.headers.origin, options.allowedOrigins)),
      // No connection state recovery: it would skip the handshake check on a reconnect, and a client that
      // reconnects re-reads the count and the list anyway (the rows are the truth).
      ...(redis === undefined ? {} : { adapter: createAdapter(redis, { streamName, blockTimeInMs: 1000 }) }),
    });

    const authenticate = (socket: Socket, next: (error?: Error) => void) => {
      authenticateHandshake(app.db, options.jwtSecret, socket.handshake.headers.cookie).then(
        (identity) => {
          if ('refused' in identity) return next(new Error(identity.refused));
          socket.data.identity = identity;
          next();
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'a socket handshake could not be checked');
          next(new Error(socketRefusals.unavailable));
        },
      );
    };
    const joinIdentityRooms = (socket: Socket) => {
      const identity = socket.data.identity as SocketIdentity;
      void socket.join([userRoom(identity.userId), sessionRoom(identity.sessionFamilyId)]);
    };
    // socket.io runs a namespace's own middleware only: each namespace is authenticated here, the same way.
    const namespaces: Namespace[] = [io.of('/')];
    io.use(authenticate);
    io.on('connection', (socket) => {
      joinIdentityRooms(socket);
      socket.emit(SERVER_TIME_EVENT, Date.now());
    });
    // Redis back after a loss: what other replicas sent meanwhile may be lost (or come late, and be dropped
    // by the clients as stale), so this replica's sockets read their rows again.
    let redisWasLost = false;
    redis?.on('close', () => {
      redisWasLost = true;
    });
    redis?.on('ready', () => {
      if (!redisWasLost) return;
      redisWasLost = false;
      app.log.info('realtime redis connection is back; clients read their notifications again');
      io.local.emit(RESYNC_EVENT);
    });

    app.decorate('realtime', {
      io,
      reachesOtherReplicas: () => redis === undefined || redis.status === 'ready',
      emitToUser: (userId, event, payload) => {
        io.to(userRoom(userId)).emit(event, payload);
      },
      disconnectUser: (userId) => {
        for (const namespace of namespaces) namespace.in(userRoom(userId)).disconnectSockets(true);
      },
      disconnectSession: (sessionFamilyId) => {
        for (const namespace of namespaces)
          namespace.in(sessionRoom(sessionFamilyId)).disconnectSockets(true);
      },
      closeRoom: (name, room, event, payload) => {
        const namespace = io.of(name);
        namespace.to(room).emit(event, payload);
        namespace.in(room).socketsLeave(room);
      },
      authenticatedNamespace: (name) => {
        const namespace = io.of(name);
        namespace.use(authenticate);
        namespace.on('connection', joinIdentityRooms);
        namespaces.push(namespace);
        return namespace;
      },
    } satisfies Realtime);

    // preClose, not onClose: open sockets would keep the HTTP server from closing, and the pool must outlive
    // the handshakes still being checked. io.close() also stops the HTTP server; Fastify accepts that.
    app.addHook('preClose', async () => {
      await io.close();
      await redis?.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'realtime', dependencies: ['database'] },
);
