// Development only: remote apps' reserved names under `.dev.test`, each sent to a loopback port with its own CA.
import { X509Certificate } from 'node:crypto';
import { createSecureContext, type SecureContext } from 'node:tls';
import { DEV_ORIGIN_SUFFIX } from '@miniapps/contract';
import { normalizeHostname } from './host-rules.js';

/** Every name the registry sends anywhere goes to this address: the machine the platform runs on. */
export const DEV_ORIGIN_ADDRESS = '127.0.0.1';

export interface DevOrigin {
  name: string;
  port: number;
  /** Trusts the registered CA and nothing else: not the system roots, not NODE_EXTRA_CA_CERTS. */
  secureContext: SecureContext;
}

export interface DevOrigins {
  /** Pins the name to DEV_ORIGIN_ADDRESS:port with this CA, replacing an earlier pin; throws on a name outside the suffix. */
  register(name: string, port: number, caCertificate: string): DevOrigin;
  /** The pin for a host name, or undefined (always for a name outside the suffix). */
  find(hostname: string): DevOrigin | undefined;
}

export function isDevOriginName(hostname: string): boolean {
  return normalizeHostname(hostname).endsWith(`.${DEV_ORIGIN_SUFFIX}`);
}

/**
 * Kept in memory: a pin lives as long as the platform process, and `miniapps dev --origin` registers
 * again while it runs, so a restart of either side heals within seconds (docs/decisions.md).
 */
export function createDevOrigins(): DevOrigins {
  const pins = new Map<string, DevOrigin>();
  return {
    register(name, port, caCertificate) {
      const key = normalizeHostname(name);
      if (!isDevOriginName(key)) throw new Error(`${name} is not under .${DEV_ORIGIN_SUFFIX}`);
      const pin = { name: key, port, secureContext: createSecureContext({ ca: caCertificate }) };
      pins.set(key, pin);
      return pin;
    },
    find(hostname) {
      const key = normalizeHostname(hostname);
      return isDevOriginName(key) ? pins.get(key) : undefined;
    },
  };
}

/** Whether the text is one PEM certificate Node can read (a parse failure is the developer's input, not a 500). */
export function isPemCertificate(text: string): boolean {
  if (!text.includes('-----BEGIN CERTIFICATE-----')) return false;
  try {
    new X509Certificate(text);
    createSecureContext({ ca: text });
    return true;
  } catch {
    return false;
  }
}
