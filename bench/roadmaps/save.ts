// The save benchmark's process: the real api on an embedded PostgreSQL, two drafted roadmaps of 1,000 nodes
// (1,200 edges, content for every node) whose nodes were created but never saved, then saves of the whole
// graph in turns: the repository's `replaceGraph`, and the one-UPDATE-per-node write it replaced (kept here
// as the yardstick). Each save is what `publishRoadmap` holds the roadmap's row lock for: the locked read,
// the graph, the roadmap's row. Prints `result <json>` and exits.
import { and, eq, notInArray } from 'drizzle-orm';
import type { Transaction } from '../../apps/api/src/db/client';
import {
  roadmapEdges,
  roadmapNodeDetails,
  roadmapNodes,
  roadmaps,
  users,
} from '../../apps/api/src/db/schema';
import {
  findRoadmapState,
  replaceGraph,
  updateRoadmap,
} from '../../apps/api/src/modules/roadmaps/repository';
import type { NodeDetail, RoadmapEdge, RoadmapNode } from '@skillroute/shared/roadmap-api';
import type { NodeLink } from '@skillroute/shared/roadmap-fields';
import { startBenchProduct } from '../product-app';
import { generateRoadmap } from './generate';

const ROUNDS = Number(process.env.BENCH_SAVE_ROUNDS ?? 7);
const NODES = 1000;
const EDGES = 1200;

interface Graph {
  nodes: RoadmapNode[];
  edges: RoadmapEdge[];
  nodeDetails: NodeDetail[];
}
type Write = (tx: Transaction, roadmapId: string, graph: Graph) => Promise<void>;

/** The write before this change (commit c275f47), statement for statement. */
const oneUpdatePerNode: Write = async (tx, roadmapId, graph) => {
  const keep = graph.nodes.map((node) => node.id);
  await tx.delete(roadmapEdges).where(eq(roadmapEdges.roadmapId, roadmapId));
  await tx.delete(roadmapNodeDetails).where(eq(roadmapNodeDetails.roadmapId, roadmapId));
  await tx
    .delete(roadmapNodes)
    .where(
      keep.length === 0
        ? eq(roadmapNodes.roadmapId, roadmapId)
        : and(eq(roadmapNodes.roadmapId, roadmapId), notInArray(roadmapNodes.id, keep)),
    );
  for (const node of graph.nodes) {
    await tx
      .update(roadmapNodes)
      .set({
        type: node.type,
        x: node.position.x,
        y: node.position.y,
        label: node.data.label,
        background: node.background,
        saved: true,
      })
      .where(and(eq(roadmapNodes.id, node.id), eq(roadmapNodes.roadmapId, roadmapId)));
  }
  for (let start = 0; start < graph.edges.length; start += 1000) {
    const chunk = graph.edges.slice(start, start + 1000);
    await tx
      .insert(roadmapEdges)
      .values(chunk.map((edge) => ({ roadmapId, sourceId: edge.source, targetId: edge.target })));
  }
  for (let start = 0; start < graph.nodeDetails.length; start += 500) {
    const chunk = graph.nodeDetails.slice(start, start + 500);
    await tx.insert(roadmapNodeDetails).values(
      chunk.map((detail) => ({
        roadmapId,
        nodeId: detail.nodeId,
        title: detail.title,
        description: detail.description,
        links: detail.links as NodeLink[],
      })),
    );
  }
};

const product = await startBenchProduct('roadmap-save');
try {
  const { db } = product.app;
  const [author] = await db
    .insert(users)
    .values({ name: 'Bench', email: 'bench-saver@skillroute.test', verifiedAt: new Date() })
    .returning({ id: users.id });
  /** A drafted roadmap whose nodes exist unsaved, as POST /api/roadmap/node leaves them, and the graph a save sends. */
  const draft = async (title: string) => {
    const generated = generateRoadmap({ nodes: NODES, edges: EDGES });
    const [roadmap] = await db
      .insert(roadmaps)
      .values({ authorId: author!.id, title, description: 'A generated roadmap for the save benchmark.' })
      .returning({ id: roadmaps.id });
    const roadmapId = roadmap!.id;
    for (let start = 0; start < generated.nodes.length; start += 500) {
      await db
        .insert(roadmapNodes)
        .values(
          generated.nodes.slice(start, start + 500).map((node) => ({ ...node, roadmapId, saved: false })),
        );
    }
    const graph = (shift: number): Graph => ({
      nodes: generated.nodes.map((node) => ({
        id: node.id,
        type: node.type,
        position: { x: node.x + shift, y: node.y },
        data: { label: node.label },
        background: node.background,
      })),
      edges: generated.edges.map((edge) => ({ source: edge.sourceId, target: edge.targetId })),
      nodeDetails: generated.details,
    });
    return { roadmapId, graph };
  };
  const sides = {
    before: { write: oneUpdatePerNode, ...(await draft('Saved one node at a time')) },
    after: { write: replaceGraph, ...(await draft('Saved in six statements')) },
  };
  const times: Record<keyof typeof sides, number[]> = { before: [], after: [] };
  // Round 0 warms both up and is not counted; the sides take turns so drift on the machine touches both alike.
  for (let round = 0; round <= ROUNDS; round += 1) {
    for (const [name, side] of Object.entries(sides) as Array<
      [keyof typeof sides, (typeof sides)['before']]
    >) {
      const started = performance.now();
      await db.transaction(async (tx) => {
        await findRoadmapState(tx, side.roadmapId, { lock: true });
        await side.write(tx, side.roadmapId, side.graph(round));
        await updateRoadmap(tx, side.roadmapId, { status: 'drafted', submittedAt: new Date() });
      });
      const ms = performance.now() - started;
      if (round > 0) times[name].push(ms);
      console.log(`save round ${round} ${name}: ${ms.toFixed(1)} ms`);
    }
  }
  console.log(`result ${JSON.stringify({ nodes: NODES, edges: EDGES, rounds: ROUNDS, times })}`);
} finally {
  await product.stop();
}
