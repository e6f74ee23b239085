// Ratios of requests per second measured in short adjacent slices, so the machine's drift cancels within a pair.
import { wrk } from './wrk.js';

export interface SliceTarget {
  name: string;
  url: string;
  path: string;
  tokens: string;
}

/** A ratio to report: requests per second of `top` over `bottom` (names of targets), and the target it must reach. */
export interface RatioSpec {
  label: string;
  top: string;
  bottom: string;
  goal?: number;
}

export interface RatioResult extends RatioSpec {
  /** One ratio per block, sorted. */
  ratios: number[];
  median: number;
  /** Distribution-free 95 % interval of the median (order statistics), or undefined with too few blocks. */
  low?: number;
  high?: number;
}

/**
 * Runs every target for `seconds` at 32 connections, `blocks` times, rotating the order each block
 * (so no target always runs first or right after another), and returns each ratio once per block.
 * A block takes a few seconds; the drift seen on shared VMs (up to 2x over a minute) moves all
 * targets of one block together.
 */
export async function measurePaired(
  targets: SliceTarget[],
  specs: RatioSpec[],
  blocks: number,
  seconds: number,
  onSlice: (block: number, name: string, rps: number) => void,
): Promise<RatioResult[]> {
  const ratios = specs.map(() => [] as number[]);
  for (let block = 0; block < blocks; block++) {
    const rps = new Map<string, number>();
    for (let k = 0; k < targets.length; k++) {
      const target = targets[(block + k) % targets.length]!;
      const result = await wrk(target.url, target.path, 32, seconds, target.tokens);
      if (result.errors > 0) throw new Error(`${target.name}: ${result.errors} errors in a paired slice`);
      rps.set(target.name, result.rps);
      onSlice(block, target.name, result.rps);
    }
    for (const [i, spec] of specs.entries()) ratios[i]!.push(rps.get(spec.top)! / rps.get(spec.bottom)!);
  }
  return specs.map((spec, i) => ({ ...spec, ...medianInterval(ratios[i]!) }));
}

/**
 * The median and a 95 % confidence interval for it from order statistics: with n samples, the k-th
 * smallest and k-th largest bound the true median with probability 1 - 2 P(Binomial(n, 1/2) < k).
 * Needs no assumption about the distribution, which on this machine is far from normal.
 */
export function medianInterval(values: number[]): Omit<RatioResult, keyof RatioSpec> {
  const ratios = [...values].sort((a, b) => a - b);
  const n = ratios.length;
  const median = n % 2 === 1 ? ratios[(n - 1) / 2]! : (ratios[n / 2 - 1]! + ratios[n / 2]!) / 2;
  // Largest k with P(X <= k - 1) <= 2.5 %, X ~ Binomial(n, 1/2).
  let k = 0;
  let below = 0; // P(X <= k - 1)
  let term = 0.5 ** n; // P(X = k)
  while (k < n && below + term <= 0.025) {
    below += term;
    term = (term * (n - k)) / (k + 1);
    k++;
  }
  if (k === 0) return { ratios, median };
  return { ratios, median, low: ratios[k - 1]!, high: ratios[n - k]! };
}

/**
 * Whether a ratio reached its target: met only when the whole interval is at or above it, not met
 * when the whole interval is below; undefined without a target or an interval.
 */
export function verdictOf(result: RatioResult): 'met' | 'not met' | 'undecided' | undefined {
  const { goal, low, high } = result;
  if (goal === undefined || low === undefined || high === undefined) return undefined;
  if (low >= goal) return 'met';
  return high < goal ? 'not met' : 'undecided';
}
