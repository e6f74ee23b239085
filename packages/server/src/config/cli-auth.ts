// OIDC_ISSUER, OIDC_CLI_CLIENT_ID, OIDC_CLI_SCOPES: the identity provider `miniapps login` signs in with.
import type { KnownEnv } from './variables.js';

export interface CliAuthConfig {
  /** The provider's issuer URL, exactly as its discovery document states it. */
  issuer: string;
  /** The public (secretless) client registered at the provider for the CLI. */
  clientId: string;
  scopes: readonly string[];
}

/**
 * `offline_access` asks for a refresh token, so a developer signs in once a day at most, not once an hour;
 * a provider that refuses the scope (Google) gets OIDC_CLI_SCOPES without it.
 */
export const DEFAULT_CLI_SCOPES = 'openid email profile offline_access';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Off (undefined) unless both OIDC_ISSUER and OIDC_CLI_CLIENT_ID are set; the web sign-in may use the issuer alone. */
export function parseCliAuthConfig(env: KnownEnv, problems: string[]): CliAuthConfig | undefined {
  const issuer = env.OIDC_ISSUER?.trim() || undefined;
  const clientId = env.OIDC_CLI_CLIENT_ID?.trim() || undefined;
  const scopes = (env.OIDC_CLI_SCOPES?.trim() || DEFAULT_CLI_SCOPES).split(/\s+/);
  if (clientId !== undefined && issuer === undefined) {
    problems.push('OIDC_CLI_CLIENT_ID needs OIDC_ISSUER (the identity provider the CLI signs in with)');
  }
  if (issuer !== undefined && !issuerIsValid(issuer)) {
    problems.push(
      `OIDC_ISSUER must be an https URL (http only on 127.0.0.1 or localhost) without a query or fragment (got "${issuer}")`,
    );
    return undefined;
  }
  if (!scopes.includes('openid')) {
    problems.push(`OIDC_CLI_SCOPES must include openid (got "${env.OIDC_CLI_SCOPES}")`);
  }
  if (issuer === undefined || clientId === undefined) return undefined;
  if (clientId.length > 255) problems.push('OIDC_CLI_CLIENT_ID must be at most 255 characters');
  return Object.freeze({ issuer, clientId, scopes: Object.freeze(scopes) });
}

function issuerIsValid(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.search !== '' || url.hash !== '' || raw.includes('#')) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
}
