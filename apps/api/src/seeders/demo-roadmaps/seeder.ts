import { randomUUID } from 'node:crypto';
import { DEFAULT_SUBTOPIC_COLOUR, DEFAULT_TOPIC_COLOUR } from '@skillroute/shared/roadmap-rules';
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
 * sign in as it (sign-in checks a dummy hash when there is none). Its address is under `.invalid`, a name
 * reserved never to exist (RFC 2606), so no mailbox can receive a password reset link for it either.
 */
export const DEMO_AUTHOR = { name: 'Skillroute', email: 'roadmaps@skillroute.invalid' } as const;

async function insertRoadmap(
  tx: Transaction,
  authorId: string,
  roadmap: DemoRoadmap,
  at: Date,
): Promise<void> {
  const [row] = await tx
    .insert(roadmaps)
    .values({
      authorId,
      title: roadmap.title,
      description: roadmap.description,
      status: 'published',
      isActive: true,
      submittedAt: at,
      reviewedAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: roadmaps.id });
  if (row === undefined) throw new Error(`the demo roadmap "${roadmap.title}" was not written`);
  const drawing = layout(roadmap);
  // Ids made here, so edges and details need no round trip (nor trust in the order rows come back in).
  const idOf = new Map(drawing.nodes.map((placed) => [placed.key, randomUUID()]));
  const id = (key: string): string => {
    const found = idOf.get(key);
    if (found === undefined)
      throw new Error(`the demo roadmap "${roadmap.title}" has an edge to an unknown node ${key}`);
    return found;
  };
  await tx.insert(roadmapNodes).values(
    drawing.nodes.map((placed) => ({
      id: id(placed.key),
      roadmapId: row.id,
      type: placed.type,
      x: placed.x,
      y: placed.y,
      label: placed.node.label,
      background: placed.type === 'topic' ? DEFAULT_TOPIC_COLOUR : DEFAULT_SUBTOPIC_COLOUR,
      saved: true,
    })),
  );
  await tx.insert(roadmapEdges).values(
    drawing.edges.map(([source, target]) => ({
      roadmapId: row.id,
      sourceId: id(source),
      targetId: id(target),
    })),
  );
  await tx.insert(roadmapNodeDetails).values(
    drawing.nodes.map((placed) => ({
      nodeId: id(placed.key),
      roadmapId: row.id,
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
      const now = new Date();
      // Whatever row holds the address (none, on a fresh database) becomes the author, as no one can sign in.
      const author = {
        ...DEMO_AUTHOR,
        passwordHash: null,
        googleSub: null,
        verifiedAt: now,
        blockedAt: null,
      };
      const [row] = await tx
        .insert(users)
        .values(author)
        .onConflictDoUpdate({ target: users.email, set: author })
        .returning({ id: users.id });
      if (row === undefined) throw new Error('the demo author was not written');
      // A second apart, first one newest: the home page lists them in this order (newest first).
      for (const [index, roadmap] of demoRoadmaps.entries())
        await insertRoadmap(tx, row.id, roadmap, new Date(now.getTime() - index * 1000));
    },
  };
}
