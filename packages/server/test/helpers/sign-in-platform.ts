// A platform that signs people in with a test IdP, listening on loopback: for tests that drive the browser sign-in.
import type { TestDialect } from './databases.js';
import {
  type IdpClient,
  type IdpUser,
  platformClient,
  relyingPartyEnv,
  startTestIdp,
  type TestIdp,
} from './oidc-provider.js';
import { redisReady, startTestPlatform, type TestPlatform } from './platform.js';
import { freePort } from './redis-server.js';

export interface SignInPlatform {
  idp: TestIdp;
  t: TestPlatform;
  /** The platform's PUBLIC_URL, where it listens. */
  base: string;
  env: Record<string, string>;
}

export async function startSignInPlatform(
  dialect: TestDialect,
  options: {
    users: IdpUser[];
    /** Other clients of the IdP (the CLI's). */
    clients?: IdpClient[];
    /** More settings; given the IdP, for settings that name it. */
    env?: (idp: TestIdp) => Record<string, string>;
  },
): Promise<SignInPlatform> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const idp = await startTestIdp({
    users: options.users,
    clients: [platformClient(base), ...(options.clients ?? [])],
  });
  const env = { ...relyingPartyEnv(idp, base), ...options.env?.(idp) };
  const t = await startTestPlatform(dialect, env);
  await redisReady(t.platform);
  await t.app.listen({ port, host: '127.0.0.1' });
  return { idp, t, base, env };
}
