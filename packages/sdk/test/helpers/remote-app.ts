// A remote app on a test platform, wired to an https origin on loopback: registered, approved, consented, signed.
import type { SignedIn, TestPlatform } from '../../../server/test/helpers/platform.js';

/** Platform settings that send origin.test to loopback and trust the test CA (the host-safety rules stay on). */
export function loopbackOriginEnv(caFile: string): Record<string, string> {
  return {
    EGRESS_HOSTS: 'origin.test=127.0.0.1',
    EGRESS_ALLOW_RANGES: '127.0.0.0/8',
    NODE_EXTRA_CA_CERTS: caFile,
  };
}

export interface RemoteAppSetup {
  org: string;
  slug: string;
  origin: string;
  scopes: string[];
}

/** Registers the remote app as its developer, then has a moderator approve it. */
export async function publishRemoteApp(
  t: TestPlatform,
  developer: SignedIn,
  app: RemoteAppSetup,
): Promise<void> {
  const post = async (url: string, who: SignedIn, payload: object, expected: number) => {
    const res = await t.request({ method: 'POST', url, headers: who.auth, payload });
    if (res.statusCode !== expected) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  };
  await post('/api/v1/orgs', developer, { id: app.org, name: app.org }, 201);
  await post(
    `/api/v1/orgs/${app.org}/apps`,
    developer,
    { slug: app.slug, name: 'Remote app', sourceKind: 'remote', origin: app.origin, scopes: app.scopes },
    201,
  );
  const moderator = await t.login('moderator@uni.example', { moderator: true });
  await post(`/api/v1/moderation/apps/${app.org}/${app.slug}/approve`, moderator, {}, 200);
}

/** Generates (or rotates) the signing secret, as the developer does in the client application. */
export async function generateSecret(
  t: TestPlatform,
  developer: SignedIn,
  app: Pick<RemoteAppSetup, 'org' | 'slug'>,
): Promise<{ secret: string; previousValidUntil?: string }> {
  const res = await t.request({
    method: 'POST',
    url: `/api/v1/orgs/${app.org}/apps/${app.slug}/signing-secret`,
    headers: developer.auth,
  });
  if (res.statusCode !== 200) throw new Error(`signing secret: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function consent(t: TestPlatform, user: SignedIn, app: RemoteAppSetup, scopes = app.scopes) {
  const res = await t.request({
    method: 'PUT',
    url: `/api/v1/me/apps/${app.org}/${app.slug}/consent`,
    headers: user.auth,
    payload: { scopes },
  });
  if (res.statusCode !== 200) throw new Error(`consent: ${res.statusCode} ${res.body}`);
}
