// The server process of the roadmap benchmark: the real api (buildApp, serving the built web app) on an
// embedded PostgreSQL in a throwaway folder, with one generated, published roadmap of 1,000 nodes and
// 1,200 edges. Prints `ready <url> <roadmapId>` once it listens; Ctrl-C (or SIGTERM) stops it and cleans up.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, defaultWebDistDir, type App } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import type { Database } from '../../apps/api/src/db/client';
import { findFreePort, startEmbeddedPostgres, type RunningPostgres } from '../../apps/api/src/db/embedded-postgres';
import { migrateDatabase } from '../../apps/api/src/db/migrate';
import { roadmapEdges, roadmapNodeDetails, roadmapNodes, roadmaps, users } from '../../apps/api/src/db/schema';
import { createLogger } from '../../apps/api/src/lib/logger';
import { generateRoadmap } from './generate';

const dataDir = mkdtempSync(path.join(tmpdir(), 'skillroute-bench-roadmaps-'));
// As root, PostgreSQL runs as the postgres user and must reach its folder.
chmodSync(dataDir, 0o755);

let app: App | undefined;
let postgres: RunningPostgres | undefined;

/** Rows straight into the tables, in chunks that stay under PostgreSQL's 65,535 parameters per statement. */
async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) await insert(rows.slice(start, start + 500));
}

async function seedRoadmap(db: Database): Promise<string> {
  const graph = generateRoadmap({ nodes: 1000, edges: 1200 });
  return db.transaction(async (tx) => {
    const [author] = await tx.insert(users).values({ name: 'Bench', email: 'bench-author@skillroute.test', verifiedAt: new Date() }).returning({ id: users.id });
    const now = new Date();
    const [roadmap] = await tx
      .insert(roadmaps)
      .values({ authorId: author!.id, title: 'A thousand topics', description: 'A generated roadmap for the benchmark.', status: 'published', isActive: true, submittedAt: now, reviewedAt: now })
      .returning({ id: roadmaps.id });
    const roadmapId = roadmap!.id;
    await insertInChunks(graph.nodes, (chunk) => tx.insert(roadmapNodes).values(chunk.map((node) => ({ ...node, roadmapId, saved: true }))));
    await insertInChunks(graph.edges, (chunk) => tx.insert(roadmapEdges).values(chunk.map((edge) => ({ ...edge, roadmapId }))));
    await insertInChunks(graph.details, (chunk) => tx.insert(roadmapNodeDetails).values(chunk.map((detail) => ({ ...detail, roadmapId }))));
    return roadmapId;
  });
}

async function start(): Promise<void> {
  const port = await findFreePort();
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000000',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_JWT_SECRET: randomBytes(32).toString('hex'),
  });
  const logger = createLogger(config);
  postgres = await startEmbeddedPostgres(path.join(dataDir, 'postgres'), logger);
  await migrateDatabase(postgres.connectionString);
  app = await buildApp(config, { databaseUrl: postgres.connectionString, logger, webDistDir: defaultWebDistDir });
  await app.listen({ port, host: '127.0.0.1' });
  const roadmapId = await seedRoadmap(app.db);
  console.log(`ready ${config.publicUrl} ${roadmapId}`);
}

let stopping = false;

async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  let clean = true;
  for (const [name, step] of [
    ['the app', () => app?.close()],
    ['PostgreSQL', () => postgres?.stop()],
  ] as const) {
    try {
      await step();
    } catch (error) {
      clean = false;
      process.stderr.write(`bench server: could not stop ${name}: ${error instanceof Error ? error.stack : String(error)}\n`);
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(clean ? 0 : 1);
}

process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

start().catch(async (error: unknown) => {
  process.stderr.write(`bench server: did not start: ${error instanceof Error ? error.stack : String(error)}\n`);
  await stop();
});
