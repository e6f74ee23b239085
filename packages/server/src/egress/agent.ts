// The one HTTP client for origins: pooled keep-alive connections, each made to an address host safety checked.
import type { LookupAddress, LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { createSecureContext, rootCertificates } from 'node:tls';
import { Agent, buildConnector } from 'undici';
import type { EgressConfig } from '../config/egress.js';
import { createEgressGuard, type EgressGuard, type Resolver } from './guard.js';

export interface Egress {
  dispatcher: Agent;
  guard: EgressGuard;
  close(): Promise<void>;
}

export interface EgressOptions {
  /** PEM certificates trusted besides the system roots (NODE_EXTRA_CA_CERTS). */
  extraCa?: string | undefined;
  /** How names become addresses; the system's DNS unless a test stubs it. */
  resolver?: Resolver | undefined;
}

/** Connection setup (TCP and TLS) may not take longer than the whole exchange may. */
const CONNECT_TIMEOUT_MS = 10_000;
/** An idle pooled connection is kept this long for the next request, when the origin gives no `Keep-Alive` hint. */
const KEEP_ALIVE_MS = 30_000;
/** An origin that says it keeps idle connections longer is taken at its word up to this (undici's own cap is 10 min). */
const KEEP_ALIVE_MAX_MS = 120_000;

export function createEgress(config: EgressConfig, options: EgressOptions = {}): Egress {
  const guard = createEgressGuard(config, options.resolver);
  const base = buildConnector({
    timeout: CONNECT_TIMEOUT_MS,
    lookup: checkedLookup(guard),
    // One TLS context for every origin connection: given a `ca` list, Node would parse all of it (the
    // ~140 system roots plus ours) again for each new connection, ~20 ms of CPU (bench/RESULTS.md).
    // An explicit `ca` replaces the system roots, so the extra certificates are added to them.
    secureContext: createSecureContext(options.extraCa ? { ca: [...rootCertificates, options.extraCa] } : {}),
  });
  // Names are checked again right before connecting: an IP literal never goes through `lookup`,
  // so this is what keeps one from slipping past if a caller forgot the pipeline's check.
  const connect: buildConnector.connector = (connectOptions, callback) => {
    try {
      guard.checkName(connectOptions.hostname);
    } catch (error) {
      callback(error as Error, null);
      return;
    }
    base(connectOptions, callback);
  };
  const dispatcher = new Agent({
    connect,
    keepAliveTimeout: KEEP_ALIVE_MS,
    keepAliveMaxTimeout: KEEP_ALIVE_MAX_MS,
    pipelining: 1,
  });
  return { dispatcher, guard, close: () => dispatcher.close() };
}

/**
 * A `net` lookup that resolves through the guard and hands the socket only the addresses it checked,
 * so the connection goes exactly where the check looked (no second resolution, no DNS rebinding).
 */
export function checkedLookup(guard: EgressGuard): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    guard.resolve(hostname).then(
      (addresses) => {
        const family = options.family === 4 || options.family === 6 ? options.family : undefined;
        const usable = family === undefined ? addresses : addresses.filter((a) => a.family === family);
        if (options.all) {
          callback(null, usable as LookupAddress[]);
          return;
        }
        const first = usable[0];
        if (!first) {
          callback(
            Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: 'ENOTFOUND' }),
            '',
          );
          return;
        }
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
