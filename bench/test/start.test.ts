// bench:start in brief (two opens of each kind): the four figures come out, and the offline open draws the kept screen.
import { describe, expect, it } from 'vitest';
import { runStartBench, table } from '../start/run.js';

describe('bench:start', () => {
  it('measures warm, cold (loopback and Fast 4G) and offline opens; offline draws the kept start screen', async () => {
    const results = await runStartBench(2);
    expect(results.map((r) => r.scenario)).toEqual(['warm', 'loopback', 'fast4g', 'offline']);
    for (const r of results) {
      expect(r.opens).toHaveLength(2);
      expect(r.opens.every((o) => o.drewStart)).toBe(true);
      expect(r.median).toBeGreaterThan(0);
      expect(r.p90).toBeGreaterThanOrEqual(r.median);
    }
    const offline = results.find((r) => r.scenario === 'offline')!;
    expect(offline.opens.every((o) => o.offlineNote)).toBe(true);
    expect(table(results).split('\n')).toHaveLength(6);
  }, 120_000);
});
