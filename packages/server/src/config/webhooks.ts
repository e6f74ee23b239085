// Webhook delivery settings from the environment: the waits between attempts (WEBHOOK_RETRY_DELAYS).
import type { KnownEnv } from './variables.js';

export interface WebhooksConfig {
  /** Wait before each retry, in ms: a failed first attempt waits the first, and so on; then the delivery fails. */
  retryDelaysMs: readonly number[];
}

/** Standard Webhooks' usual schedule: 8 attempts over about 28 hours. */
export const DEFAULT_WEBHOOK_RETRY_DELAYS = '5s,5m,30m,2h,5h,10h,10h';

const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 } as const;
/** More retries than this would keep a dead endpoint's rows cycling for no one. */
const MAX_RETRIES = 20;

export function parseWebhooksConfig(env: KnownEnv, problems: string[]): WebhooksConfig {
  const raw = env.WEBHOOK_RETRY_DELAYS?.trim() || DEFAULT_WEBHOOK_RETRY_DELAYS;
  const delays: number[] = [];
  for (const entry of raw.split(',').map((s) => s.trim())) {
    const match = /^(\d{1,6})(ms|s|m|h)$/.exec(entry);
    if (!match) {
      problems.push(
        `WEBHOOK_RETRY_DELAYS entry "${entry}" must be a whole number with a unit: ms, s, m or h (e.g. 5s,5m,2h)`,
      );
      continue;
    }
    delays.push(Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS]);
  }
  if (delays.length > MAX_RETRIES)
    problems.push(`WEBHOOK_RETRY_DELAYS may list at most ${MAX_RETRIES} waits`);
  return Object.freeze({ retryDelaysMs: Object.freeze(delays) });
}
