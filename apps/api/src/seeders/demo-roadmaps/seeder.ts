import { DEFAULT_SUBTOPIC_COLOUR, DEFAULT_TOPIC_COLOUR } from '@skillroute/shared/roadmaps';
import type { Transaction } from '../../db/client';
import { roadmapEdges, roadmapNodeDetails, roadmapNodes, roadmaps, users } from '../../db/schema';
import type { Seeder } from '../../db/seed';
import { backendRoadmap } from './backend';
import { devopsRoadmap } from './devops';
import { frontendRoadmap } from './frontend';
import { layout, type DemoRoadmap } from './outline';

export const demoRoadmaps: readonly DemoRoadmap[] = [frontendRoadmap, backendRoadmap, devopsRoadmap];

/**
 * The author of the demo roadmaps: a verified account with no password and no Google link, so nobody can
 * sign in as it.
 */
export const DEMO_AUTHOR = { name: 'Skillroute', email: 'roadmaps@skillroute.dev' } as const;

async function insertRoadmap(tx: Transaction, authorId: string, roadmap: DemoRoadmap, now: Date): Promise<void> {
  const [row] = await tx
    .insert(roadmaps)
    .values({ authorId, title: roadmap.title, description: roadmap.description, status: 'published', isActive: true, submittedAt: now, reviewedAt: now })
    .returning({ id: roadmaps.id });
  if (row === undefined) throw new Error(`the demo roadmap "${roadmap.title}" was not written`);
  const drawing = layout(roadmap);
  const inserted = await tx
    .insert(roadmapNodes)
    .values(
      drawing.nodes.map((placed) => ({
        roadmapId: row.id,
        type: placed.type,
        x: placed.x,
        y: placed.y,
        label: placed.node.label,
        background: placed.type === 'topic' ? DEFAULT_TOPIC_COLOUR : DEFAULT_SUBTOPIC_COLOUR,
        saved: true,
      })),
    )
    .returning({ id: roadmapNodes.id });
  // Rows come back in the order they were sent.
  const idOf = new Map(drawing.nodes.map((placed, index) => [placed.key, inserted[index]!.id]));
  await tx.insert(roadmapEdges).values(drawing.edges.map(([source, target]) => ({ roadmapId: row.id, sourceId: idOf.get(source)!, targetId: idOf.get(target)! })));
  await tx.insert(roadmapNodeDetails).values(
    drawing.nodes.map((placed) => ({
      roadmapId: row.id,
      nodeId: idOf.get(placed.key)!,
      title: placed.node.label,
      description: placed.node.description,
      links: placed.node.links.map(([title, url]) => ({ title, url })),
    })),
  );
}

/** Three published roadmaps of our own writing (Frontend, Backend, DevOps), so a new user sees a living product. */
export function createDemoRoadmapsSeeder(): Seeder {
  return {
    name: 'demo-roadmaps',
    async run(tx) {
      const [author] = await tx
        .insert(users)
        .values({ ...DEMO_AUTHOR, verifiedAt: new Date() })
        .onConflictDoUpdate({ target: users.email, set: { name: DEMO_AUTHOR.name } })
        .returning({ id: users.id });
      if (author === undefined) throw new Error('the demo author was not written');
      const now = new Date();
      for (const roadmap of demoRoadmaps) await insertRoadmap(tx, author.id, roadmap, now);
    },
  };
}
