// A real OpenID Provider (oidc-provider, the certified Node implementation) on loopback, standing in for a
// university's identity provider: device flow, loopback redirects for the CLI's public client, refresh, revocation.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export const CLI_CLIENT_ID = 'miniapps-cli';

export interface TestAccount {
  /** The `sub`: a UUID, as the platform's bearer path requires today. */
  id: string;
  email: string;
  name: string;
}

export interface TestProvider {
  issuer: string;
  jwksUrl: string;
  provider: Provider;
  /** Lifetime of the next device codes, in seconds (600 unless a test shortens it to watch one expire). */
  setDeviceCodeTtl(seconds: number): void;
  /** Environment for a platform that accepts this provider's ID tokens and names it to the CLI. */
  platformEnv(): Record<string, string>;
  close(): Promise<void>;
}

export async function startOidcProvider(accounts: readonly TestAccount[]): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  let deviceCodeTtl = 600;
  const byId = new Map(accounts.map((account) => [account.id, account]));

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLI_CLIENT_ID,
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        grant_types: ['urn:ietf:params:oauth:grant-type:device_code', 'authorization_code', 'refresh_token'],
        response_types: ['code'],
        // RFC 8252: any port of the loopback address.
        redirect_uris: ['http://127.0.0.1/callback'],
      },
    ],
    jwks: { keys: [signingKey] },
    features: {
      deviceFlow: { enabled: true },
      revocation: { enabled: true },
      devInteractions: { enabled: true },
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Like Keycloak: the ID token carries the profile claims (the platform reads email and name from it).
    conformIdTokenClaims: false,
    // Like Keycloak: a refresh token for every client allowed the grant.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    ttl: {
      DeviceCode: () => deviceCodeTtl,
      IdToken: 3600,
      AccessToken: 3600,
      RefreshToken: 86_400,
      Grant: 86_400,
      Session: 86_400,
      Interaction: 600,
    },
    async findAccount(_ctx, id) {
      const account = byId.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: account.email, email_verified: true, name: account.name }),
      };
    },
  });
  // Quiet: the provider warns about its development defaults (dev interactions) on every start.
  provider.on('server_error', () => {});
  server.on('request', provider.callback());

  return {
    issuer,
    jwksUrl: `${issuer}/jwks`,
    provider,
    setDeviceCodeTtl(seconds) {
      deviceCodeTtl = seconds;
    },
    platformEnv: () => ({
      OIDC_ISSUER: issuer,
      OIDC_CLI_CLIENT_ID: CLI_CLIENT_ID,
      AUTH_JWKS_URL: `${issuer}/jwks`,
      AUTH_JWT_ISSUER: issuer,
      AUTH_JWT_AUDIENCE: CLI_CLIENT_ID,
    }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
