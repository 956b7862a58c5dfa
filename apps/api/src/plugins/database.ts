import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import {
  createDatabase,
  createPool,
  REQUEST_POOL_SIZE,
  REQUEST_QUERY_TIMEOUTS,
  type Database,
} from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The node-postgres pool, for what Drizzle does not cover (health pings, LISTEN). */
    pool: pg.Pool;
    db: Database;
  }
}

/** One pool per app, ended when the app closes, so a shutdown leaves no open connection behind. */
export const database = fp(
  async function database(app: FastifyInstance, options: { connectionString: string }) {
    const pool = createPool(options.connectionString, app.log, REQUEST_POOL_SIZE, REQUEST_QUERY_TIMEOUTS);
    app.decorate('pool', pool);
    app.decorate('db', createDatabase(pool));
    app.addHook('onClose', async () => {
      await pool.end();
    });
  },
  { name: 'database' },
);
