// What a first-party service function is: the call the proxy passes, its answer, and the context it runs in.
import type { Db } from '../db/database.js';

/** What the proxy passes (docs/contract.md "Service apps"). */
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

/** The JSON an origin sends for an unknown screen or route (docs/contract.md "The origin contract"). */
export function notFoundAnswer(path: string): ServiceAnswer {
  return { status: 404, body: { ok: false, error: 'not_found', message: `No screen or route ${path}.` } };
}
