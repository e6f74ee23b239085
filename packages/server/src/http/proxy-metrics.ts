// Counts proxy answers by outcome: `ok` for an origin's (or service's) answer, else the contract's error code.
import { Counter, type Registry } from 'prom-client';

export const PROXY_OUTCOMES_METRIC = 'miniapps_proxy_requests_total';

export type CountProxyOutcome = (outcome: string) => void;

export function createProxyOutcomeCounter(registry: Registry): CountProxyOutcome {
  const counter = new Counter({
    name: PROXY_OUTCOMES_METRIC,
    help: 'Proxied requests by outcome: ok, or the error code answered',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  // One child per outcome, kept: the proxy counts every request and the codes are a short, fixed list.
  const children = new Map<string, Counter.Internal>();
  return (outcome) => {
    let child = children.get(outcome);
    if (child === undefined) {
      child = counter.labels(outcome);
      children.set(outcome, child);
    }
    child.inc();
  };
}
