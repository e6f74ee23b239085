// Origin latency as a mergeable histogram: counts per logarithmic bucket, so nodes and flushes add up and p50/p95 come out of the sum.

/** Buckets per doubling: neighbouring bounds differ by 2^(1/8), about 9 %, the error of a quantile read back. */
const PER_DOUBLING = 8;
/** Every latency at or under 1 ms shares bucket 0; the top bucket holds everything slower than its floor. */
export const LAST_BUCKET = PER_DOUBLING * 17; // 2^17 ms ≈ 131 s, past any origin timeout

/** The bucket of a latency in milliseconds: the smallest i with ms ≤ 2^(i/8). */
export function latencyBucket(ms: number): number {
  if (!(ms > 1)) return 0;
  const bucket = Math.ceil(Math.log2(ms) * PER_DOUBLING);
  return Math.min(bucket, LAST_BUCKET);
}

/** The upper bound of a bucket in milliseconds, rounded to 0.1 ms: what a quantile in it is reported as. */
export function bucketUpperMs(bucket: number): number {
  return Math.round(2 ** (bucket / PER_DOUBLING) * 10) / 10;
}

/**
 * The q-quantile (0 < q ≤ 1) of a histogram given as bucket → count: the upper bound of the bucket holding
 * the ⌈q·n⌉-th smallest latency (so "p95 ≤ this"); undefined when the histogram is empty.
 */
export function quantileMs(histogram: ReadonlyMap<number, number>, q: number): number | undefined {
  let total = 0;
  for (const count of histogram.values()) total += count;
  if (total === 0) return undefined;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const bucket of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(bucket)!;
    if (seen >= rank) return bucketUpperMs(bucket);
  }
  return undefined;
}
