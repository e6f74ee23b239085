// A developer on a test platform: signed in, with an organization and apps made through the management API.
import type { SignedIn, TestPlatform } from '../../../server/test/helpers/platform.js';

export interface AppSpec {
  slug: string;
  sourceKind?: 'hosted' | 'remote';
  origin?: string;
  scopes?: string[];
  startPath?: string;
  name?: string;
}

export async function signUp(t: TestPlatform, email: string, org: string): Promise<SignedIn> {
  const who = await t.login(email, { fullName: 'Dev Eloper' });
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/orgs',
    headers: who.auth,
    payload: { id: org, name: org },
  });
  if (res.statusCode !== 201) throw new Error(`create org: ${res.statusCode} ${res.body}`);
  return who;
}

export async function registerApp(t: TestPlatform, who: SignedIn, org: string, app: AppSpec): Promise<void> {
  const res = await t.request({
    method: 'POST',
    url: `/api/v1/orgs/${org}/apps`,
    headers: who.auth,
    payload: { name: app.name ?? `App ${app.slug}`, sourceKind: 'hosted', ...app },
  });
  if (res.statusCode !== 201) throw new Error(`create app: ${res.statusCode} ${res.body}`);
}

export async function createDeployToken(t: TestPlatform, who: SignedIn, name = 'ci'): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/tokens',
    headers: who.auth,
    payload: { name },
  });
  if (res.statusCode !== 201) throw new Error(`create token: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

/** Moderator approval, so the app is published (needed for pushes and for users to open it). */
export async function approve(t: TestPlatform, org: string, slug: string): Promise<void> {
  const moderator = await t.login('moderator@uni.example', { moderator: true });
  const res = await t.request({
    method: 'POST',
    url: `/api/v1/moderation/apps/${org}/${slug}/approve`,
    headers: moderator.auth,
    payload: {},
  });
  if (res.statusCode !== 200) throw new Error(`approve: ${res.statusCode} ${res.body}`);
}
