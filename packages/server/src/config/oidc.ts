// OpenID Connect sign-in from the environment (OIDC_*, SESSION_*): the identity provider, the client, the claim mapping.
import { readFileSync } from 'node:fs';
import { parseDuration } from './auth.js';
import type { KnownEnv } from './variables.js';

export interface OidcConfig {
  /** The identity provider's issuer identifier; discovery reads `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  /** `client_secret_basic` when set. */
  clientSecret: string | undefined;
  /** `private_key_jwt` with this PKCS#8 PEM key when set (OIDC_PRIVATE_KEY_FILE). */
  privateKeyPem: string | undefined;
  scopes: string;
  /** The sign-in button's "Sign in with {displayName}". */
  displayName: string;
  /** Dotted paths into the ID token's (or userinfo's) claims. */
  claims: { email: string; name: string; course: string; group: string; roles: string | undefined };
  /** A user whose roles claim holds this value is a moderator, and stops being one when it no longer does. */
  moderatorRole: string;
  /** `<PUBLIC_URL>/auth/callback`: the redirect URI registered at the identity provider. */
  redirectUri: string;
  /** Where the IdP sends the browser after RP-initiated logout: PUBLIC_URL. */
  postLogoutRedirectUri: string;
  /** The session cookie is Secure when PUBLIC_URL is https. */
  secureCookies: boolean;
  /** A session unused this long ends (SESSION_IDLE_TIMEOUT). */
  idleSeconds: number;
  /** A session ends this long after sign-in whatever its use (SESSION_ABSOLUTE_TIMEOUT). */
  absoluteSeconds: number;
}

export const DEFAULT_SESSION_IDLE = 8 * 3600; // 8 h
export const DEFAULT_SESSION_ABSOLUTE = 7 * 86_400; // 7 days
const DEFAULT_SCOPES = 'openid email profile';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Undefined when OIDC_ISSUER is unset: sign-in then stays with bearer tokens (and the dev login). */
export function parseOidcConfig(
  env: KnownEnv,
  publicUrl: string | undefined,
  problems: string[],
): OidcConfig | undefined {
  const raw = env.OIDC_ISSUER?.trim();
  if (!raw) {
    const stray = (['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const).filter((name) => env[name]);
    if (stray.length > 0) problems.push(`${stray.join(', ')} set without OIDC_ISSUER`);
    return undefined;
  }
  const clientId = env.OIDC_CLIENT_ID?.trim() ?? '';
  // An issuer named only for the CLI's public client (OIDC_CLI_CLIENT_ID, config/cli-auth.ts) signs no browser in.
  if (!clientId && env.OIDC_CLI_CLIENT_ID?.trim() && !env.OIDC_CLIENT_SECRET && !env.OIDC_PRIVATE_KEY_FILE) {
    return undefined;
  }
  const issuer = issuerOf(raw, problems);
  if (!clientId) problems.push('OIDC_CLIENT_ID is required with OIDC_ISSUER');
  const clientSecret = env.OIDC_CLIENT_SECRET || undefined;
  const privateKeyPem = privateKeyOf(env.OIDC_PRIVATE_KEY_FILE, problems);
  if (clientSecret !== undefined && privateKeyPem !== undefined) {
    problems.push('set OIDC_CLIENT_SECRET or OIDC_PRIVATE_KEY_FILE, not both');
  }
  const scopes = (env.OIDC_SCOPES?.trim() || DEFAULT_SCOPES).split(/\s+/);
  if (!scopes.includes('openid')) problems.push(`OIDC_SCOPES must include openid (got "${env.OIDC_SCOPES}")`);
  if (!publicUrl)
    problems.push('PUBLIC_URL is required with OIDC_ISSUER (the redirect URI is built from it)');
  const base = (publicUrl ?? 'http://localhost').replace(/\/+$/, '');
  return Object.freeze({
    issuer: issuer ?? raw,
    clientId,
    clientSecret,
    privateKeyPem,
    scopes: scopes.join(' '),
    displayName: env.OIDC_DISPLAY_NAME?.trim() || hostOf(raw),
    claims: Object.freeze({
      email: claimPath('OIDC_CLAIM_EMAIL', env.OIDC_CLAIM_EMAIL, 'email', problems),
      name: claimPath('OIDC_CLAIM_NAME', env.OIDC_CLAIM_NAME, 'name', problems),
      course: claimPath('OIDC_CLAIM_COURSE', env.OIDC_CLAIM_COURSE, 'course', problems),
      group: claimPath('OIDC_CLAIM_GROUP', env.OIDC_CLAIM_GROUP, 'group', problems),
      roles: env.OIDC_ROLES_CLAIM
        ? claimPath('OIDC_ROLES_CLAIM', env.OIDC_ROLES_CLAIM, '', problems)
        : undefined,
    }),
    moderatorRole: env.OIDC_MODERATOR_ROLE?.trim() || 'moderator',
    redirectUri: `${base}/auth/callback`,
    postLogoutRedirectUri: `${base}/`,
    secureCookies: base.startsWith('https:'),
    idleSeconds: parseDuration(
      'SESSION_IDLE_TIMEOUT',
      env.SESSION_IDLE_TIMEOUT,
      DEFAULT_SESSION_IDLE,
      problems,
    ),
    absoluteSeconds: parseDuration(
      'SESSION_ABSOLUTE_TIMEOUT',
      env.SESSION_ABSOLUTE_TIMEOUT,
      DEFAULT_SESSION_ABSOLUTE,
      problems,
    ),
  });
}

/** https, or http on loopback only (a test or a local identity provider): tokens never cross a network in clear. */
function issuerOf(raw: string, problems: string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    problems.push(`OIDC_ISSUER is not a URL (got "${raw}")`);
    return undefined;
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    problems.push(`OIDC_ISSUER must be an https URL (http only on loopback; got "${raw}")`);
  }
  if (url.search || url.hash) problems.push(`OIDC_ISSUER must have no query or fragment (got "${raw}")`);
  return raw;
}

function privateKeyOf(file: string | undefined, problems: string[]): string | undefined {
  if (!file) return undefined;
  try {
    const pem = readFileSync(file, 'utf8');
    if (!pem.includes('-----BEGIN PRIVATE KEY-----')) {
      problems.push(`OIDC_PRIVATE_KEY_FILE must hold a PKCS#8 PEM private key (${file})`);
      return undefined;
    }
    return pem;
  } catch (error) {
    problems.push(`OIDC_PRIVATE_KEY_FILE cannot be read: ${(error as Error).message}`);
    return undefined;
  }
}

/** `name`, `realm_access.roles`: names joined by dots, each without spaces. */
function claimPath(name: string, raw: string | undefined, fallback: string, problems: string[]): string {
  const path = raw?.trim() || fallback;
  if (!/^[^.\s]+(\.[^.\s]+)*$/.test(path)) {
    problems.push(`${name} must be a claim name or a dotted path such as realm_access.roles (got "${raw}")`);
  }
  return path;
}

function hostOf(raw: string): string {
  try {
    return new URL(raw).host;
  } catch {
    return raw;
  }
}
