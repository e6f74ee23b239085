// Request ids: a caller's (or a load balancer's) X-Request-Id is kept when it is safe to log and echo, otherwise a UUID is made.
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Letters, digits and `._:-`, 1 to 128 characters: covers UUIDs, AWS/GCP trace ids, nginx's $request_id. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && SAFE_ID.test(header) ? header : randomUUID();
}

/** A URL for the log: query strings may carry personal data or tokens, so only their presence is kept. */
export function redactedUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const query = url.indexOf('?');
  return query === -1 ? url : `${url.slice(0, query)}?[redacted]`;
}
