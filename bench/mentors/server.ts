// The server process of the mentor listing benchmark: the real api (buildApp) on an embedded PostgreSQL in a
// throwaway folder with 10,000 generated mentors. Before it reports ready it runs the listing's own query (the
// repository's `listMentors`, the SQL recorded as Drizzle sends it) under EXPLAIN (ANALYZE, BUFFERS), then
// alone for a few seconds, to know how fast the database answers it without HTTP.
// Prints `ready <json>` once it listens; Ctrl-C (or SIGTERM) stops it and cleans up.
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../../apps/api/src/db/schema';
import { listMentors, type MentorListFilter } from '../../apps/api/src/modules/mentors/repository';
import { runBenchServer, startBenchProduct, type BenchProduct } from '../product-app';
import { RARE_WORD, seedMentors } from './seed';

const MENTORS = Number(process.env.BENCH_MENTORS ?? 10_000);
/** The route the load goes to, and what it asks the repository for. */
const LISTING_PATH = `/api/mentor/python?languages=hindi&search=${RARE_WORD}`;
const filter: MentorListFilter = {
  skill: 'python',
  languages: ['hindi'],
  search: RARE_WORD,
  page: 1,
  limit: 12,
};

/** createPool's default, which the app uses. */
const APP_POOL_SIZE = 10;
const QUERY_SECONDS = 5;

let product: BenchProduct | undefined;

/** The listing's SQL and parameters, recorded as Drizzle sends them when the repository runs it. */
async function recordListingQuery(pool: pg.Pool): Promise<{ query: string; params: unknown[] }> {
  const recorded: { query: string; params: unknown[] }[] = [];
  const recorder = drizzle(pool, {
    schema,
    casing: 'snake_case',
    logger: { logQuery: (query, params) => recorded.push({ query, params }) },
  });
  await listMentors(recorder, filter);
  const [listing] = recorded;
  if (listing === undefined) throw new Error('the listing sent no query');
  return listing;
}

/**
 * The query alone, from as many clients as the app's pool has, for QUERY_SECONDS: what the database can
 * answer without HTTP, so the report can tell the database's share of the route's time from the rest.
 */
async function queryRate(pool: pg.Pool, listing: { query: string; params: unknown[] }): Promise<number> {
  let answered = 0;
  const endAt = performance.now() + QUERY_SECONDS * 1000;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: APP_POOL_SIZE }, async () => {
      while (performance.now() < endAt) {
        await pool.query(listing.query, listing.params);
        answered += 1;
      }
    }),
  );
  return answered / ((performance.now() - startedAt) / 1000);
}

/** The plan of the listing query (run for real: ANALYZE, with its buffers), and the query's rate alone. */
async function inspectListing(databaseUrl: string): Promise<{ plan: string; queriesPerSecond: number }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: APP_POOL_SIZE });
  try {
    const listing = await recordListingQuery(pool);
    const plan = await pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${listing.query}`,
      listing.params,
    );
    return {
      plan: plan.rows.map((row) => row['QUERY PLAN']).join('\n'),
      queriesPerSecond: await queryRate(pool, listing),
    };
  } finally {
    await pool.end();
  }
}

async function start(): Promise<void> {
  product = await startBenchProduct('mentors');
  const seedStartedAt = performance.now();
  await seedMentors(product.app.db, MENTORS);
  const seedMs = Math.round(performance.now() - seedStartedAt);
  const [matching] = (
    await product.app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from mentor_profiles where search_text like ${`%${RARE_WORD}%`}`,
    )
  ).rows;
  const { plan, queriesPerSecond } = await inspectListing(product.databaseUrl);
  console.log(
    `ready ${JSON.stringify({ url: product.config.publicUrl, listingPath: LISTING_PATH, mentors: MENTORS, seedMs, searchMatches: matching?.n ?? 0, plan, queriesPerSecond })}`,
  );
}

runBenchServer(start, () => product);
