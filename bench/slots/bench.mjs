// `npm run bench -- slots`: `freeSlots` (apps/api/src/modules/availability/slots.ts) for a 60-day window, called as a
// plain function in its own process (bench/slots/measure.ts), against a baseline loop making 300 Date objects in
// the same run: mean µs per call per round, medians over the rounds.
import { loadavg } from 'node:os';
import { machine, median, recordResult, startProcess } from '../lib.mjs';

const TARGET_US = 1000;

async function measure() {
  const measurer = await startProcess(process.execPath, ['--import', 'tsx', 'bench/slots/measure.ts'], {
    ready: (line) => line.match(/^result (.+)$/)?.[1],
  });
  if (measurer.child.exitCode === null) await new Promise((resolve) => measurer.child.once('exit', resolve));
  return JSON.parse(measurer.value);
}

const range = (values) => `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}`;

export async function slotsBench() {
  const loadAtStart = loadavg()[0];
  const result = await measure();
  const kolkata = median(result.means.kolkata);
  const newYork = median(result.means.newYork);
  const baseline = median(result.means.baseline);
  console.log(
    `\nfreeSlots, 60 days: Asia/Kolkata ${kolkata.toFixed(1)} µs/call, America/New_York ${newYork.toFixed(1)} µs/call; ${result.baselineDates} Dates: ${baseline.toFixed(1)} µs; ratios ${(kolkata / baseline).toFixed(1)} and ${(newYork / baseline).toFixed(1)}`,
  );
  recordResult(
    'slots',
    `## freeSlots for a 60-day window

${machine()}; load average ${loadAtStart.toFixed(2)} when the run started (the machine is shared: the ratio to the baseline,
measured in the same process in alternating rounds, is what to compare). One mentor, Monday to Friday 10..16, four busy
intervals (two overlapping) and one Saturday override, 60 days from Monday 2026-03-02 00:00 in the mentor's zone; \`freeSlots\`
called as a plain function (temporal-polyfill 1.0.8). ${result.warmUpCalls} warm-up calls per loop, then ${result.rounds} rounds of
${result.callsPerRound} calls per loop, taking turns; mean per call in each round, the median of the rounds (min–max of the rounds).

| loop | slots | µs per call |
|---|---|---|
| \`freeSlots\`, Asia/Kolkata (no offset change) | ${result.slotCounts.kolkata} | ${kolkata.toFixed(1)} (${range(result.means.kolkata)}) |
| \`freeSlots\`, America/New_York (crosses 2026-03-08) | ${result.slotCounts.newYork} | ${newYork.toFixed(1)} (${range(result.means.newYork)}) |
| baseline: ${result.baselineDates} \`new Date\` into an array | | ${baseline.toFixed(1)} (${range(result.means.baseline)}) |

Ratio freeSlots / baseline: **${(kolkata / baseline).toFixed(1)}** (Asia/Kolkata), **${(newYork / baseline).toFixed(1)}** (America/New_York).
Target under ${TARGET_US} µs per call: **${Math.max(kolkata, newYork) < TARGET_US ? 'met' : 'not met'}** (${(kolkata / TARGET_US).toFixed(2)} and ${(newYork / TARGET_US).toFixed(2)} of it).`,
  );
}
