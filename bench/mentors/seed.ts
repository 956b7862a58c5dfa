// Ten thousand mentors for the listing benchmark, written by PostgreSQL itself (INSERT … SELECT over
// generate_series): users, profiles (the triggers fill the search text), skills, companies and availability,
// varied by the mentor's number so every filter has something to narrow.
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client';

export const BENCH_STACKS = ['DevOps', 'Java', 'Node.js', 'Python', 'React', 'SQL'] as const;

/**
 * The search word: in one bio fragment out of 32, so it matches about 3% of mentors; no other fragment,
 * name or company contains it.
 */
export const RARE_WORD = 'kafka';

const firstNames = [
  'Aarav',
  'Ananya',
  'Rohan',
  'Priya',
  'Vikram',
  'Fatima',
  'Arjun',
  'Meera',
  'Karthik',
  'Divya',
  'Imran',
  'Sneha',
  'Rahul',
  'Kavya',
  'Sanjay',
  'Lakshmi',
  'Oliver',
  'Amara',
  'Lukas',
  'Sofia',
  'Camille',
  'Marcus',
  'Hannah',
  'Mei',
  'Daniel',
  'Aditya',
  'Pooja',
  'Neha',
  'Arun',
  'Zara',
  'Ibrahim',
  'Elena',
];
const lastNames = [
  'Iyer',
  'Mehta',
  'Sheikh',
  'Nair',
  'Raghavan',
  'Kulkarni',
  'Banerjee',
  'Gupta',
  'Pillai',
  'Menon',
  'Qureshi',
  'Reddy',
  'Verma',
  'Tan',
  'Bennett',
  'Okafor',
  'Schneider',
  'Martinez',
  'Laurent',
  'Johnson',
  'Weber',
  'Joshi',
  'Krishnan',
  'Das',
  'Singh',
  'Fernandes',
  'Rao',
  'Chatterjee',
  'Bose',
  'Patel',
  'Khan',
  'Silva',
];
const headlines = [
  'Backend engineer who enjoys teaching',
  'Frontend lead focused on accessible interfaces',
  'Platform engineer keeping production calm',
  'Data engineer building reliable pipelines',
  'Senior developer and interview coach',
  'Engineering manager who still writes code',
  'Full-stack developer at a product startup',
  'Database specialist and query tuner',
];
const bioOpenings = [
  'I have spent my career building web products for small teams and large ones.',
  'After a few years in consulting I moved into product engineering.',
  'I started as a tester and grew into development through curiosity.',
  'Most of my work has been on systems that handle payments and money.',
  'I joined my first startup straight after college and never looked back.',
  'I switched careers from teaching into software several years ago.',
  'My days are spent reviewing designs and pairing with newer engineers.',
  'I have worked across logistics, health and education companies.',
];
// One of these 32 carries the rare word (index 7).
const bioMiddles = Array.from({ length: 32 }, (_, index) =>
  index === 7
    ? `Lately I design event pipelines on ${RARE_WORD} and help teams recover from consumer lag.`
    : `Area ${index + 1} of my work: clean code, tests and steady delivery in a busy team.`,
);
const bioEndings = [
  'I mentor on interviews, code reviews and career moves.',
  'Happy to look at your project and plan your next steps with you.',
  'Bring a question and we will work through it together.',
];
const companyNames = [
  'Finlane Payments',
  'Kitebyte Labs',
  'Ledgerline',
  'Tallyworks',
  'Cloudmint',
  'Harbourstack',
  'Orbitline Telecom',
  'Granary Analytics',
  'Bluefern Health',
  'Quillstone',
  'Swiftcart Logistics',
  'Relaypoint',
  'Trainlink Mobility',
  'Sproutly Edtech',
  'Pebblepath Travel',
  'Lanternpay',
  'Copperkey Software',
  'Rheinwerk Mobility',
  'Plazapoint Media',
  'Greenmarket Foods',
];
// Mostly India, as the product's mentors are.
const zones = [
  'Asia/Kolkata',
  'Asia/Kolkata',
  'Asia/Kolkata',
  'Europe/London',
  'America/New_York',
  'Europe/Berlin',
  'Asia/Singapore',
];

