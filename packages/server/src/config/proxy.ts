// Proxy settings from the environment: extra trusted CAs for origins and the rate limiter's Redis key prefix.
import { readFileSync } from 'node:fs';
import type { KnownEnv } from './variables.js';

export interface ProxyConfig {
  /** PEM text of NODE_EXTRA_CA_CERTS, trusted for origins besides the system roots. */
  extraCa: string | undefined;
  /** Prefix of the rate limiter's Redis keys (RATE_LIMIT_PREFIX), so platforms can share a Redis. */
  rateLimitPrefix: string;
}

export function parseProxyConfig(env: KnownEnv, problems: string[]): ProxyConfig {
  let extraCa: string | undefined;
  const caFile = env.NODE_EXTRA_CA_CERTS;
  if (caFile) {
    try {
      extraCa = readFileSync(caFile, 'utf8');
      if (!extraCa.includes('-----BEGIN CERTIFICATE-----')) {
        problems.push(`NODE_EXTRA_CA_CERTS (${caFile}) holds no PEM certificate`);
      }
    } catch {
      problems.push(`NODE_EXTRA_CA_CERTS (${caFile}) cannot be read`);
    }
  }
  const rateLimitPrefix = env.RATE_LIMIT_PREFIX || 'miniapps:rl:';
  if (rateLimitPrefix.length > 100) problems.push('RATE_LIMIT_PREFIX must be at most 100 characters');
  return Object.freeze({ extraCa, rateLimitPrefix });
}
