import { sql, type SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { unreachable } from '../lib/unreachable';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;

/** How every Drizzle handle of the app reads the schema: the pool's, each pooled connection's, the prepared statements'. */
export const DRIZZLE_OPTIONS = { schema, casing: 'snake_case' } as const;

/** The least a pool needs to report trouble; the app's pino logger fits. */
export interface PoolLogger {
  warn(details: object, message: string): void;
}

/** Connecting must not hang a request (or the health check) when the database is unreachable. */
export const CONNECT_TIMEOUT_MS = 2000;

/**
 * Bounds for the queries of a request: the server cancels a statement running longer (SQLSTATE 57014),
 * and the client gives up a little later on a server that does not answer at all (frozen, cut off), so a
 * request fails with a 503 in seconds instead of hanging. Migrations and seeding run without them.
 */
export const REQUEST_QUERY_TIMEOUTS = { statementMs: 5000, queryMs: 6000 } as const;

/** Connections in an api process's pool for its requests (plugins/database.ts). */
export const REQUEST_POOL_SIZE = 10;

export function createPool(
  connectionString: string,
  logger: PoolLogger,
  max = REQUEST_POOL_SIZE,
  timeouts?: { statementMs: number; queryMs: number },
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    ...(timeouts && { statement_timeout: timeouts.statementMs, query_timeout: timeouts.queryMs }),
  });
  // An idle client whose server went away emits 'error' on the pool; unhandled, that would end the
  // process. The pool drops that client and connects afresh on the next query, so a log line is enough.
  // The error carries the whole client object; its message and SQLSTATE code are what a reader needs.
  const logLostConnection = (error: Error & { code?: string }) =>
    logger.warn(
      { error: error.message, code: error.code },
      'a database connection was lost; the pool will reconnect',
    );
  pool.on('error', logLostConnection);
  // The pool listens for errors only on idle clients. A connection that dies while checked out (the
  // outage noticed mid-query) emits 'error' on its client too, which would crash the process unheard;
  // the query itself still fails and the pool discards the client on release.
  pool.on('connect', (client) => client.on('error', logLostConnection));
  return pool;
}

export function createDatabase(pool: pg.Pool): Database {
  return drizzle(pool, DRIZZLE_OPTIONS);
}

/** A transaction handle, as seeders and services receive it. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Where a repository function runs its queries: the pool, or the caller's transaction. */
export type Executor = Database | Transaction;

/**
 * `select 1` within `timeoutMs`: connecting is bounded by the pool's connect timeout, the query by this
 * one. A client that timed out is destroyed rather than returned, since its connection is in doubt.
 */
export async function pingDatabase(pool: pg.Pool, timeoutMs: number): Promise<void> {
  const client = await pool.connect();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.query('select 1'),
      new Promise((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the database did not answer within ${timeoutMs} ms`)),
          timeoutMs,
        );
      }),
    ]);
    client.release();
  } catch (error) {
    client.release(error instanceof Error ? error : true);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One connection to DATABASE_URL before anything else uses it, so a wrong or down address is refused in one
 * line that names the variable and the address (never the password).
 */
export async function assertDatabaseReachable(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw unreachable('PostgreSQL', 'DATABASE_URL', connectionString, error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A query that requests send all the time, built once per database handle (the pool's, or a pooled connection's)
 * and sent as a named prepared statement: Drizzle builds its SQL on the first call only, which was a third of
 * the api's work on a booking, and PostgreSQL parses it once per connection. `build` uses placeholders
 * (`sql.placeholder`) for what changes between calls, and names the statement (unique across the app).
 */
export function preparedPer<Query>(build: (db: Executor) => Query): (db: Executor) => Query {
  const built = new WeakMap<Executor, Query>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

/**
 * A placeholder as a value of an update's `set`, for `preparedPer`: Drizzle fills it at execute as it fills any
 * other, but its types take only values or SQL there.
 */
export const setPlaceholder = (name: string): SQL => sql`${sql.placeholder(name)}`;

/**
 * A placeholder for a list, for `preparedPer`: one array parameter of a fixed type (`unnest(…)`, `= any(…)`), so the
 * prepared statement has one shape however long the list.
 */
export const arrayPlaceholder = (name: string, type: 'text' | 'uuid'): SQL =>
  sql`${sql.placeholder(name)}::${sql.raw(type)}[]`;

const dialect = new PgDialect({ casing: DRIZZLE_OPTIONS.casing });

/**
 * A raw statement (`sql` with `sql.placeholder`s) as a named prepared statement of this handle, for `preparedPer`:
 * Drizzle's query builders have `.prepare`, a raw statement does not. Answers the driver's result, rows as written.
 */
export function prepareStatement<Row>(db: Executor, name: string, statement: SQL) {
  return db._.session.prepareQuery<{ execute: pg.QueryResult<Row & pg.QueryResultRow> } & PreparedConfig>(
    dialect.sqlToQuery(statement),
    undefined,
    name,
    false,
  );
}

type PreparedConfig = { all: unknown; values: unknown };
