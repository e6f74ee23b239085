// The tokens of an OpenID Connect sign-in as the config file keeps them: made from a token response, refreshed
// before the ID token runs out, revoked at sign-out.
import * as oidc from 'openid-client';
import { CliError, EXIT } from '../cli-error.js';
import {
  forgetCredentials,
  type OidcSignIn,
  type PlatformCredentials,
  readConfigFile,
  saveCredentials,
} from '../config-file.js';
import { text } from '../i18n/messages.js';
import { discoverProvider, oauthError, type ProviderRef, providerFailure } from './provider.js';
import { withRefreshLock } from './refresh-lock.js';

/**
 * A command refreshes the ID token when it has this little left, so it cannot run out between being read here
 * and being checked by the platform (a deploy's upload can take a while).
 */
/** Where a platform's sign-in is kept: the config file and the platform's URL (the CLI's settings have both). */
export interface SavedPlace {
  configPath: string;
  url: string;
}

export const REFRESH_MARGIN_SECONDS = 60;

export function needsRefresh(expiresAt: number, nowSeconds: number): boolean {
  return expiresAt - nowSeconds <= REFRESH_MARGIN_SECONDS;
}

type TokenResponse = oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers;

/**
 * What to keep of a token response. The ID token is the bearer the platform verifies (a JWT from the provider's
 * keys, `aud` the CLI's client); the access token is kept only to revoke it. `previous` supplies the refresh
 * token when a refresh does not rotate it.
 */
export function signInRecord(
  ref: ProviderRef,
  tokens: TokenResponse,
  previous?: OidcSignIn,
): { userToken: string; oidc: OidcSignIn } {
  const claims = tokens.claims();
  if (!tokens.id_token || !claims) {
    throw new CliError(text('signin.no_id_token', { issuer: ref.issuer }), EXIT.failure, 'sign_in_failed');
  }
  const refreshToken = tokens.refresh_token ?? previous?.refreshToken;
  return {
    userToken: tokens.id_token,
    oidc: {
      issuer: ref.issuer,
      clientId: ref.clientId,
      expiresAt: claims.exp,
      ...(refreshToken !== undefined && { refreshToken }),
      ...(tokens.access_token && { accessToken: tokens.access_token }),
    },
  };
}

/**
 * The saved user token, refreshed first when it is about to run out. A refresh the provider refuses (the session
 * ended there, the account was disabled) forgets the sign-in and says to sign in again; a provider that cannot
 * be reached is an error only once the saved token has run out.
 */
export async function freshSavedToken(
  settings: SavedPlace,
  saved: PlatformCredentials,
): Promise<string | undefined> {
  if (!saved.oidc || !saved.userToken) return saved.userToken;
  if (!needsRefresh(saved.oidc.expiresAt, Math.floor(Date.now() / 1000))) return saved.userToken;
  return withRefreshLock(settings.configPath, async () => {
    // Another command may have refreshed while this one waited for the lock: its tokens are the ones to use.
    const current = readConfigFile(settings.configPath).platforms?.[settings.url] ?? {};
    const signIn = current.oidc;
    if (!signIn || !current.userToken) throw ended(settings);
    const now = Math.floor(Date.now() / 1000);
    if (!needsRefresh(signIn.expiresAt, now)) return current.userToken;
    if (!signIn.refreshToken) throw ended(settings);
    let tokens: TokenResponse;
    try {
      const config = await discoverProvider(signIn);
      tokens = await oidc.refreshTokenGrant(config, signIn.refreshToken);
    } catch (error) {
      if (oauthError(error) === 'invalid_grant') {
        forgetCredentials(settings.configPath, settings.url, ['userToken', 'email', 'oidc']);
        throw ended(settings);
      }
      if (signIn.expiresAt > now) return current.userToken;
      throw providerFailure(error, signIn.issuer);
    }
    const record = signInRecord(signIn, tokens, signIn);
    saveCredentials(settings.configPath, settings.url, record);
    return record.userToken;
  });
}

function ended(settings: SavedPlace): CliError {
  return new CliError(text('signin.ended', { url: settings.url }), EXIT.failure, 'sign_in_expired', [
    text('signin.again'),
  ]);
}

/**
 * Revokes the refresh and access tokens where the provider has a revocation endpoint (RFC 7009). Says whether it
 * did; a failure is the caller's to report, the local copy is forgotten either way.
 */
export async function revokeSignIn(signIn: OidcSignIn): Promise<boolean> {
  const config = await discoverProvider(signIn);
  if (!config.serverMetadata().revocation_endpoint) return false;
  try {
    if (signIn.refreshToken) {
      await oidc.tokenRevocation(config, signIn.refreshToken, { token_type_hint: 'refresh_token' });
    }
    if (signIn.accessToken) {
      await oidc.tokenRevocation(config, signIn.accessToken, { token_type_hint: 'access_token' });
    }
  } catch (error) {
    throw providerFailure(error, signIn.issuer);
  }
  return true;
}
