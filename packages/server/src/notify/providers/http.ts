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

/** A URL split once into what undici wants per request (parsing a URL per message costs at volume). */
export interface Endpoint {
  origin: string;
  path: string;
}

export function endpoint(url: string): Endpoint {
  const target = new URL(url);
  return { origin: target.origin, path: target.pathname + target.search };
}

/**
 * POSTs a body and reads the answer; network failures throw (callers turn them into retries). With
 * `skipOkBody`, a 200's body is drained unread: FCM and RuStore say nothing a sender needs on success.
 */
export async function post(
  agent: Dispatcher,
  target: Endpoint,
  headers: Record<string, string>,
  body: string,
  skipOkBody = false,
): Promise<HttpAnswer> {
  const res = await agent.request({
    origin: target.origin,
    path: target.path,
    method: 'POST',
    headers,
    body,
  });
  if (skipOkBody && res.statusCode === 200) {
    await res.body.dump();
    return { status: 200, headers: res.headers, json: undefined };
  }
  const text = await res.body.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, json };
}

/**
 * The JSON body of a per-token message, serialized once per send: the token is spliced into the text,
 * so a 500-token chunk costs one JSON.stringify of the message, not 500.
 */
export function bodyWithToken(message: object): (token: string) => string {
  const marker = '\u0000token\u0000';
  const [before, after] = JSON.stringify({ message: { token: marker, ...message } }).split(
    JSON.stringify(marker),
  );
  return (token) => `${before}${JSON.stringify(token)}${after}`;
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

/**
 * A provider's budget of requests in flight, shared by all its concurrent sends (chunks). Per-send limits
 * multiply with the worker's concurrency: 8 chunks × 100 streams kept 800 APNs streams open and 512 FCM
 * requests queued behind 64 connections, and every request in flight or queued costs CPU (bigger HTTP/2
 * state, objects surviving into the old generation, undici's queue). Waiting sends take turns.
 */
export class InFlightLimit {
  private active = 0;
  /** One starter per send that has more to send: first come, first served. */
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  /** Runs `fn` over items within the budget; results keep the items' order. */
  map<T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> {
    return new Promise((resolve, reject) => {
      const results = new Array<R>(items.length);
      let left = items.length;
      if (left === 0) return resolve(results);
      let next = 0;
      const start = (): void => {
        const index = next++;
        this.active++;
        fn(items[index] as T).then(
          (value) => {
            results[index] = value;
            this.release();
            if (--left === 0) resolve(results);
          },
          (error: unknown) => {
            this.release();
            reject(error);
          },
        );
        if (next < items.length) this.acquire(start);
      };
      this.acquire(start);
    });
  }

  private acquire(start: () => void): void {
    if (this.active < this.limit && this.waiting.length === 0) start();
    else this.waiting.push(start);
  }

  private release(): void {
    this.active--;
    this.waiting.shift()?.();
  }
}
