// Names of the identity headers the proxy sends, and one reader for every shape headers come in.

/** The headers of docs/contract.md "Identity headers", lowercase as Node delivers them. */
export const HEADERS = {
  appUser: 'x-platform-app-user',
  scopes: 'x-platform-scopes',
  user: 'x-platform-user',
  email: 'x-platform-email',
  name: 'x-platform-name',
  course: 'x-platform-course',
  group: 'x-platform-group',
  timestamp: 'x-platform-timestamp',
  signature: 'x-platform-signature',
  signaturePrev: 'x-platform-signature-prev',
  signatureV2: 'x-platform-signature-v2',
} as const;

/**
 * Request headers as any framework hands them over: a Fetch `Headers` (Hono, Deno, Bun, workers), Node's
 * `IncomingHttpHeaders` (node:http, Express, Fastify), or a plain object with names in any case.
 */
export type HeaderSource =
  | { get(name: string): string | null }
  | Readonly<Record<string, string | readonly string[] | undefined>>;

/** One header's value, or undefined when absent or empty. Repeated headers are joined as Node joins them. */
export function readHeader(headers: HeaderSource, name: string): string | undefined {
  let value: string | readonly string[] | null | undefined;
  if (isFetchHeaders(headers)) {
    value = headers.get(name);
  } else {
    value = headers[name];
    if (value === undefined) {
      const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
      value = key === undefined ? undefined : headers[key];
    }
  }
  if (value === null || value === undefined) return undefined;
  const text = typeof value === 'string' ? value : value.join(', ');
  return text === '' ? undefined : text;
}

function isFetchHeaders(headers: HeaderSource): headers is { get(name: string): string | null } {
  return typeof (headers as { get?: unknown }).get === 'function';
}
