// User-JWT rules from the environment: the pinned issuer and audience, and the longest lifetime a token may have.
import type { KnownEnv } from './variables.js';

export interface AuthConfig {
  /** `iss` every user JWT must carry (AUTH_JWT_ISSUER); unchecked when unset. Dev-login tokens carry it. */
  jwtIssuer: string | undefined;
  /** `aud` every user JWT must include (AUTH_JWT_AUDIENCE); unchecked when unset. Dev-login tokens carry it. */
  jwtAudience: string | undefined;
  /** Longest `exp - iat` (or `exp - now`) a user JWT may have (AUTH_MAX_TOKEN_LIFETIME). */
  maxTokenLifetimeSeconds: number;
}

export const DEFAULT_MAX_TOKEN_LIFETIME = 24 * 3600; // 24 h
const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

export function parseAuthConfig(env: KnownEnv, problems: string[]): AuthConfig {
  return Object.freeze({
    jwtIssuer: claimValue('AUTH_JWT_ISSUER', env.AUTH_JWT_ISSUER, problems),
    jwtAudience: claimValue('AUTH_JWT_AUDIENCE', env.AUTH_JWT_AUDIENCE, problems),
    maxTokenLifetimeSeconds: parseDuration(
      'AUTH_MAX_TOKEN_LIFETIME',
      env.AUTH_MAX_TOKEN_LIFETIME,
      DEFAULT_MAX_TOKEN_LIFETIME,
      problems,
    ),
  });
}

/** Empty means unset; a value of spaces only, or with spaces around it, is a mistake worth stopping for. */
function claimValue(name: string, raw: string | undefined, problems: string[]): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw.trim() !== raw || raw.length > 1000) {
    problems.push(`${name} must be the exact claim value, without surrounding spaces (got "${raw}")`);
    return undefined;
  }
  return raw;
}

/** `24h`, `90m`, `3600s`, `2d` or plain seconds; a positive whole number of its unit. */
export function parseDuration(
  name: string,
  raw: string | undefined,
  fallback: number,
  problems: string[],
): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const match = /^(\d{1,9})([smhd]?)$/i.exec(raw.trim());
  const seconds = match ? Number(match[1]) * (UNIT_SECONDS[(match[2] || 's').toLowerCase()] ?? 1) : 0;
  if (seconds <= 0) {
    problems.push(
      `${name} must be a positive duration such as 24h, 90m, 3600s, 2d or plain seconds (got "${raw}")`,
    );
    return fallback;
  }
  return seconds;
}
