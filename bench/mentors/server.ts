// The server process of the mentor listing benchmark: the real api (buildApp) on an embedded PostgreSQL in a
// throwaway folder with 10,000 generated mentors. Before it reports ready it runs the listing's own query (the
// repository's `listMentors`, the SQL recorded as Drizzle sends it) under EXPLAIN (ANALYZE, BUFFERS).
// Prints `ready <json>` once it listens; Ctrl-C (or SIGTERM) stops it and cleans up.
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../../apps/api/src/db/schema';
import { listMentors, type MentorListFilter } from '../../apps/api/src/modules/mentors/repository';
import { startBenchProduct, type BenchProduct } from '../product-app';
import { RARE_WORD, seedMentors } from './seed';

const MENTORS = Number(process.env.BENCH_MENTORS ?? 10_000);
/** The route the load goes to, and what it asks the repository for. */
const LISTING_PATH = `/api/mentor/python?languages=hindi&search=${RARE_WORD}`;
const filter: MentorListFilter = { skill: 'python', languages: ['hindi'], search: RARE_WORD, page: 1, limit: 12 };

let product: BenchProduct | undefined;

/** The plan of the listing query as the repository builds it, run for real (ANALYZE) with its buffers. */
async function explainListing(databaseUrl: string): Promise<string> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const recorded: { query: string; params: unknown[] }[] = [];
    const recorder = drizzle(pool, { schema, casing: 'snake_case', logger: { logQuery: (query, params) => recorded.push({ query, params }) } });
    await listMentors(recorder, filter);
    const [listing] = recorded;
    if (listing === undefined) throw new Error('the listing sent no query');
    const plan = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${listing.query}`, listing.params);
    return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await pool.end();
  }
}

async function start(): Promise<void> {
  product = await startBenchProduct('mentors');
  const seedStartedAt = performance.now();
  await seedMentors(product.app.db, MENTORS);
  const seedMs = Math.round(performance.now() - seedStartedAt);
  const [matching] = (await product.app.db.execute<{ n: number }>(sql`select count(*)::int as n from mentor_profiles where search_text like ${`%${RARE_WORD}%`}`)).rows;
  const plan = await explainListing(product.databaseUrl);
  console.log(`ready ${JSON.stringify({ url: product.config.publicUrl, listingPath: LISTING_PATH, mentors: MENTORS, seedMs, searchMatches: matching?.n ?? 0, plan })}`);
}

let stopping = false;

async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  const clean = (await product?.stop()) ?? true;
  process.exit(clean ? 0 : 1);
}

process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

start().catch(async (error: unknown) => {
  process.stderr.write(`bench server: did not start: ${error instanceof Error ? error.stack : String(error)}\n`);
  await stop();
});
