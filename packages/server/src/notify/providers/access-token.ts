// A cached OAuth2 access token: fetched once, refreshed before it expires, dropped when the provider refuses it.
import type { Dispatcher } from 'undici';
import { endpoint, post, transient } from './http.js';
import type { SendOutcome } from './types.js';

/** The token endpoint refused us (bad credentials) or could not be reached; `transient` says which. */
export class TokenError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
  ) {
    super(message);
    this.name = 'TokenError';
  }
}

export interface IssuedToken {
  accessToken: string;
  expiresInSec: number;
}

/** Refresh this long before expiry, so a token never dies in flight. */
const REFRESH_MARGIN_MS = 5 * 60_000; // 5 min

export class AccessTokenCache {
  private current: { token: string; expiresAt: number } | undefined;
  private pending: Promise<string> | undefined;

  constructor(
    private readonly fetchToken: () => Promise<IssuedToken>,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The cached token while it is fresh: no promise per message on the hot path. */
  fresh(): string | undefined {
    if (this.current && this.current.expiresAt - REFRESH_MARGIN_MS > this.clock()) return this.current.token;
    return undefined;
  }

  /** A valid token; concurrent callers share one fetch. Throws TokenError. */
  async get(): Promise<string> {
    const cached = this.fresh();
    if (cached) return cached;
    this.pending ??= this.fetchToken()
      .then((issued) => {
        this.current = { token: issued.accessToken, expiresAt: this.clock() + issued.expiresInSec * 1000 };
        return issued.accessToken;
      })
      .finally(() => {
        this.pending = undefined;
      });
    return this.pending;
  }

  /** Forgets a token the provider refused, unless a newer one already replaced it. */
  invalidate(token: string): void {
    if (this.current?.token === token) this.current = undefined;
  }
}

/** POSTs a form to an OAuth2 token endpoint; TokenError when it refuses or cannot be reached. */
export async function requestToken(
  agent: Dispatcher,
  url: string,
  form: Record<string, string>,
): Promise<IssuedToken> {
  let answer: Awaited<ReturnType<typeof post>>;
  try {
    answer = await post(
      agent,
      endpoint(url),
      { 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams(form).toString(),
    );
  } catch (error) {
    throw new TokenError(`token endpoint unreachable: ${(error as Error).message}`, true);
  }
  return readTokenAnswer(answer.status, answer.json);
}

/** The cached token, or the outcome every message of this send gets when none can be had. */
export async function tokenOrOutcome(cache: AccessTokenCache): Promise<string | SendOutcome> {
  const cached = cache.fresh();
  if (cached) return cached;
  try {
    return await cache.get();
  } catch (error) {
    const e = error as TokenError;
    return e.transient ? transient(`auth: ${e.message}`) : { status: 'failed', reason: `auth: ${e.message}` };
  }
}

/** Reads a standard OAuth2 token answer, or throws TokenError (4xx: credentials; else transient). */
function readTokenAnswer(status: number, json: unknown): IssuedToken {
  const body = (json ?? {}) as { access_token?: unknown; expires_in?: unknown };
  if (status === 200 && typeof body.access_token === 'string') {
    const expires = Number(body.expires_in);
    return { accessToken: body.access_token, expiresInSec: Number.isFinite(expires) ? expires : 3600 };
  }
  const detail = JSON.stringify(json ?? null).slice(0, 200);
  throw new TokenError(`token endpoint answered ${status}: ${detail}`, status >= 500 || status === 429);
}
