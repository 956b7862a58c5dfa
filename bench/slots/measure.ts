// The slots benchmark's process: `freeSlots` called as a plain function in a loop, against a baseline loop that
// makes 300 Date objects (about the 308 slots of the window), the two taking turns in rounds after a warm-up.
// Prints `result <json>` and exits.
import { freeSlots, type SlotQuery, type WeeklyHours } from '../../apps/api/src/modules/availability/slots';

const ROUNDS = Number(process.env.BENCH_SLOTS_ROUNDS ?? 7);
const CALLS_PER_ROUND = Number(process.env.BENCH_SLOTS_CALLS ?? 2000);
const WARM_UP_CALLS = 3000;
const BASELINE_DATES = 300;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const tenToSixteen = [10, 11, 12, 13, 14, 15, 16];
const weekly: WeeklyHours = {
  monday: tenToSixteen,
  tuesday: tenToSixteen,
  wednesday: tenToSixteen,
  thursday: tenToSixteen,
  friday: tenToSixteen,
};

/** Sixty days from `mondayMidnight`, written with the zone's offset on that date. */
function sixtyDays(timezone: string, mondayMidnight: string): SlotQuery {
  const from = Date.parse(mondayMidnight);
  const busy = [
    { start: from + 2 * DAY_MS + 11 * HOUR_MS, end: from + 2 * DAY_MS + 12 * HOUR_MS },
    { start: from + 9 * DAY_MS + 13.5 * HOUR_MS, end: from + 9 * DAY_MS + 14.5 * HOUR_MS },
    { start: from + 30 * DAY_MS + 10 * HOUR_MS, end: from + 30 * DAY_MS + 17 * HOUR_MS },
    { start: from + 9 * DAY_MS + 14 * HOUR_MS, end: from + 9 * DAY_MS + 15 * HOUR_MS },
  ];
  return {
    weekly,
    overrides: [{ date: '2026-03-21', hours: [11, 12] }],
    timezone,
    busy,
    now: from - DAY_MS,
    from,
    to: from + 60 * DAY_MS,
  };
}

const cases = {
  kolkata: sixtyDays('Asia/Kolkata', '2026-03-02T00:00:00+05:30'),
  // Crosses the change to daylight time on 2026-03-08: one day converts every hour.
  newYork: sixtyDays('America/New_York', '2026-03-02T00:00:00-05:00'),
};

let sink = 0; // read at the end, so no loop's work can be dropped as unused

function baseline(from: number): number {
  const dates: Date[] = [];
  for (let index = 0; index < BASELINE_DATES; index += 1) dates.push(new Date(from + index * HOUR_MS));
  return dates.length;
}

/** Mean µs per call over one round. */
function round(call: () => number): number {
  const startedAt = performance.now();
  for (let index = 0; index < CALLS_PER_ROUND; index += 1) sink += call();
  return ((performance.now() - startedAt) * 1000) / CALLS_PER_ROUND;
}

const loops = {
  kolkata: () => freeSlots(cases.kolkata).length,
  newYork: () => freeSlots(cases.newYork).length,
  baseline: () => baseline(cases.kolkata.from),
};
const slotCounts = { kolkata: freeSlots(cases.kolkata).length, newYork: freeSlots(cases.newYork).length };

for (const call of Object.values(loops))
  for (let index = 0; index < WARM_UP_CALLS; index += 1) sink += call();
const means: Record<keyof typeof loops, number[]> = { kolkata: [], newYork: [], baseline: [] };
for (let index = 0; index < ROUNDS; index += 1) {
  for (const [name, call] of Object.entries(loops)) means[name as keyof typeof loops].push(round(call));
}

console.log(
  `result ${JSON.stringify({ rounds: ROUNDS, callsPerRound: CALLS_PER_ROUND, warmUpCalls: WARM_UP_CALLS, baselineDates: BASELINE_DATES, slotCounts, means, sink })}`,
);
