// The floor under booking throughput: a bare Fastify POST route that sends the seven statements a hold sends
// (begin and commit among them; apps/api/src/modules/bookings/holds.ts createBooking, as of decision 072: the
// expiry job of decision 069's eight is gone, a sweep expires lapsed holds), one after the other, and nothing
// else: no token check, no rules, no time zones, no plugins. What the product adds above this is its own work;
// what this costs above the bare insert (bare.mjs) is the database work a hold's guarantees need. The statements
// are written plainly here, with the same tables, conditions and answers as the product's. When a hold's
// statements change, change them here.
import Fastify from 'fastify';
import pg from 'pg';

const HOUR_MS = 60 * 60 * 1000;
const HOLD_MS = 15 * 60 * 1000;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

/** The claims of the access token in the cookie, read without checking its signature. */
function claimsOf(cookieHeader) {
  const token = /(?:^|;\s*)accessToken=([^;]+)/.exec(cookieHeader ?? '')?.[1];
  const payload = token?.split('.')[1];
  return payload === undefined ? undefined : JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}

/** bookings/rules.ts lockKeyOf: the first 64 bits of the user's id. */
const lockKeyOf = (userId) => BigInt.asIntN(64, BigInt(`0x${userId.replaceAll('-', '').slice(0, 16)}`));

/** 1. The live session of the request (sessions/repository.ts, prepared). */
const liveSession = {
  name: 'floor_live_session',
  text: `select users.id, users.email, users.role, sessions.family_id from sessions
    join users on users.id = sessions.user_id
    where sessions.id = $1 and users.id = $2 and sessions.revoked_at is null and sessions.expires_at > $3
      and users.blocked_at is null`,
};
/** 2. The bookable mentor with their hours and settings (availability/repository.ts, prepared). */
const bookableMentor = {
  name: 'floor_bookable_mentor',
  text: `select users.id, a.user_id, a.timezone, a.price_per_session, a.weekly_hours, a.overrides, a.has_hours,
      a.updated_at, s.minimum_notice_hours, s.buffer_minutes, s.max_sessions_per_day, p.hidden_for_no_shows_at
    from users join mentor_profiles p on p.user_id = users.id
      left join mentor_availability a on a.user_id = users.id
      left join mentor_booking_settings s on s.user_id = users.id
    where users.id = $1 and users.role = 'mentor' and users.blocked_at is null`,
};
/** 4. The two people's locks, in one order (bookings/repository.ts lockPeople). */
const lockPeople = `select pg_advisory_xact_lock(key) from unnest($1::bigint[]) as key`;
/** 5. Under the locks: lapsed holds expired, the time the two hold, the mentee's holds (prepared). */
const readUnderLocks = {
  name: 'floor_read_under_locks',
  text: `with expired as (
      update bookings set status = 'expired', updated_at = now()
      where status = 'pending_payment' and hold_expires_at <= $1 and (mentor_id = any($2::uuid[]) or mentee_id = any($2::uuid[]))
      returning id, mentor_id, start_time, end_time
    )
    select
      (select coalesce(json_agg(expired), '[]') from expired) as expired,
      (select coalesce(json_agg(t), '[]') from (
        select mentor_id, mentee_id, start_time, end_time, status, hold_expires_at from bookings
        where (mentor_id = any($2::uuid[]) or mentee_id = any($2::uuid[])) and status in ('pending_payment', 'confirmed')
          and start_time < $3 and end_time > $4) t) as time_holding,
      (select coalesce(json_agg(h), '[]') from (
        select mentor_id, status, hold_expires_at from bookings
        where mentee_id = $5 and (status = 'pending_payment'
          or (status = 'expired' and refund_amount is null and hold_expires_at > $6))) h) as holds`,
};
/** 6. The hold, announced to the listing, answered with both people's names (prepared). */
const insertHold = {
  name: 'floor_insert_hold',
  text: `with inserted as (
      insert into bookings (mentor_id, mentee_id, start_time, end_time, status, amount, currency, hold_expires_at,
        agenda, learning_roadmap_id, learning_node_ids, share_notes)
      values ($1, $2, $3, $4, 'pending_payment', 150000, 'INR', $5, null, null, '{}', false)
      returning *, pg_notify('mentor_listing_changed', '') as announced)
    select inserted.*, mentor_user.name as mentor_name, mentor_user.avatar as mentor_avatar,
      mentee_user.name as mentee_name, mentee_user.avatar as mentee_avatar, roadmaps.title as roadmap_title
    from inserted join users mentor_user on mentor_user.id = inserted.mentor_id
      join users mentee_user on mentee_user.id = inserted.mentee_id
      left join roadmaps on roadmaps.id = inserted.learning_roadmap_id`,
};

const app = Fastify({ logger: false });
app.post('/bookings', async (request, reply) => {
  const claims = claimsOf(request.headers.cookie);
  if (claims === undefined) return reply.code(401).send({ message: 'no session' });
  const { mentorId, startTime } = request.body;
  const menteeId = claims.sub;
  const now = new Date();
  const session = await pool.query({ ...liveSession, values: [claims.sid, claims.sub, now] });
  if (session.rows.length === 0) return reply.code(401).send({ message: 'no session' });
  const mentor = await pool.query({ ...bookableMentor, values: [mentorId] });
  if (mentor.rows.length === 0) return reply.code(404).send({ message: 'no mentor' });
  const start = new Date(startTime);
  const end = new Date(start.getTime() + HOUR_MS);
  const people = [mentorId, menteeId];
  const keys = people.map(lockKeyOf).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(lockPeople, [`{${keys.join(',')}}`]);
    // The mentor's whole day either side, as the booking settings' reach reads it.
    const dayBefore = new Date(start.getTime() - 12 * HOUR_MS);
    const dayAfter = new Date(start.getTime() + 12 * HOUR_MS);
    const monthAgo = new Date(now.getTime() - 30 * 24 * HOUR_MS);
    await client.query({ ...readUnderLocks, values: [now, people, dayAfter, dayBefore, menteeId, monthAgo] });
    const holdExpiresAt = new Date(now.getTime() + HOLD_MS);
    const { rows } = await client.query({
      ...insertHold,
      values: [mentorId, menteeId, start, end, holdExpiresAt],
    });
    await client.query('commit');
    return reply.code(201).send({ booking: rows[0] });
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
});
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${app.server.address().port}`);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => app.close().then(() => pool.end().then(() => process.exit(0))));
