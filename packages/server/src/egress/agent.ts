// The one HTTP client for origins: pooled keep-alive connections, each made to an address host safety checked.
import type { LookupAddress, LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { createSecureContext, rootCertificates } from 'node:tls';
import { DEV_ORIGIN_SUFFIX } from '@miniapps/contract';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import type { EgressConfig } from '../config/egress.js';
import type { DevOrigin, DevOrigins } from './dev-origins.js';
import { createEgressGuard, type EgressGuard, type Resolver } from './guard.js';

export interface Egress {
  dispatcher: Dispatcher;
  guard: EgressGuard;
  /** The registry `PUT /api/v1/dev/origins/…` fills; undefined where the dev login is off. */
  devOrigins: DevOrigins | undefined;
  close(): Promise<void>;
}

export interface EgressOptions {
  /** PEM certificates trusted besides the system roots (NODE_EXTRA_CA_CERTS). */
  extraCa?: string | undefined;
  /** How names become addresses; the system's DNS unless a test stubs it. */
  resolver?: Resolver | undefined;
  /** Development only (the dev login's switch): reserved `.dev.test` names pinned to loopback ports. */
  devOrigins?: DevOrigins | undefined;
}

/** Connection setup (TCP and TLS) may not take longer than the whole exchange may. */
const CONNECT_TIMEOUT_MS = 10_000;
/** An idle pooled connection is kept this long for the next request, when the origin gives no `Keep-Alive` hint. */
const KEEP_ALIVE_MS = 30_000;
/** An origin that says it keeps idle connections longer is taken at its word up to this (undici's own cap is 10 min). */
const KEEP_ALIVE_MAX_MS = 120_000;

export function createEgress(config: EgressConfig, options: EgressOptions = {}): Egress {
  const guard = createEgressGuard(config, options.resolver, options.devOrigins);
  const lookup = checkedLookup(guard);
  const base = buildConnector({
    timeout: CONNECT_TIMEOUT_MS,
    lookup,
    // One TLS context for every origin connection: given a `ca` list, Node would parse all of it (the
    // ~140 system roots plus ours) again for each new connection, ~20 ms of CPU (bench/RESULTS.md).
    // An explicit `ca` replaces the system roots, so the extra certificates are added to them.
    secureContext: createSecureContext(options.extraCa ? { ca: [...rootCertificates, options.extraCa] } : {}),
  });
  // Names are checked again right before connecting: an IP literal never goes through `lookup`,
  // so this is what keeps one from slipping past if a caller forgot the pipeline's check.
  const checked =
    (connector: buildConnector.connector, port?: number): buildConnector.connector =>
    (connectOptions, callback) => {
      try {
        guard.checkName(connectOptions.hostname);
      } catch (error) {
        callback(error as Error, null);
        return;
      }
      connector(port === undefined ? connectOptions : { ...connectOptions, port: String(port) }, callback);
    };
  const pool = (connect: buildConnector.connector) =>
    new Agent({
      connect,
      keepAliveTimeout: KEEP_ALIVE_MS,
      keepAliveMaxTimeout: KEEP_ALIVE_MAX_MS,
      pipelining: 1,
    });
  const agent = pool(checked(base));
  const devOrigins = options.devOrigins;
  if (!devOrigins) return { dispatcher: agent, guard, devOrigins, close: () => agent.close() };

  // Development only: a pinned name goes through a pool of its own, connecting to the pin's port with a TLS
  // context that trusts only the pin's CA; the guard's lookup still makes the address (loopback, guard.ts).
  // A new registration gets a new pool, so no kept-alive connection to the old port or CA is reused.
  const pinned = new Map<string, { pin: DevOrigin; agent: Agent }>();
  const poolOf = (pin: DevOrigin) => {
    const current = pinned.get(pin.name);
    if (current?.pin === pin) return current.agent;
    void current?.agent.close();
    const connector = buildConnector({
      timeout: CONNECT_TIMEOUT_MS,
      lookup,
      secureContext: pin.secureContext,
    });
    const fresh = pool(checked(connector, pin.port));
    pinned.set(pin.name, { pin, agent: fresh });
    return fresh;
  };
  const dispatcher = agent.compose((dispatch) => (request, handler) => {
    const origin = String(request.origin);
    // Only a name under the suffix may be pinned: every other origin goes straight on, unparsed.
    const pin = origin.includes(`.${DEV_ORIGIN_SUFFIX}`)
      ? devOrigins.find(new URL(origin).hostname)
      : undefined;
    return pin ? poolOf(pin).dispatch(request, handler) : dispatch(request, handler);
  });
  const closeAll = async () => {
    await Promise.all([agent.close(), ...[...pinned.values()].map((p) => p.agent.close())]);
  };
  return { dispatcher, guard, devOrigins, close: closeAll };
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
