// A local cluster (DESIGN.md §5a): N api processes on one PostgreSQL and one Redis, behind Debian's nginx
// run as a child process from a config written to a temp folder. `npm run cluster` and the cluster tests
// (apps/api/test/cluster) both start it from here.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const NGINX = '/usr/sbin/nginx';
/** socket.io's path (DESIGN.md §5): upgraded to websockets, and sticky for the long-polling fallback. */
const SOCKET_LOCATION = '/notification-socket/';
/** How often the cluster asks each replica's /api/health, standing in for the active check nginx (open source) lacks. */
const PROBE_INTERVAL_MS = 250;

/** Debian's nginx, installed with apt when missing, as `npm test` does for Chromium. Returns whether it is there. */
export function ensureNginx(log = console.log) {
  if (existsSync(NGINX)) return true;
  log("nginx is missing: installing Debian's package (apt-get install -y nginx-light or nginx).");
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    log('Not running as root: install it yourself with `sudo apt-get install -y nginx`.');
    return false;
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (...args) =>
    spawnSync('apt-get', [...APT_WAITS_FOR_LOCK, ...args], { stdio: 'inherit', env }).status === 0;
  return (
    apt('update', '-qq') &&
    apt('install', '-y', '-qq', '--no-install-recommends', 'nginx') &&
    existsSync(NGINX)
  );
}

/**
 * apt-get waits this long for another install to finish (a second run installing the same browser at once)
 * instead of failing at once on dpkg's lock.
 */
export const APT_WAITS_FOR_LOCK = ['-o', 'DPkg::Lock::Timeout=300'];

/** A TCP port nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts TCP connections at a URL's host and port. */
export function reachable(serviceUrl) {
  const url = new URL(serviceUrl);
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port), timeout: 1000 });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/**
 * The nginx config: the API balanced over the replicas that answer their health check (least connections,
 * a failed attempt tried on the next for idempotent requests and for any request never sent), and socket.io
 * pinned to a replica by client address (its long-polling requests must all reach the one that holds the
 * session) with the websocket upgrade passed on. Every path lives in `dir`, so nothing in /etc is touched.
 */
export function nginxConfig({ dir, port, replicas }) {
  const servers = (extra) =>
    replicas
      .map(
        (replica) =>
          `    server 127.0.0.1:${replica.port} max_fails=1 fail_timeout=2s${replica.up ? '' : ' down'}${extra};`,
      )
      .join('\n');
  // In each location: one proxy_set_header there drops every one inherited from the server block.
  const forwarded = [
    'Host $http_host',
    'X-Forwarded-For $proxy_add_x_forwarded_for',
    'X-Forwarded-Proto $scheme',
  ]
    .map((header) => `      proxy_set_header ${header};`)
    .join('\n');
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return `# Written by scripts/cluster-lib.mjs; rewritten and reloaded when a replica's health changes.
${asRoot ? 'user nobody nogroup;\n' : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/temp/client_body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  # The api refuses what it finds too large itself, with its own message.
  client_max_body_size 20m;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream skillroute_api {
    least_conn;
${servers('')}
  }
  upstream skillroute_sockets {
    hash $remote_addr consistent;
${servers('')}
  }
  server {
    listen 127.0.0.1:${port};
    proxy_http_version 1.1;
    # Tried on the next replica: a connection refused or reset before the request went out (any method), and
    # for GET/HEAD also a timeout or a 502-504. A POST that reached a replica is never sent twice.
    proxy_next_upstream error timeout http_502 http_503 http_504;
    proxy_next_upstream_tries 3;
    proxy_connect_timeout 2s;
    # Which replica answered: for people trying the cluster, and for its tests.
    add_header X-Skillroute-Upstream $upstream_addr always;
    location ${SOCKET_LOCATION} {
      proxy_pass http://skillroute_sockets;
${forwarded}
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 1h;
    }
    location / {
      proxy_pass http://skillroute_api;
${forwarded}
      proxy_set_header Connection "";
    }
  }
}
`;
}

async function healthy(port) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
      signal: AbortSignal.timeout(2000),
    });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** The PostgreSQL the replicas share: DATABASE_URL, or one embedded server this process starts and owns. */
async function sharedDatabase(databaseUrl, dataDir, log) {
  if (databaseUrl) return { url: databaseUrl, embedded: false, stop: async () => undefined };
  const { startEmbeddedPostgres } = await import('../apps/api/src/db/embedded-postgres.ts');
  const quiet = {
    debug() {},
    info: (details, message) => log(`postgres: ${message}`),
    warn: (details, message) => log(`postgres: ${message}`),
  };
  const postgres = await startEmbeddedPostgres(path.join(dataDir, 'postgres'), quiet);
  return { url: postgres.connectionString, embedded: true, stop: () => postgres.stop() };
}

/**
 * Starts the cluster and resolves once nginx and every replica answer. Options: replicas (2), databaseUrl
 * (else an embedded PostgreSQL in dataDir), redisUrl, port (nginx's; a free one), env (added to each
 * replica's), dataDir (shared by the replicas: uploads, the mail outbox), onOutput(line, source).
 */
