import { describe, expect, it } from 'vitest';
import { medianInterval, verdictOf } from '../proxy/paired.js';
import { parseWrk } from '../proxy/wrk.js';

describe('medianInterval', () => {
  it('gives no interval below six samples (even the extremes cover the median less than 95 % of the time)', () => {
    const r = medianInterval([5, 1, 4, 2, 3]);
    expect(r.median).toBe(3);
    expect(r.low).toBeUndefined();
    expect(r.ratios).toEqual([1, 2, 3, 4, 5]);
  });

  it('uses the extremes at six samples and averages the middle pair of an even count', () => {
    expect(medianInterval([6, 1, 5, 2, 4, 3])).toMatchObject({ median: 3.5, low: 1, high: 6 });
  });

  it('takes the 4th smallest and 4th largest of fifteen (the textbook order statistics)', () => {
    const values = Array.from({ length: 15 }, (_, i) => 15 - i);
    expect(medianInterval(values)).toMatchObject({ median: 8, low: 4, high: 12 });
  });

  it('covers the true median of a skewed distribution about 95 % of the time', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const trueMedian = Math.log(2); // of the exponential distribution with rate 1
    let covered = 0;
    const trials = 4000;
    for (let t = 0; t < trials; t++) {
      const sample = Array.from({ length: 15 }, () => -Math.log(1 - random()));
      const { low, high } = medianInterval(sample);
      if (low! <= trueMedian && trueMedian <= high!) covered++;
    }
    expect(covered / trials).toBeGreaterThan(0.94);
    expect(covered / trials).toBeLessThan(0.99);
  });
});

describe('parseWrk', () => {
  it('reads requests per second, percentiles in any unit and every kind of error', () => {
    const report = `Running 2s test @ http://127.0.0.1:1
  Latency Distribution
     50%  812.00us
     75%    1.10ms
     90%    1.50ms
     99%    2.50s
  1000 requests in 2.00s, 1.00MB read
  Socket errors: connect 1, read 2, write 3, timeout 4
  Non-2xx or 3xx responses: 5
Requests/sec:   4999.50
`;
    expect(parseWrk(report)).toEqual({ rps: 4999.5, p50: 0.812, p99: 2500, errors: 15 });
  });

  it('refuses a report it cannot read instead of returning zeros', () => {
    expect(() => parseWrk('wrk: connection refused')).toThrow(/unreadable wrk report/);
  });
});

describe('verdictOf', () => {
  const result = (low: number, high: number, goal?: number) => ({
    label: 'x',
    top: 'a',
    bottom: 'b',
    ...(goal !== undefined && { goal }),
    ratios: [],
    median: (low + high) / 2,
    low,
    high,
  });

  it('calls a target met only when the whole interval is at or above it', () => {
    expect(verdictOf(result(0.9, 1.0, 0.9))).toBe('met');
    expect(verdictOf(result(0.89, 1.0, 0.9))).toBe('undecided');
  });

  it('calls it not met only when the whole interval is below it', () => {
    expect(verdictOf(result(0.8, 0.89, 0.9))).toBe('not met');
    expect(verdictOf(result(0.8, 0.9, 0.9))).toBe('undecided');
  });

  it('gives no verdict without a target or without an interval', () => {
    expect(verdictOf(result(0.8, 1.2))).toBeUndefined();
    expect(
      verdictOf({ label: 'x', top: 'a', bottom: 'b', goal: 0.9, ratios: [1], median: 1 }),
    ).toBeUndefined();
  });
});
