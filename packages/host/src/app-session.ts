// App session tokens: the one credential an app's calls carry; exchanged on first use, kept per app, renewed before expiry and once on a 401.
import { type AppSession, fillPath } from '@miniapps/contract';
import type { Operation } from './api.js';
import type { Http, Method, RawAnswer, RequestOptions } from './http.js';
import { appOf } from './paths.js';
import type { AppRef } from './types.js';

/** The exchange, as the contract's table keys it. */
const EXCHANGE = 'POST /api/v1/me/apps/:org/:slug/session' satisfies Operation;

/** Renewed this long before the platform's expiry (or at half its life, when that is shorter). */
const RENEW_BEFORE_MS = 60_000;

/** An exchange's outcome: the token and when to renew it, or the platform's refusal (the app's calls answer with it). */
type Outcome = { token: string; renewAt: number } | { refused: RawAnswer };

export interface AppSessions {
  /**
   * One call of the app's proxy routes with the app's session token (never the user's); a 401 renews the token
   * and sends the call once more. A refused exchange (a missing or unpublished app…) is the answer.
   */
  raw(
    app: AppRef,
    preview: boolean,
    method: Method,
    path: string,
    request?: RequestOptions,
  ): Promise<RawAnswer>;
  /** Forgets every token (a host that signs the user out, or switches users, calls this). */
  clear(): void;
}

/**
 * Why: a screen decides what its app's calls ask for, so whatever they carry must open nothing but that app. The
 * user's token stays with the host for the catalog, consent and its own calls; each app gets a token of its own
 * (`POST /api/v1/me/apps/{org}/{slug}/session`), which every `/api/v1` route and every other app refuses.
 */
export function createAppSessions(http: Http, now: () => number = Date.now): AppSessions {
  const held = new Map<string, Promise<Outcome>>();

  function exchange(key: string, app: AppRef, preview: boolean): Promise<Outcome> {
    const { org, slug } = appOf(app);
    const started = now();
    // Sent raw, not through the typed client: a refusal here is the app's answer, never the user's 401.
    const path = fillPath(EXCHANGE, { org, slug });
    const pending = http.raw('POST', path, { body: preview ? { preview: true } : {} }).then(
      (answer): Outcome => {
        const body = answer.body as Partial<Record<keyof AppSession, unknown>> | null;
        if (answer.status < 200 || answer.status >= 300 || typeof body?.token !== 'string') {
          forget(key, pending);
          return { refused: answer };
        }
        // The lifetime is counted on this device's clock from when it asked: a skewed clock cannot stretch it.
        const life = typeof body.expiresIn === 'number' ? body.expiresIn * 1000 : 0;
        return { token: body.token, renewAt: started + Math.max(life - RENEW_BEFORE_MS, life / 2) };
      },
      (error: unknown) => {
        forget(key, pending);
        throw error;
      },
    );
    held.set(key, pending);
    return pending;
  }

  function forget(key: string, entry: Promise<Outcome>): void {
    if (held.get(key) === entry) held.delete(key);
  }

  /** The app's token: the one held while it is fresh and not `stale`, else a new exchange (one at a time). */
  async function session(app: AppRef, preview: boolean, stale?: string): Promise<Outcome> {
    const { org, slug } = appOf(app);
    const key = `${org}/${slug}${preview ? '#preview' : ''}`;
    const entry = held.get(key);
    if (entry === undefined) return exchange(key, app, preview);
    const outcome = await entry.catch(() => undefined);
    if (outcome && 'token' in outcome && outcome.token !== stale && outcome.renewAt > now()) return outcome;
    // Another call may have started the renewal while this one waited: share it.
    const current = held.get(key);
    return current !== undefined && current !== entry
      ? session(app, preview, stale)
      : exchange(key, app, preview);
  }

  async function raw(
    app: AppRef,
    preview: boolean,
    method: Method,
    path: string,
    request: RequestOptions = {},
  ): Promise<RawAnswer> {
    let outcome = await session(app, preview);
    for (let attempt = 0; ; attempt++) {
      if ('refused' in outcome) return outcome.refused;
      const answer = await http.raw(method, path, { ...request, bearer: outcome.token });
      // A token the platform no longer takes (a restart with a new key, a clock far off): renewed once.
      if (answer.status !== 401 || attempt > 0) return answer;
      outcome = await session(app, preview, outcome.token);
    }
  }

  return { raw, clear: () => held.clear() };
}
