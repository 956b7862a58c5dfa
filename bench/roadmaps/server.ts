// The server process of the roadmap benchmark: the real api (buildApp, serving the built web app) on an
// embedded PostgreSQL in a throwaway folder, with one generated, published roadmap of 1,000 nodes and
// 1,200 edges. Prints `ready <url> <roadmapId>` once it listens; Ctrl-C (or SIGTERM) stops it and cleans up.
import { defaultWebDistDir } from '../../apps/api/src/app';
import type { Database } from '../../apps/api/src/db/client';
import {
  roadmapEdges,
  roadmapNodeDetails,
  roadmapNodes,
  roadmaps,
  users,
} from '../../apps/api/src/db/schema';
import { runBenchServer, startBenchProduct, type BenchProduct } from '../product-app';
import { generateRoadmap } from './generate';

let product: BenchProduct | undefined;

/** Rows straight into the tables, in chunks that stay under PostgreSQL's 65,535 parameters per statement. */
async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) await insert(rows.slice(start, start + 500));
}

async function seedRoadmap(db: Database): Promise<string> {
  const graph = generateRoadmap({ nodes: 1000, edges: 1200 });
  return db.transaction(async (tx) => {
    const [author] = await tx
      .insert(users)
      .values({ name: 'Bench', email: 'bench-author@skillroute.test', verifiedAt: new Date() })
      .returning({ id: users.id });
    const now = new Date();
    const [roadmap] = await tx
      .insert(roadmaps)
      .values({
        authorId: author!.id,
        title: 'A thousand topics',
        description: 'A generated roadmap for the benchmark.',
        status: 'published',
        isActive: true,
        submittedAt: now,
        reviewedAt: now,
      })
      .returning({ id: roadmaps.id });
    const roadmapId = roadmap!.id;
    await insertInChunks(graph.nodes, (chunk) =>
      tx.insert(roadmapNodes).values(chunk.map((node) => ({ ...node, roadmapId, saved: true }))),
    );
    await insertInChunks(graph.edges, (chunk) =>
      tx.insert(roadmapEdges).values(chunk.map((edge) => ({ ...edge, roadmapId }))),
    );
    await insertInChunks(graph.details, (chunk) =>
      tx.insert(roadmapNodeDetails).values(chunk.map((detail) => ({ ...detail, roadmapId }))),
    );
    return roadmapId;
  });
}

async function start(): Promise<void> {
  product = await startBenchProduct('roadmaps', { webDistDir: defaultWebDistDir });
  const roadmapId = await seedRoadmap(product.app.db);
  console.log(`ready ${product.config.publicUrl} ${roadmapId}`);
}

runBenchServer(start, () => product);
