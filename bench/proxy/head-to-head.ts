// Ratios of requests per second with both targets under load at the same moment, so the machine's drift hits both alike.
import { medianInterval, type RatioResult, type RatioSpec, type SliceTarget } from './paired.js';
import { wrk } from './wrk.js';

/**
 * Each repetition loads `top` and `bottom` at once, each with its own wrk at 32 connections, for
 * `seconds`. The two share the machine's two cores (and the origin), so the ratio reads which one
 * needs less CPU per request, measured in the same second rather than adjacent ones. A spec whose
 * two targets are copies of one program (the control) shows the method's own spread and bias.
 */
export async function measureHeadToHead(
  targets: SliceTarget[],
  specs: RatioSpec[],
  repetitions: number,
  seconds: number,
  onDuel: (repetition: number, label: string, top: number, bottom: number) => void,
): Promise<RatioResult[]> {
  const byName = new Map(targets.map((t) => [t.name, t]));
  const ratios = specs.map(() => [] as number[]);
  for (let repetition = 0; repetition < repetitions; repetition++) {
    for (const [i, spec] of specs.entries()) {
      const [top, bottom] = [byName.get(spec.top)!, byName.get(spec.bottom)!];
      const [a, b] = await Promise.all([
        wrk(top.url, top.path, 32, seconds, top.tokens),
        wrk(bottom.url, bottom.path, 32, seconds, bottom.tokens),
      ]);
      if (a.errors + b.errors > 0) throw new Error(`${spec.label}: errors in a head-to-head run`);
      ratios[i]!.push(a.rps / b.rps);
      onDuel(repetition, spec.label, a.rps, b.rps);
    }
  }
  return specs.map((spec, i) => ({ ...spec, ...medianInterval(ratios[i]!) }));
}
