// Egress settings: which hosts the proxy may reach and how names resolve, read from the environment.
import { isIP } from 'node:net';
import type { KnownEnv } from './variables.js';

export interface CidrRange {
  address: string;
  prefix: number;
  family: 4 | 6;
}

export interface EgressConfig {
  /** Name → address overrides consulted before DNS (like curl --resolve), e.g. origin.test=127.0.0.1. */
  hosts: ReadonlyMap<string, string>;
  /** Address ranges an operator allows even though they are private or loopback. */
  allowRanges: readonly CidrRange[];
  /** Host names of the platform itself and its internal services; never a valid origin. */
  internalHosts: readonly string[];
}

export function parseEgressConfig(env: KnownEnv, problems: string[]): EgressConfig {
  const hosts = new Map<string, string>();
  for (const entry of splitList(env.EGRESS_HOSTS)) {
    const [name, address] = entry.split('=').map((s) => s.trim());
    if (!name || !address || isIP(address) === 0) {
      problems.push(`EGRESS_HOSTS entry "${entry}" must look like host=address (an IPv4 or IPv6 address)`);
      continue;
    }
    hosts.set(name.toLowerCase(), address);
  }

  const allowRanges: CidrRange[] = [];
  for (const entry of splitList(env.EGRESS_ALLOW_RANGES)) {
    const range = parseCidr(entry);
    if (range) allowRanges.push(range);
    else problems.push(`EGRESS_ALLOW_RANGES entry "${entry}" is not a CIDR range such as 127.0.0.0/8`);
  }

  const internalHosts = splitList(env.INTERNAL_HOSTS).map((h) => h.toLowerCase().replace(/\.$/, ''));
  if (env.PUBLIC_URL) {
    try {
      internalHosts.push(new URL(env.PUBLIC_URL).hostname.toLowerCase());
    } catch {
      // reported by the main config reader
    }
  }

  return Object.freeze({
    hosts,
    allowRanges: Object.freeze(allowRanges),
    internalHosts: Object.freeze(internalHosts),
  });
}

export function parseCidr(text: string): CidrRange | undefined {
  const [address, prefixText, extra] = text.trim().split('/');
  if (!address || extra !== undefined) return undefined;
  const family = isIP(address);
  if (family === 0) return undefined;
  const max = family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (
    !Number.isInteger(prefix) ||
    prefix < 0 ||
    prefix > max ||
    (prefixText !== undefined && !/^\d+$/.test(prefixText))
  ) {
    return undefined;
  }
  return { address, prefix, family: family as 4 | 6 };
}

function splitList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
