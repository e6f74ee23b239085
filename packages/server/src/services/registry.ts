// First-party service functions: `miniapp-svc-<slug>` → the code that answers for that service app.
import type { Db } from '../db/database.js';
import { profileCard } from './profile-card.js';

/** What the proxy passes (CONTRACT.md "General rules" 8, DESIGN.md "Service apps"). */
export interface ServiceCall {
  slug: string;
  /** The request target inside the app: path and the filtered query, e.g. `/profile?x=1`. */
  path: string;
  kind: 'screen' | 'api';
  /** The real user id: service apps are first-party. */
  userId: string;
  method: string;
  /** The client's JSON body (api requests), or null. */
  body: unknown;
}

export interface ServiceAnswer {
  status: number;
  /** Any JSON value; a screen answer is a screen object. */
  body: unknown;
}

export interface ServiceContext {
  db: Db;
}

export type ServiceFunction = (call: ServiceCall, context: ServiceContext) => Promise<ServiceAnswer>;

/** Every service app's function by slug. A migration creates the matching app record. */
export const serviceFunctions: ReadonlyMap<string, ServiceFunction> = new Map([
  ['profile-card', profileCard],
]);

/** The JSON an origin sends for an unknown screen or route (CONTRACT.md "Proxy"). */
export function notFoundAnswer(path: string): ServiceAnswer {
  return { status: 404, body: { ok: false, error: 'not_found', message: `No screen or route ${path}.` } };
}
