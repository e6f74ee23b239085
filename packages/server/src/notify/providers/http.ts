// Shared HTTP plumbing of the provider clients: a keep-alive agent, JSON posts, Retry-After, bounded parallelism.
import { Agent, type Dispatcher } from 'undici';
import type { SendOutcome } from './types.js';

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON, or undefined when the body is not JSON. */
  json: unknown;
}

export function createAgent(ca: string[] | undefined, connections = 32): Agent {
  return new Agent({
    connections,
    keepAliveTimeout: 60_000,
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
    ...(ca && { connect: { ca } }),
  });
}

/** POSTs a body to a URL and reads the answer; network failures throw (callers turn them into retries). */
export async function post(
  agent: Dispatcher,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<HttpAnswer> {
  const target = new URL(url);
  const res = await agent.request({
    origin: target.origin,
    path: target.pathname + target.search,
    method: 'POST',
    headers,
    body,
  });
  const text = await res.body.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, json };
}

/** Retry-After in milliseconds (delta-seconds or an HTTP date), if the answer carries one. */
export function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return undefined;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim()) * 1000;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function transient(reason: string, retryAfter?: number): SendOutcome {
  return retryAfter === undefined
    ? { status: 'retry', reason }
    : { status: 'retry', reason, retryAfterMs: retryAfter };
}

export function networkFailure(error: unknown): SendOutcome {
  const code = (error as { code?: string }).code;
  return transient(`network: ${code ?? (error as Error).message ?? 'error'}`);
}

/** Runs `fn` over items with at most `limit` in flight; results keep the items' order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
