// The client process of the socket benchmark: one socket.io client per seeded user, each authenticated by
// that user's accessToken cookie, as a browser tab would be. It runs apart from the server so the clients'
// work never sits on the server's event loop. Driven over IPC by bench/sockets/bench.mjs.
import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH } from '@skillroute/shared/constants';
import { userEventName } from '@skillroute/shared/notifications';
import { clockNow, type BenchUser, type ClientReply, type ClientRequest } from './protocol';

/** How many distinct connect errors to report; the rest are only counted. */
const ERRORS_KEPT = 5;

const sockets: Socket[] = [];
let receivedAt: Array<number | null> = [];
let duplicates = 0;
let foreign = 0;
let disconnects = 0;
let waitingForAll: (() => void) | undefined;
let missing = 0;

/** Tells the orchestrator; once it is gone (Ctrl-C, a crash) there is nobody to tell, and that is no error. */
function reply(message: ClientReply): void {
  if (process.connected) process.send?.(message, undefined, {}, () => undefined);
}

/** Opens one user's socket; resolves true once connected, false when the server refused it. */
function connectOne(
  url: string,
  origin: string,
  user: BenchUser,
  index: number,
  timeoutMs: number,
  errors: Set<string>,
): Promise<boolean> {
  const eventName = userEventName(user.email);
  const socket = io(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    // Without it every client to the same URL would share one connection (and the first user's cookie).
    forceNew: true,
    reconnection: false,
    timeout: timeoutMs,
    extraHeaders: { cookie: `accessToken=${user.accessToken}`, origin },
  });
  // Stamped before anything else runs, so the client's own bookkeeping is not counted as delivery time.
  socket.onAny((event: string) => {
    const now = clockNow();
    if (event !== eventName) {
      foreign += 1;
      return;
    }
    if (receivedAt[index] !== null && receivedAt[index] !== undefined) {
      duplicates += 1;
      return;
    }
    receivedAt[index] = now;
    missing -= 1;
    if (missing === 0) waitingForAll?.();
  });
  socket.on('disconnect', () => (disconnects += 1));
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve(true));
    socket.once('connect_error', (error: Error) => {
      if (errors.size < ERRORS_KEPT) errors.add(error.message);
      resolve(false);
    });
  });
}

/** Connects in batches: thousands of simultaneous handshakes would queue past the connect timeout. */
async function connectAll(request: Extract<ClientRequest, { type: 'connect' }>): Promise<void> {
  const started = clockNow();
  const errors = new Set<string>();
  let connected = 0;
  receivedAt = request.users.map(() => null);
  for (let first = 0; first < request.users.length; first += request.batchSize) {
    const batch = request.users.slice(first, first + request.batchSize);
    const results = await Promise.all(
      batch.map((user, offset) =>
        connectOne(
          request.urls[(first + offset) % request.urls.length] ?? '',
          request.origin,
          user,
          first + offset,
          request.connectTimeoutMs,
          errors,
        ),
      ),
    );
    connected += results.filter(Boolean).length;
  }
  reply({
    type: 'connected',
    connected,
    refused: request.users.length - connected,
    errors: [...errors],
    durationMs: clockNow() - started,
  });
}

function expectRound(): void {
  receivedAt = receivedAt.map(() => null);
  missing = receivedAt.length;
  duplicates = 0;
  foreign = 0;
  reply({ type: 'expecting' });
}

/** Waits for every socket's event of this round, or the timeout; the gaps are reported as null. */
async function collect(timeoutMs: number): Promise<void> {
  if (missing > 0) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      waitingForAll = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    waitingForAll = undefined;
  }
  reply({ type: 'collected', receivedAt: [...receivedAt], duplicates, foreign, disconnects });
}

function stop(): void {
  for (const socket of sockets) socket.disconnect();
  process.exit(0);
}

process.on('message', (message: ClientRequest) => {
  const handle = async () => {
    if (message.type === 'clock') reply({ type: 'clock', now: clockNow() });
    else if (message.type === 'connect') await connectAll(message);
    else if (message.type === 'expect') expectRound();
    else if (message.type === 'collect') await collect(message.timeoutMs);
    else stop();
  };
  handle().catch((error: unknown) =>
    reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
});
// The orchestrator gone (killed, crashed) means nobody will say stop: leave rather than hold sockets open.
process.on('disconnect', stop);
