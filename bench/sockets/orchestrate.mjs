// What the socket benchmarks' orchestrators share: they drive a server process (bench/sockets/server.ts) and a
// client process (bench/sockets/clients.ts) over IPC, and only coordinate, so client work never sits on a
// server's event loop.
import { readFileSync } from 'node:fs';
import { nextMessage } from '../lib.mjs';
import { deliveryLatencies, summarize } from './stats.mjs';

/** A whole number from the environment, or the default; anything else stops the run with the variable's name. */
export function countFromEnv(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw new Error(`${name}=${raw}: expected a whole number of at least 1`);
  return Number(raw);
}

/** How long after the last send the clients wait for stragglers before counting them as never delivered. */
export const DELIVERY_TIMEOUT_MS = 30_000;
export const CONNECT_TIMEOUT_MS = 20_000;
/** Descriptors beyond the sockets: PostgreSQL connections, files, stdio, the IPC channel. */
export const SPARE_DESCRIPTORS = 500;

/**
 * The open-file limit a node process gets here: node raises its own soft limit to the hard one at start,
 * so the children get what this process has. N sockets need N descriptors in each of the two children.
 */
export function checkFileLimit(sockets, descriptors) {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((row) => row.startsWith('Max open files'));
  const soft = line?.split(/\s+/)[3];
  if (soft === undefined || soft === 'unlimited' || Number(soft) >= descriptors) return;
  throw new Error(
    `${sockets} sockets need about ${descriptors} open files per process, but the limit is ${soft}: raise it (ulimit -n ${descriptors} in the shell that runs the benchmark) or set BENCH_SOCKETS lower`,
  );
}

export function ask(child, request, replyType, timeoutMs) {
  const answer = nextMessage(child, replyType, timeoutMs);
  child.send(request);
  return answer;
}

/** This process's reading of the one clock the children stamp with (see protocol.ts clockNow). */
const clockNow = () => performance.timeOrigin + performance.now();

/**
 * How far a child's clock is from this one: the child's reading minus the middle of the round trip, from the
 * quickest of a few trips; `within` is half that trip, the most the estimate can be off.
 * @returns {Promise<{ offset: number, within: number }>}
 */
export async function clockOffset(child) {
  let best;
  for (let trip = 0; trip < 10; trip += 1) {
    const asked = clockNow();
    const { now } = await ask(child, { type: 'clock' }, 'clock', 10_000);
    const answered = clockNow();
    if (best === undefined || answered - asked < best.within * 2)
      best = { offset: now - (asked + answered) / 2, within: (answered - asked) / 2 };
  }
  return best;
}

/** One round: the clients forget the last one, the server sends, the clients report what came. */
export async function round(server, clients, request, replyType) {
  await ask(clients, { type: 'expect' }, 'expecting', 10_000);
  const sent = await ask(server, request, replyType, 600_000);
  const collected = await ask(
    clients,
    { type: 'collect', timeoutMs: DELIVERY_TIMEOUT_MS },
    'collected',
    DELIVERY_TIMEOUT_MS + 30_000,
  );
  const { latencies, missing } = deliveryLatencies(sent.sentAt, collected.receivedAt);
  return { sent, collected, latency: summarize(latencies), missing };
}
