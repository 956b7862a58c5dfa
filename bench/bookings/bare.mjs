// The yardstick of booking throughput: a bare Fastify POST route doing the least a booking is: read the JSON
// body and whose cookie it is (the token's payload decoded, its signature and session not checked), then one
// INSERT … RETURNING of the row, answered as JSON with 201. The rows go to `bench_bare_bookings`, a copy of
// `bookings` with its columns, defaults, checks and indexes (the two exclusion constraints among them), on the
// product's own PostgreSQL (DATABASE_URL) through a pool of 10 connections, as the app's is.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
await pool.query('create table if not exists bench_bare_bookings (like bookings including all)');

/** The `sub` of the access token in the cookie, read without checking it. */
function subjectOf(cookieHeader) {
  const token = /(?:^|;\s*)accessToken=([^;]+)/.exec(cookieHeader ?? '')?.[1];
  const payload = token?.split('.')[1];
  return payload === undefined
    ? undefined
    : JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).sub;
}

const app = Fastify({ logger: false });
app.post('/bookings', async (request, reply) => {
  const menteeId = subjectOf(request.headers.cookie);
  if (menteeId === undefined) return reply.code(401).send({ message: 'no session' });
  const { mentorId, startTime } = request.body;
  const { rows } = await pool.query(
    `insert into bench_bare_bookings (mentor_id, mentee_id, start_time, end_time, amount, hold_expires_at)
     values ($1, $2, $3, $3::timestamptz + interval '1 hour', 150000, now() + interval '15 minutes') returning *`,
    [mentorId, menteeId, startTime],
  );
  return reply.code(201).send({ booking: rows[0] });
});
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${app.server.address().port}`);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => app.close().then(() => pool.end().then(() => process.exit(0))));
