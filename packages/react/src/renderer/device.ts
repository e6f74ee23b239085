// Every call of a device capability goes through here: the first supplier that has it (the host's function, else
// the browser's), settled within the capability's timeout, its failure one of five codes the user reads in their
// language. What `${host.capabilities.…}` says is what this table can run, so a check cannot lie.
import { type HostCapabilities, type HostCapabilityName, isHostError } from '@miniapps/host';
import { HOST_CAPABILITIES, type HostCapability } from '@miniapps/schema';
import { type MessageKey, type Translate, translator } from '../i18n/messages.js';
import { ActionFailure } from './action-failure.js';

/**
 * How long a call may take before the user is told it did not answer (docs/decisions.md, Host capabilities):
 * long where the user acts in between (aiming a camera, choosing where to save, a permission prompt), short where
 * nothing waits on the user.
 */
export const HOST_CALL_TIMEOUT_MS: Readonly<Record<HostCapabilityName, number>> = {
  scanCode: 120_000,
  document: 60_000,
  calendar: 60_000,
  map: 15_000,
  location: 30_000,
  haptics: 2_000,
  brightness: 5_000,
  keepAwake: 5_000,
};

/** `${error.code}` in an action's onError when the device could not. */
export type DeviceFailureCode = 'unsupported' | 'denied' | 'timeout' | 'cancelled' | 'failed';

/**
 * Failures a capability words more precisely than the general `device.<code>` sentence: a scan speaks of the camera.
 * A scan's `cancelled` has none, since a closed scanner is no failure (actions.ts runs nothing after it).
 */
const OWN_MESSAGES: Partial<Record<`${HostCapabilityName}.${DeviceFailureCode}`, MessageKey>> = {
  'scanCode.unsupported': 'scan.noCamera',
  'scanCode.denied': 'scan.denied',
  'scanCode.timeout': 'scan.timeout',
  'scanCode.failed': 'scan.failed',
};

/** A device call that did not give its answer: why, and which capability, for a message in the user's language. */
export class DeviceFailure extends ActionFailure {
  override name = 'DeviceFailure';
  constructor(
    readonly code: DeviceFailureCode,
    readonly capability: HostCapabilityName,
    readonly reason = '',
  ) {
    super(OWN_MESSAGES[`${capability}.${code}`] ?? `device.${code}`, {
      what: `capability.${capability}`,
      seconds: String(HOST_CALL_TIMEOUT_MS[capability] / 1000),
      reason,
    });
    this.message = this.say(translator('en'));
  }

  /** The message with the capability named in the user's language. */
  say(t: Translate): string {
    return t(this.key, { ...this.values, what: t(`capability.${this.capability}` as MessageKey) });
  }
}

/** What a supplier's rejection means: the host's `forbidden`, a browser's NotAllowedError, a geolocation code… */
function failureOf(capability: HostCapabilityName, error: unknown): DeviceFailure {
  if (error instanceof DeviceFailure) return error;
  if (isHostError(error) && error.code === 'forbidden') return new DeviceFailure('denied', capability);
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  if (name === 'NotAllowedError' || name === 'SecurityError') return new DeviceFailure('denied', capability);
  if (name === 'AbortError') return new DeviceFailure('cancelled', capability);
  if (name === 'NotFoundError') return new DeviceFailure('unsupported', capability);
  // GeolocationPositionError has no name: its code says it (1 refused, 3 timed out).
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === 1 && !isHostError(error)) return new DeviceFailure('denied', capability);
  if (code === 3 && !isHostError(error)) return new DeviceFailure('timeout', capability);
  const reason = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return new DeviceFailure('failed', capability, reason);
}

/** Runs one supplier's call; settles within the capability's timeout whatever the supplier does. */
export async function settle<T>(capability: HostCapabilityName, start: () => T | Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DeviceFailure('timeout', capability)),
      HOST_CALL_TIMEOUT_MS[capability],
    );
  });
  try {
    return await Promise.race([Promise.resolve().then(start), timeout]);
  } catch (error) {
    throw failureOf(capability, error);
  } finally {
    clearTimeout(timer);
  }
}

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/**
 * The screen format's names and the host kit's functions are one list: tsc fails here when they part. Not exported:
 * the published declarations must not name the private schema package.
 */
const capabilityNamesAgree: Same<HostCapability, HostCapabilityName> = true;
void capabilityNamesAgree;

type Functions = Required<HostCapabilities>;
type Answer<K extends HostCapabilityName> = Awaited<ReturnType<Functions[K]>>;

/** The device of a running app: what it can do, and the one way to ask it. */
export interface Device {
  /** `${host.capabilities.<name>}`: true where some supplier has the function. */
  readonly capabilities: Readonly<Record<HostCapabilityName, boolean>>;
  /** Calls the first supplier's function; rejects with a DeviceFailure (`unsupported` where none has it). */
  call<K extends HostCapabilityName>(name: K, ...args: Parameters<Functions[K]>): Promise<Answer<K>>;
}

/** A device from suppliers in order of precedence (the host's own first, the browser's defaults last). */
export function createDevice(...suppliers: readonly (Partial<HostCapabilities> | undefined)[]): Device {
  const find = <K extends HostCapabilityName>(name: K) =>
    suppliers.find((supplier) => typeof supplier?.[name] === 'function')?.[name] as Functions[K] | undefined;
  const capabilities = Object.fromEntries(
    HOST_CAPABILITIES.map((name) => [name, find(name) !== undefined]),
  ) as Record<HostCapabilityName, boolean>;
  return {
    capabilities,
    call(name, ...args) {
      const fn = find(name) as ((...a: unknown[]) => unknown) | undefined;
      if (!fn) return Promise.reject(new DeviceFailure('unsupported', name));
      return settle(name, () => fn(...args)) as Promise<Answer<typeof name>>;
    },
  };
}

/** A device with no supplier: every capability false, every call `unsupported` (a renderer given none). */
export const noDevice: Device = createDevice();
