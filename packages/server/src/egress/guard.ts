// Host safety: a name passes the contract's rules, and every address it resolves to is public (or allowed).
import { promises as dns } from 'node:dns';
import type { EgressConfig } from '../config/egress.js';
import { type AddressClass, addressClass, rangeMatcher } from './address-ranges.js';
import { DEV_ORIGIN_ADDRESS, type DevOrigins, isDevOriginName } from './dev-origins.js';
import { hostnameProblem, normalizeHostname, type OriginProblem } from './host-rules.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Turns a host name into addresses; the system's DNS by default, a stub in tests. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const found = await dns.lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** A refusal by host safety; the proxy answers it with 403 `forbidden_origin`. */
export class EgressRefused extends Error {
  readonly code = 'EGRESS_REFUSED';
  constructor(
    readonly hostname: string,
    readonly reason: OriginProblem | AddressClass,
    readonly address?: string,
  ) {
    super(
      address === undefined
        ? `egress to ${hostname} refused: ${reason}`
        : `egress to ${hostname} refused: it resolves to ${address} (${reason})`,
    );
    this.name = 'EgressRefused';
  }
}

export function isEgressRefused(error: unknown): error is EgressRefused {
  return error instanceof Error && (error as { code?: unknown }).code === 'EGRESS_REFUSED';
}

export interface EgressGuard {
  /** Throws EgressRefused when the name itself is not allowed (IP literal, local, internal...). */
  checkName(hostname: string): void;
  /** The checked addresses of a name; throws EgressRefused if any one of them is unsafe. */
  resolve(hostname: string): Promise<ResolvedAddress[]>;
}

/**
 * `devOrigins` is given only where the dev login is on (platform.ts): then a reserved `.dev.test` name a
 * developer registered resolves to loopback, the one address such a pin may name. Nothing else changes.
 */
export function createEgressGuard(
  config: EgressConfig,
  resolver: Resolver = systemResolver,
  devOrigins?: DevOrigins,
): EgressGuard {
  const allowed = rangeMatcher(config.allowRanges);

  function checkName(hostname: string): void {
    const problem = hostnameProblem(hostname, config.internalHosts);
    if (problem) throw new EgressRefused(hostname, problem);
  }

  async function resolve(hostname: string): Promise<ResolvedAddress[]> {
    checkName(hostname);
    const name = normalizeHostname(hostname);
    if (devOrigins && isDevOriginName(name)) {
      if (devOrigins.find(name)) return [{ address: DEV_ORIGIN_ADDRESS, family: 4 }];
      // Never asked of DNS (`.test` resolves nowhere): say what is missing instead of ENOTFOUND.
      const error = new Error(`${name} is not registered: run miniapps dev --origin for the app`);
      throw Object.assign(error, { code: 'DEV_ORIGIN_NOT_REGISTERED' });
    }
    const mapped = config.hosts.get(name);
    const addresses: ResolvedAddress[] = mapped
      ? [{ address: mapped, family: mapped.includes(':') ? 6 : 4 }]
      : await resolver(name);
    if (addresses.length === 0) throw new EgressRefused(hostname, 'not_an_ip');
    // One bad address refuses the name: a round-robin record mixing public and private answers
    // is exactly what a rebinding attack looks like.
    for (const { address } of addresses) {
      if (allowed(address)) continue;
      const problem = addressClass(address);
      if (problem) throw new EgressRefused(hostname, problem, address);
    }
    return addresses;
  }

  return { checkName, resolve };
}
