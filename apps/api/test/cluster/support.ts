import { request as httpRequest } from 'node:http';
import { io as connectClient, type Socket } from 'socket.io-client';
import { SOCKET_PATH } from '@skillroute/shared/constants';
import { waitFor } from '../sockets';

export interface Answer {
  status: number;
  body: string;
  /** The replica nginx passed the request to (its X-Skillroute-Upstream header); '' when the request never got an answer. */
  upstream: string;
}

/**
 * One HTTP request from a loopback address of the caller's choice (127.0.0.0/8 is all loopback): nginx keys
 * socket stickiness and the api its rate limit on the client address, so each address is a client of its
 * own. A request that gets no answer at all resolves with status 0 instead of throwing.
 */
export function send(
  baseUrl: string,
  method: string,
  path: string,
  options: { from: string; cookie?: string; body?: unknown },
): Promise<Answer> {
  const url = new URL(path, baseUrl);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve) => {
    const req = httpRequest(
      url,
      {
        method,
        localAddress: options.from,
        agent: false,
        headers: {
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body,
            upstream: String(res.headers['x-skillroute-upstream'] ?? ''),
          }),
        );
        res.on('error', () => resolve({ status: 0, body, upstream: '' }));
      },
    );
    req.on('error', (error) => resolve({ status: 0, body: error.message, upstream: '' }));
    req.end(payload);
  });
}

/** Loopback addresses handed out one by one, so no two clients of a test share one by accident. */
export function addresses(prefix: string): () => string {
  let next = 0;
  return () => {
    next += 1;
    return `${prefix}.${Math.floor(next / 250)}.${(next % 250) + 1}`;
  };
}

/**
 * A socket.io client over websockets (the transport that can choose its local address), reconnecting
 * quickly, as a browser would hold one. Resolves once connected.
 */
export function openSocket(url: string, cookie: string, from: string): Promise<Socket> {
  const socket = connectClient(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    forceNew: true,
    extraHeaders: { cookie },
    localAddress: from,
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
    timeout: 10_000,
  } as Parameters<typeof connectClient>[1]);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(new Error(`the socket was refused: ${error.message}`));
    });
  });
}

/** The next `event` on a socket; fails after `timeoutMs` (generous: the machine may be busy). */
export function nextEvent<T>(socket: Socket, event: string, timeoutMs = 30_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Polls an HTTP-backed `check` (sockets.ts waitFor) with a cluster's patience: every 100 ms for up to `timeoutMs`. */
export function eventually<T>(
  check: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 60_000,
): Promise<T> {
  return waitFor(check, what, timeoutMs, 100);
}

/** A steady load: `step()` every `intervalMs` until stopped; `stop()` resolves once every request started has its answer. */
export function steadyLoad(
  step: (n: number) => Promise<void>,
  intervalMs: number,
): { stop(): Promise<void>; started: () => number } {
  const running: Array<Promise<void>> = [];
  let n = 0;
  const timer = setInterval(() => running.push(step(n++)), intervalMs);
  return {
    started: () => n,
    async stop() {
      clearInterval(timer);
      await Promise.all(running);
    },
  };
}
