// The messages the socket benchmark's three processes exchange over their IPC channels: the orchestrator
// (bench/sockets/bench.mjs) asks, the server process and the client process answer.

/** A signed-in user as the benchmark seeds them: the cookie a browser would hold after sign-in. */
export interface BenchUser {
  email: string;
  accessToken: string;
}

/** Process memory in bytes, read right after a full garbage collection. */
export interface MemorySnapshot {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

/** Both children answer it with their clockNow(), so the orchestrator can check they share one clock. */
export interface ClockRequest {
  type: 'clock';
}
export interface ClockReply {
  type: 'clock';
  now: number;
}

export type ServerRequest =
  | ClockRequest
  | { type: 'memory' }
  | { type: 'socket-count' }
  | { type: 'notify-all' }
  | { type: 'emit-only' }
  | { type: 'stop' };

export type ServerReply =
  | ClockReply
  | { type: 'ready'; url: string; origin: string; users: BenchUser[]; seedMs: number }
  | { type: 'memory'; memory: MemorySnapshot }
  | { type: 'socket-count'; count: number }
  /** `sentAt[i]` is the moment just before user i's notify call; `callMs[i]` how long that call took. */
  | { type: 'notify-all'; sentAt: number[]; callMs: number[]; totalMs: number }
  | { type: 'emit-only'; sentAt: number[]; totalMs: number }
  | { type: 'failed'; message: string };

export type ClientRequest =
  | ClockRequest
  /** User i connects to `urls[i % urls.length]`: one api process, or replicas side by side. */
  | {
      type: 'connect';
      urls: string[];
      origin: string;
      users: BenchUser[];
      batchSize: number;
      connectTimeoutMs: number;
    }
  /** Forget the last round's receipts: the next events belong to a new round. */
  | { type: 'expect' }
  | { type: 'collect'; timeoutMs: number }
  | { type: 'stop' };

export type ClientReply =
  | ClockReply
  | { type: 'connected'; connected: number; refused: number; errors: string[]; durationMs: number }
  | { type: 'expecting' }
  /** `receivedAt[i]` is when user i's socket got its event in this round, or null when it never came. */
  | {
      type: 'collected';
      receivedAt: Array<number | null>;
      duplicates: number;
      foreign: number;
      disconnects: number;
    }
  | { type: 'failed'; message: string };

/** One clock for all processes: milliseconds since the epoch, at sub-millisecond resolution. */
export function clockNow(): number {
  return performance.timeOrigin + performance.now();
}