/** One parameter holding the whole list (a plain array in `sql` would become a list of parameters). */
const textArray = (values: readonly string[]) => sql`${sql.param(values)}::text[]`;

export async function seedMentors(db: Database, count: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into stacks (name) select unnest(${textArray(BENCH_STACKS)}) on conflict do nothing`,
    );
    // The mentors' numbers and ids once, so every table below joins on them; dropped with the transaction.
    await tx.execute(
      sql`create temporary table bench_mentor on commit drop as select n, gen_random_uuid() as id from generate_series(1, ${count}::int) as n`,
    );
    await tx.execute(sql`
      insert into users (id, name, email, role, verified_at)
      select id, (${textArray(firstNames)})[1 + n % 32] || ' ' || (${textArray(lastNames)})[1 + (n / 32) % 32] || ' ' || n,
        'mentor-' || n || '@bench.skillroute.test', 'mentor', now()
      from bench_mentor`);
    await tx.execute(sql`
      insert into mentor_profiles (user_id, headline, bio, expirience, languages, linkedin_url, github_url, companies, rating_total, review_count, sessions_held, created_at)
      select id,
        (${textArray(headlines)})[1 + n % 8],
        (${textArray(bioOpenings)})[1 + (n / 3) % 8] || ' ' || (${textArray(bioMiddles)})[1 + n % 32] || ' ' || (${textArray(bioEndings)})[1 + n % 3],
        1 + n % 15,
        array_remove(array['english',
          case when n % 5 < 2 then 'hindi' end, case when n % 7 = 0 then 'tamil' end,
          case when n % 11 = 0 then 'malayalam' end, case when n % 13 = 0 then 'german' end], null),
        'https://www.linkedin.com/in/bench-mentor-' || n, 'https://github.com/bench-mentor-' || n,
        -- 0 to 5 distinct companies: 13·k mod 20 differs for k = 1 … 5.
        array(select (${textArray(companyNames)})[1 + (n * 7 + k * 13) % 20] from generate_series(1, n % 6) as k),
        -- Some with reviews, so the ranking has something to sort.
        (n % 40) * (3 + n % 3), n % 40, n % 60,
        now() - n * interval '1 minute'
      from bench_mentor`);
    // One or two skills each: the stack of n % 6 and the one of (n / 6) % 6.
    await tx.execute(sql`
      insert into mentor_skills (user_id, stack_id, assessed_at)
      select distinct on (bench_mentor.id, stacks.id) bench_mentor.id, stacks.id, now()
      from bench_mentor
      join lateral unnest(array[n % 6, (n / 6) % 6]) as pick(k) on true
      join stacks on stacks.name = (${textArray(BENCH_STACKS)})[1 + pick.k]`);
    // One in twenty offers no hours (the listing leaves them out); one in ten has a day off next week.
    await tx.execute(sql`
      insert into mentor_availability (user_id, timezone, price_per_session, weekly_hours, overrides, has_hours)
      select id, (${textArray(zones)})[1 + n % 7], (5 + n % 26) * 10000,
        case when n % 20 = 19 then '{}'::jsonb else jsonb_strip_nulls(jsonb_build_object(
          'monday', case when n % 2 = 0 then to_jsonb(array(select generate_series(10, 10 + n % 7))) end,
          'wednesday', to_jsonb(array(select generate_series(16 - n % 5, 16))),
          'friday', case when n % 3 = 0 then '[14, 15, 16]'::jsonb end)) end,
        case when n % 10 = 0 then jsonb_build_array(jsonb_build_object('date', to_char(current_date + 7, 'YYYY-MM-DD'), 'hours', '[]'::jsonb)) else '[]'::jsonb end,
        n % 20 <> 19
      from bench_mentor`);
  });
  // What autovacuum does soon after a bulk load: fresh statistics, and the trigram index's pending list (GIN
  // fast update) merged into the index. With hundreds of rows still pending, the planner prices the index
  // scan above a sequential scan and the search reads every profile.
  await db.execute(sql`vacuum analyze users, mentor_profiles, mentor_skills, mentor_availability, stacks`);
}
