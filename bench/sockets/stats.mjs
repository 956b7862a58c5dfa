// Summaries of the socket benchmark's samples. Plain functions so the numbers in RESULTS.md are easy to check.

/** The nearest-rank percentile (p in 0..100) of samples already sorted ascending; NaN for no samples. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** p50, p95, p99 and max of a list of milliseconds, in any order. */
export function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/**
 * Delivery latencies of one round: for each user whose event arrived, receipt minus send (both on the
 * epoch clock of clockNow()). Users whose event never came are counted, not guessed.
 */
export function deliveryLatencies(sentAt, receivedAt) {
  const latencies = [];
  let missing = 0;
  for (const [index, sent] of sentAt.entries()) {
    const received = receivedAt[index];
    if (received === null || received === undefined) missing += 1;
    else latencies.push(received - sent);
  }
  return { latencies, missing };
}

export const ms = (value) => (Number.isNaN(value) ? 'n/a' : `${value.toFixed(1)} ms`);
export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
export const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
