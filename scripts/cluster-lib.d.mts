// Types of cluster-lib.mjs for the TypeScript that uses it (the cluster tests).
export const NGINX: string;
export function ensureNginx(log?: (line: string) => void): boolean;
export function freePort(): Promise<number>;
export function reachable(serviceUrl: string): Promise<boolean>;
export function nginxConfig(options: {
  dir: string;
  port: number;
  replicas: Array<{ port: number; up: boolean }>;
}): string;

export interface Replica {
  index: number;
  name: string;
  port: number;
  /** Whether nginx sends it requests (it answered its last health check). */
  up: boolean;
  start(): Promise<void>;
  /** Resolves with the exit code, or the signal's name when a signal ended it. */
  stop(signal?: NodeJS.Signals): Promise<number | string | null>;
  markedDown(): Promise<void>;
}

export interface Cluster {
  url: string;
  dir: string;
  databaseUrl: string;
  replicas: Replica[];
  stop(): Promise<void>;
}

export function startCluster(options: {
  replicas?: number;
  databaseUrl?: string;
  redisUrl: string;
  port?: number;
  dataDir?: string;
  env?: Record<string, string>;
  log?: (line: string) => void;
  onOutput?: (line: string, source: string) => void;
}): Promise<Cluster>;