export async function startCluster(options = {}) {
  const replicaCount = options.replicas ?? 2;
  const log = options.log ?? (() => undefined);
  const onOutput = options.onOutput ?? (() => undefined);
  if (!existsSync(NGINX)) throw new Error(`nginx is not installed at ${NGINX}`);
  const redisUrl = options.redisUrl;
  if (!redisUrl)
    throw new Error(
      'a cluster needs REDIS_URL: socket.io events and rate limits cross replicas through Redis',
    );
  if (!(await reachable(redisUrl)))
    throw new Error(`nothing listens at REDIS_URL (${new URL(redisUrl).host})`);

  const dir = mkdtempSync(path.join(tmpdir(), 'skillroute-cluster-'));
  // nginx's workers run as nobody when started by root: they must reach their temp folders.
  chmodSync(dir, 0o755);
  for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(path.join(dir, 'temp', name), { recursive: true, mode: 0o777 });
  const dataDir = options.dataDir ?? path.join(dir, 'data');
  mkdirSync(dataDir, { recursive: true });
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const database = await sharedDatabase(options.databaseUrl, dataDir, log);

  // One set of secrets for all: a session signed by one replica is read by every other.
  const secrets = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_JWT_SECRET: randomBytes(32).toString('hex'),
  };
  const baseEnv = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    ...secrets,
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    // nginx is the one hop in front: the client is the address it saw.
    TRUST_PROXY: '1',
    // Long enough for a health probe and an nginx reload; nginx retries what still arrives on a refused connection.
    SHUTDOWN_DRAIN_SECONDS: '2',
    SEED_DEMO: database.embedded ? 'true' : 'false',
    ...options.env,
  };

  const replicas = [];
  let nginx;
  let stopping = false;
  const writeConfig = () => writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig({ dir, port, replicas }));
  const reloadNginx = () => {
    writeConfig();
    if (nginx?.exitCode === null) nginx.kill('SIGHUP');
  };

  const makeReplica = async (index) => {
    const replica = {
      index,
      name: `api-${index + 1}`,
      port: await freePort(),
      up: false,
      child: undefined,
      exited: Promise.resolve(null),
      /** Starts (or starts again) the process and resolves once it answers its health check. */
      async start() {
        const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
          cwd: root,
          env: { ...baseEnv, PORT: String(replica.port) },
          stdio: ['ignore', 'pipe', 'pipe'],
          // A process group of its own: Ctrl-C reaches the cluster script alone, which stops the parts in order.
          detached: true,
        });
        replica.child = child;
        replica.exited = new Promise((resolve) =>
          child.once('exit', (code, signal) => resolve(signal ?? code)),
        );
        for (const stream of [child.stdout, child.stderr]) {
          let rest = '';
          stream.setEncoding('utf8').on('data', (chunk) => {
            const lines = (rest + chunk).split('\n');
            rest = lines.pop() ?? '';
            for (const line of lines) if (line.trim()) onOutput(line, replica.name);
          });
        }
        while (!(await healthy(replica.port))) {
          if (child.exitCode !== null || child.signalCode !== null)
            throw new Error(`${replica.name} exited while starting (${child.signalCode ?? child.exitCode})`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await replica.markUp();
      },
      /** Sends a signal (SIGTERM drains; SIGKILL does not) and resolves when the process is gone. */
      async stop(signal = 'SIGTERM') {
        if (replica.child && replica.child.exitCode === null && replica.child.signalCode === null)
          replica.child.kill(signal);
        return replica.exited;
      },
      /** Waits until the cluster has taken this replica out of nginx (it failed or drained its health check). */
      markedDown: () => waitUntil(() => !replica.up),
      async markUp() {
        if (replica.up) return;
        replica.up = true;
        reloadNginx();
      },
    };
    return replica;
  };

  const waitUntil = async (condition) => {
    while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  try {
    for (let i = 0; i < replicaCount; i += 1) replicas.push(await makeReplica(i));
    writeConfig();
    const check = spawnSync(
      NGINX,
      ['-t', '-q', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'],
      { encoding: 'utf8' },
    );
    if (check.status !== 0) throw new Error(`nginx refused the config: ${check.stderr}`);
    nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    for (const stream of [nginx.stdout, nginx.stderr])
      stream.setEncoding('utf8').on('data', (chunk) => onOutput(chunk.trimEnd(), 'nginx'));
    // The first replica alone migrates (and seeds the embedded database); the others then start side by side.
    await replicas[0].start();
    await Promise.all(replicas.slice(1).map((replica) => replica.start()));
  } catch (error) {
    for (const replica of replicas) await replica.stop('SIGKILL');
    if (nginx?.exitCode === null) nginx.kill('SIGQUIT');
    await database.stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  // The active health check: a replica that stops answering 200 (draining, killed, database gone) leaves
  // nginx's upstream until it answers again.
  const probe = setInterval(() => {
    void Promise.all(
      replicas.map(async (replica) => {
        const ok =
          replica.child?.exitCode === null &&
          replica.child.signalCode === null &&
          (await healthy(replica.port));
        if (ok !== replica.up && !stopping) {
          replica.up = ok;
          log(`${replica.name} is ${ok ? 'back in' : 'out of'} the balancer`);
          reloadNginx();
        }
      }),
    );
  }, PROBE_INTERVAL_MS);

  return {
    url,
    dir,
    databaseUrl: database.url,
    replicas,
    /** Stops every replica (drained, in parallel), then nginx and the embedded PostgreSQL, and removes the temp folder. */
    async stop() {
      if (stopping) return;
      stopping = true;
      clearInterval(probe);
      await Promise.all(replicas.map((replica) => replica.stop('SIGTERM')));
      if (nginx.exitCode === null) {
        const exited = new Promise((resolve) => nginx.once('exit', resolve));
        nginx.kill('SIGQUIT');
        await exited;
      }
      await database.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
