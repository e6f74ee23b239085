// The platform as an OpenID Connect relying party (openid-client): discovery at start-up, the code flow, refresh, logout.
import { createPrivateKey } from 'node:crypto';
import { importPKCS8 } from 'jose';
import * as client from 'openid-client';
import type { OidcConfig } from '../config/oidc.js';
import { ConfigError } from '../config.js';

export interface LoginChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface IssuedTokens {
  /** The ID token's claims, checked: signature, issuer, audience, nonce, expiry. */
  claims: Record<string, unknown>;
  idToken: string | undefined;
  refreshToken: string | undefined;
  /** Seconds the access token lives; the session reads the claims again when they pass. */
  expiresIn: number | undefined;
  accessToken: string;
}

export interface RelyingParty {
  readonly config: OidcConfig;
  /** The issuer as its discovery document names it (the key of user_identities). */
  readonly issuer: string;
  /** A new login's state, nonce and PKCE verifier, and where to send the browser (its pages in `uiLocales`). */
  startLogin(uiLocales: string): Promise<{ checks: LoginChecks; url: URL }>;
  /** Redeems the callback's code; throws on every failed check (oidc/sign-in-errors.ts names them). */
  finishLogin(callbackQuery: string, checks: LoginChecks): Promise<IssuedTokens>;
  refresh(refreshToken: string): Promise<IssuedTokens>;
  /** Userinfo for claims the ID token left out (Keycloak and ADFS put fewer there). */
  userinfo(accessToken: string, subject: string): Promise<Record<string, unknown>>;
  /** The IdP's end_session_endpoint with the hint, or undefined when it has none. */
  logoutUrl(idToken: string | undefined): URL | undefined;
}

/** Discovers the issuer; a wrong or unreachable issuer stops the start-up with a ConfigError saying why. */
export async function createRelyingParty(config: OidcConfig): Promise<RelyingParty> {
  const issuerUrl = new URL(config.issuer);
  const clientAuth = config.privateKeyPem
    ? client.PrivateKeyJwt(await signingKeyOf(config.privateKeyPem))
    : config.clientSecret !== undefined
      ? client.ClientSecretBasic(config.clientSecret)
      : client.None();
  const discover = () =>
    client.discovery(
      issuerUrl,
      config.clientId,
      { redirect_uris: [config.redirectUri], response_types: ['code'] },
      clientAuth,
      {
        timeout: 10,
        // http only reaches loopback issuers (config/oidc.ts refuses others).
        ...(issuerUrl.protocol === 'http:' && { execute: [client.allowInsecureRequests] }),
      },
    );
  let configuration: client.Configuration;
  try {
    configuration = await discover().catch(async (error: unknown) => {
      // A connection the IdP reset (a kept-alive socket it closed as we reused it) is worth one more try; a wrong
      // issuer or a refusal answers the same again, so it is told at once.
      if (!isNetworkFailure(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, DISCOVERY_RETRY_MS));
      return discover();
    });
  } catch (error) {
    throw new ConfigError([
      `OIDC_ISSUER ${config.issuer}: discovery failed (${describe(error)}); check the issuer URL, it must equal the "issuer" of its /.well-known/openid-configuration`,
    ]);
  }
  // The ID token's signature is checked too, not only its claims (the token endpoint is trusted by TLS alone otherwise).
  client.enableNonRepudiationChecks(configuration);
  const metadata = configuration.serverMetadata();

  function tokensOf(
    response: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
  ): IssuedTokens {
    return {
      claims: { ...(response.claims() ?? {}) },
      idToken: response.id_token,
      refreshToken: response.refresh_token,
      expiresIn: response.expiresIn(),
      accessToken: response.access_token,
    };
  }

  return {
    config,
    issuer: metadata.issuer,
    async startLogin(uiLocales) {
      const checks: LoginChecks = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: config.redirectUri,
        scope: config.scopes,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        // Keycloak, ADFS and Entra show their sign-in page in the language the platform's page was in.
        ui_locales: uiLocales,
      });
      return { checks, url };
    },
    async finishLogin(callbackQuery, checks) {
      const current = new URL(config.redirectUri);
      current.search = callbackQuery;
      const response = await client.authorizationCodeGrant(configuration, current, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      return tokensOf(response);
    },
    async refresh(refreshToken) {
      return tokensOf(await client.refreshTokenGrant(configuration, refreshToken));
    },
    async userinfo(accessToken, subject) {
      if (!metadata.userinfo_endpoint) return {};
      return { ...(await client.fetchUserInfo(configuration, accessToken, subject)) };
    },
    logoutUrl(idToken) {
      if (!metadata.end_session_endpoint) return undefined;
      return client.buildEndSessionUrl(configuration, {
        post_logout_redirect_uri: config.postLogoutRedirectUri,
        ...(idToken !== undefined && { id_token_hint: idToken }),
      });
    },
  };
}

/** private_key_jwt: RS256 for an RSA key, ES256 for an EC one (what Keycloak and ADFS accept). */
async function signingKeyOf(pem: string): Promise<client.CryptoKey> {
  const alg = createPrivateKey(pem).asymmetricKeyType === 'ec' ? 'ES256' : 'RS256';
  return (await importPKCS8(pem, alg)) as client.CryptoKey;
}

const DISCOVERY_RETRY_MS = 500;

/** fetch's own failure (reset, refused, DNS), not an answer the IdP gave. */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError && error.message === 'fetch failed';
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
