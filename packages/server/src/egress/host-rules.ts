// Name-level host rules for origins: https only, no IP literals, no local or internal names.
// The proxy applies the same rules before every call, then checks the resolved addresses too.
import { isIP } from 'node:net';
import type { Message } from '../i18n/messages.js';

export type OriginProblem =
  | 'not_a_url'
  | 'not_https'
  | 'credentials'
  | 'not_a_base'
  | 'ip_literal'
  | 'local_name'
  | 'internal_host'
  | 'single_label';

export type OriginCheck =
  | { ok: true; origin: string; hostname: string }
  | { ok: false; problem: OriginProblem; message: Message };

/** Normalizes a host name for comparison: lowercase, no trailing dot(s). */
export function normalizeHostname(hostname: string): string {
  return hostname.toLowerCase().replace(/\.+$/, '');
}

/**
 * Checks a host name by the contract's rules. The WHATWG URL parser has already turned
 * decimal, octal, hex and short IPv4 forms into dotted quads, so isIP catches them all.
 */
export function hostnameProblem(
  rawHostname: string,
  internalHosts: readonly string[],
): OriginProblem | undefined {
  if (rawHostname.startsWith('[') || isIP(rawHostname) !== 0) return 'ip_literal';
  const hostname = normalizeHostname(rawHostname);
  if (hostname === '' || isIP(hostname) !== 0) return 'ip_literal';
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return 'local_name';
  if (hostname.endsWith('.local') || hostname.endsWith('.internal')) return 'local_name';
  if (hostname === 'local' || hostname === 'internal') return 'local_name';
  if (internalHosts.some((h) => hostname === h || hostname.endsWith(`.${h}`))) return 'internal_host';
  if (!hostname.includes('.')) return 'single_label';
  // The last label of a real name is never all digits; such a name is an IP in disguise.
  if (/^\d+$/.test(hostname.split('.').at(-1) ?? '')) return 'ip_literal';
  return undefined;
}

/** Validates an origin as registered by a developer; returns its normalized form (`https://host[:port]`). */
export function checkOrigin(raw: string, internalHosts: readonly string[]): OriginCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail('not_a_url');
  }
  if (url.protocol !== 'https:') return fail('not_https');
  if (url.username || url.password) return fail('credentials');
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || raw.trim().endsWith('?')) {
    return fail('not_a_base');
  }
  const problem = hostnameProblem(url.hostname, internalHosts);
  if (problem) return fail(problem);
  const hostname = normalizeHostname(url.hostname);
  return { ok: true, origin: `https://${hostname}${url.port ? `:${url.port}` : ''}`, hostname };
}

function fail(problem: OriginProblem): OriginCheck {
  return { ok: false, problem, message: { key: `origin.${problem}` } };
}
