// The university's identity provider for tests: a real oidc-provider on loopback, with users, a login form and hooks to misbehave.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  type JWK,
  type JWTPayload,
  SignJWT,
} from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import type { CookieBrowser } from './cookie-browser.js';

/** A person at the university; the login form takes `sub` as the login and any password. */
export interface IdpUser {
  sub: string;
  email?: string;
  /** `email_verified`; true unless said otherwise. */
  emailVerified?: boolean;
  name?: string;
  course?: number | string;
  group?: string;
  /** The roles claim, e.g. ['moderator']; tests change it to see a role taken away. */
  roles?: string[];
}

export interface IdpClient {
  clientId: string;
  clientSecret?: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  /** `private_key_jwt` with these public keys instead of a secret. */
  jwks?: { keys: JWK[] };
  /** Also offer the device authorization grant to this client (the CLI). */
  deviceFlow?: boolean;
}

export interface TestIdp {
  /** `http://127.0.0.1:<port>`: the issuer, as OIDC_ISSUER. */
  issuer: string;
  provider: Provider;
  /** The people who can sign in, by sub; edit a user's claims and the next token says so. */
  users: Map<string, IdpUser>;
  /**
   * Rewrites the ID token the token endpoint answers with (re-signed with the IdP's own key, or with `foreignKey`
   * when asked): a wrong nonce, audience, issuer or expiry the relying party must refuse. Undefined stops it.
   */
  tamperIdToken(
    change: ((payload: JWTPayload) => JWTPayload) | undefined,
    options?: { foreignKey?: boolean },
  ): void;
  /** How many requests the token endpoint has had (code redemptions and refreshes). */
  tokenRequests(): number;
  /** Makes the token endpoint answer 503 with an HTML page, as an IdP behind a load balancer does when it is down. */
  outage(down: boolean): void;
  /** Makes the token endpoint refuse refresh tokens (`invalid_grant`), as an IdP does after a sign-out there. */
  refuseRefresh(refuse: boolean): void;
  /** Signs claims as this IdP does (RS256, its published key): a bearer token a host could hold. */
  sign(payload: JWTPayload, options?: { expiresIn?: string; foreignKey?: boolean }): Promise<string>;
  close(): Promise<void>;
}

const SCOPES = ['openid', 'email', 'profile', 'roles', 'offline_access'];

/** A third-year student in group ПИ-31 who is also a platform moderator (a fresh copy: tests change claims). */
export function moderatorStudent(): IdpUser {
  return {
    sub: 'ivanova',
    email: 'ivanova@uni.example',
    name: 'Анна Иванова',
    course: 3,
    group: 'ПИ-31',
    roles: ['moderator'],
  };
}

/** The platform's client at the test IdP. */
export const PLATFORM_CLIENT = {
  clientId: 'miniapps-web',
  clientSecret: 'a-client-secret-for-the-platform-0123456789',
};

/** The platform's client registration for a platform at `base` (its PUBLIC_URL). */
export function platformClient(base: string): IdpClient {
  return {
    ...PLATFORM_CLIENT,
    redirectUris: [`${base}/auth/callback`],
    postLogoutRedirectUris: [`${base}/`],
  };
}

/** The environment of a platform at `base` signing in with `idp`: the name "Uni ID", roles from `roles`. */
export function relyingPartyEnv(idp: TestIdp, base: string): Record<string, string> {
  return {
    PUBLIC_URL: base,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: PLATFORM_CLIENT.clientId,
    OIDC_CLIENT_SECRET: PLATFORM_CLIENT.clientSecret,
    OIDC_SCOPES: 'openid email profile roles offline_access',
    OIDC_DISPLAY_NAME: 'Uni ID',
    OIDC_ROLES_CLAIM: 'roles',
  };
}

