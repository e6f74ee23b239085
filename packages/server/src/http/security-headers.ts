// Headers every answer carries, the platform's own and the proxy's alike: no MIME sniffing, and HSTS over https.
import type { FastifyInstance } from 'fastify';

/** A year, and every subdomain: the platform's host serves nothing that must stay reachable over plain http. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers, as a flat `[name, value, …]` list (what node's writeHead reads). HSTS only when the platform's
 * public address is https: sent from a plain-http development address it would pin a browser to https
 * for a year on a host that has none.
 */
export function securityHeaders(publicUrl: string | undefined): string[] {
  const headers = ['x-content-type-options', 'nosniff'];
  if (publicUrl?.startsWith('https:')) headers.push('strict-transport-security', HSTS);
  return headers;
}

/** The same headers as an object, for Fastify's reply.headers. */
export function headerObject(list: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < list.length; i += 2) out[list[i]!] = list[i + 1]!;
  return out;
}

/**
 * Set before anything else answers: errors, 404s and preflights keep headers set on the reply.
 * (The proxy's entry writes them itself: http-entry.ts.)
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: Record<string, string>): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
