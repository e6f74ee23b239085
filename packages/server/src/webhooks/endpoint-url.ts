// A webhook URL passes the origins' egress rules: https, a public host name, public resolved addresses, no redirect.
import { MAX_WEBHOOK_URL } from '@miniapps/contract';
import type { Egress } from '../egress/agent.js';
import { callOrigin, originError } from '../egress/call-origin.js';
import { hostnameProblem, normalizeHostname, type OriginProblem } from '../egress/host-rules.js';
import { AppError } from '../errors.js';

/** The registration probe waits less than a delivery: the developer is looking at a spinner meanwhile. */
const PROBE_DEADLINE_MS = 5_000;

export interface WebhookTarget {
  /** `https://host[:port]`, what the pooled egress agent connects to. */
  origin: string;
  /** Path and query as given. */
  path: string;
  /** The URL as stored. */
  url: string;
}

/** Name-level checks (the same rules and codes as an app's origin); throws `bad_origin`. */
export function checkWebhookUrl(raw: string, internalHosts: readonly string[]): WebhookTarget {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('not_a_url');
  }
  if (raw.length > MAX_WEBHOOK_URL) throw refused('not_a_url');
  if (url.protocol !== 'https:') throw refused('not_https');
  if (url.username || url.password) throw refused('credentials');
  const problem = hostnameProblem(url.hostname, internalHosts);
  if (problem) throw refused(problem);
  url.hash = '';
  const origin = `https://${normalizeHostname(url.hostname)}${url.port ? `:${url.port}` : ''}`;
  const path = `${url.pathname}${url.search}`;
  return { origin, path, url: `${origin}${path}` };
}

function refused(problem: OriginProblem): AppError {
  return new AppError('bad_origin', { key: `origin.${problem}` }, { field: 'url', problem });
}

/**
 * At registration: every address the name resolves to must be public (`forbidden_origin`), and the URL must
 * not redirect (`origin_redirect`). A probe that gets no answer is let through: the receiver may not be up yet,
 * and every delivery checks again.
 */
export async function probeWebhookUrl(egress: Egress, target: WebhookTarget): Promise<void> {
  const host = new URL(target.origin).hostname;
  try {
    await egress.guard.resolve(host);
  } catch (error) {
    throw originError(error as Error);
  }
  try {
    await callOrigin(
      egress.dispatcher,
      { origin: target.origin, path: target.path, method: 'HEAD', headers: [], body: undefined },
      { deadlineMs: PROBE_DEADLINE_MS, maxBytes: 0 },
    );
  } catch (error) {
    if (error instanceof AppError && (error.code === 'origin_redirect' || error.code === 'forbidden_origin'))
      throw error;
  }
}
