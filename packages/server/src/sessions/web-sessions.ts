// What the /api/v1 auth hook asks of browser sessions; oidc/session-resolver.ts answers, platform.ts wires it.
import type { WebSessionRow } from '../db/schema.js';

export type SessionLookup =
  | { ok: true; session: WebSessionRow }
  /** `refused`: the IdP refused the refresh (the person was signed out or lost access there). */
  | { ok: false; reason: 'unknown' | 'expired' | 'refused' };

export interface WebSessions {
  /** The live session of a cookie's value, refreshed with the IdP when its time has come. */
  resolve(cookieValue: string): Promise<SessionLookup>;
}