export async function startTestIdp(options: { users: IdpUser[]; clients: IdpClient[] }): Promise<TestIdp> {
  const users = new Map(options.users.map((user) => [user.sub, user]));
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-idp-1', alg: 'RS256', use: 'sig' };

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let tamper: { change: (payload: JWTPayload) => JWTPayload; foreignKey: boolean } | undefined;
  let refusingRefresh = false;
  let down = false;
  let tokenRequests = 0;

  const configuration: Configuration = {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      ...(client.jwks
        ? { jwks: client.jwks, token_endpoint_auth_method: 'private_key_jwt' }
        : client.clientSecret
          ? { client_secret: client.clientSecret, token_endpoint_auth_method: 'client_secret_basic' }
          : { token_endpoint_auth_method: 'none' }),
      redirect_uris: client.redirectUris,
      post_logout_redirect_uris: client.postLogoutRedirectUris ?? [],
      response_types: ['code'],
      grant_types: [
        'authorization_code',
        'refresh_token',
        ...(client.deviceFlow ? ['urn:ietf:params:oauth:grant-type:device_code'] : []),
      ],
    })),
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-idp-cookie-key-0123456789abcdef'] },
    scopes: SCOPES,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'course', 'group'],
      roles: ['roles'],
    },
    // The claims go into the ID token too, as Keycloak and ADFS put them (the relying party reads userinfo as well).
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: true },
      deviceFlow: { enabled: true },
      revocation: { enabled: true },
      rpInitiatedLogout: { enabled: true },
      userinfo: { enabled: true },
    },
    pkce: { required: () => true },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Each refresh token is good once, and a reused one revokes the grant (as Keycloak's "Revoke refresh token").
    rotateRefreshToken: true,
    // A first-party sign-in: no consent screen, every scope asked for is granted.
    loadExistingGrant: async (ctx) => {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(oidc.client!.clientId);
      const grant = grantId
        ? await oidc.provider.Grant.find(grantId)
        : new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session!.accountId! });
      if (!grant) return undefined;
      grant.addOIDCScope(SCOPES.join(' '));
      grant.addOIDCClaims(['email', 'email_verified', 'name', 'course', 'group', 'roles']);
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, id) => {
      const user = users.get(id);
      if (!user) return undefined;
      return {
        accountId: id,
        claims: async () => {
          // Read at each token: a role removed since the last one is gone from the next.
          const now = users.get(id) ?? user;
          return {
            sub: now.sub,
            ...(now.email !== undefined && { email: now.email, email_verified: now.emailVerified ?? true }),
            ...(now.name !== undefined && { name: now.name }),
            ...(now.course !== undefined && { course: now.course }),
            ...(now.group !== undefined && { group: now.group }),
            roles: now.roles ?? [],
          };
        },
      };
    },
    ttl: {
      Interaction: 600,
      AccessToken: 3600,
      IdToken: 3600,
      RefreshToken: 86_400,
      Session: 86_400,
      Grant: 86_400,
    },
  };
  const provider = new Provider(issuer, configuration);

  // After the token endpoint has answered: refuse refreshes, or rewrite the ID token, when a test asks.
  provider.use(async (ctx, next) => {
    if (ctx.path === '/token' && ctx.method === 'POST') tokenRequests += 1;
    if (ctx.path === '/token' && down) {
      ctx.status = 503;
      ctx.type = 'html';
      ctx.body = '<h1>503 Service Unavailable</h1>';
      return;
    }
    if (ctx.path === '/token' && refusingRefresh && ctx.method === 'POST') {
      const body = await readForm(ctx.req);
      if (body.get('grant_type') === 'refresh_token') {
        ctx.status = 400;
        ctx.body = { error: 'invalid_grant', error_description: 'grant request is invalid' };
        return;
      }
      // Read once here; oidc-provider takes an already read body from req.body.
      (ctx.req as { body?: unknown }).body = body.toString();
    }
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && tamper && body?.id_token) {
      const payload = tamper.change(decodeJwt(body.id_token));
      const { kid } = decodeProtectedHeader(body.id_token);
      ctx.body = {
        ...body,
        id_token: await new SignJWT(payload)
          .setProtectedHeader({ alg: 'RS256', ...(kid !== undefined && { kid }) })
          .sign(tamper.foreignKey ? foreign.privateKey : privateKey),
      };
    }
  });
  server.on('request', provider.callback());

  return {
    issuer,
    provider,
    users,
    tamperIdToken(change, tamperOptions = {}) {
      tamper = change && { change, foreignKey: tamperOptions.foreignKey ?? false };
    },
    tokenRequests: () => tokenRequests,
    outage(on) {
      down = on;
    },
    refuseRefresh(refuse) {
      refusingRefresh = refuse;
    },
    async sign(payload, signOptions = {}) {
      return new SignJWT({ iss: issuer, ...payload })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-idp-1' })
        .setIssuedAt()
        .setExpirationTime(signOptions.expiresIn ?? '10m')
        .sign(signOptions.foreignKey ? foreign.privateKey : privateKey);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function readForm(req: NodeJS.ReadableStream): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.from(chunk as Buffer));
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A person approving a device login (RFC 8628) in a browser: opens `verificationUriComplete`, confirms the code,
 * signs in as `login` through the form. The device's poll then gets its tokens.
 */
export async function approveDeviceCode(
  browser: CookieBrowser,
  verificationUriComplete: string,
  login: string,
): Promise<void> {
  let step = await browser.follow(verificationUriComplete);
  for (let forms = 0; forms < 6 && /<form/.test(step.body); forms++) {
    const fields: Record<string, string> = /name="login"/.test(step.body)
      ? { login, password: 'any password' }
      : {};
    const typedCode = /<input[^>]*type="text"[^>]*name="user_code"[^>]*value="([^"]*)"/.exec(step.body)?.[1];
    if (typedCode !== undefined) fields.user_code = typedCode;
    step = await browser.submit(step, fields);
    if (step.location) step = await browser.follow(step.location);
  }
  if (!/success|signed in|you can close|continue on your device/i.test(step.body)) {
    throw new Error(
      `the device login was not approved: ${step.status} ${step.url} ${step.body.slice(0, 300)}`,
    );
  }
}
