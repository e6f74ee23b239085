// Apps ready for the proxy: registered through the API, then published by writing the approved (live) columns directly.
import type { ScopeName } from '../../src/db/schema.js';
import type { SignedIn, TestPlatform } from './platform.js';

export const PROXY = '/functions/v1/miniapp-proxy';

/** EGRESS_* settings that send origin.test (and its subdomains used in tests) to the loopback origin. */
export function originEnv(caFile: string, extraHosts: string[] = []): Record<string, string> {
  return {
    EGRESS_HOSTS: ['origin.test', 'head.origin.test', 'badcert.test', ...extraHosts]
      .map((h) => (h.includes('=') ? h : `${h}=127.0.0.1`))
      .join(','),
    EGRESS_ALLOW_RANGES: '127.0.0.0/8',
    NODE_EXTRA_CA_CERTS: caFile,
  };
}

export async function ensureOrg(t: TestPlatform, owner: SignedIn, org: string): Promise<void> {
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/orgs',
    headers: owner.auth,
    payload: { id: org, name: org },
  });
  if (res.statusCode !== 201 && res.json().error !== 'org_exists') throw new Error(res.body);
}

/** Registers an app through the management API (creating the organization if needed). */
async function registerApp(
  t: TestPlatform,
  owner: SignedIn,
  org: string,
  app: { slug: string; sourceKind: 'remote' | 'hosted'; origin?: string; scopes?: ScopeName[] },
): Promise<void> {
  await ensureOrg(t, owner, org);
  const res = await t.request({
    method: 'POST',
    url: `/api/v1/orgs/${org}/apps`,
    headers: owner.auth,
    payload: { name: app.slug, ...app },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
}

export interface RemoteAppOptions {
  org: string;
  slug: string;
  origin: string;
  scopes?: ScopeName[];
  /** The head origin, when a change waits for review; the live one stays `origin`. */
  headOrigin?: string;
  headScopes?: ScopeName[];
  status?: 'published' | 'pending_review' | 'suspended' | 'draft' | 'rejected';
  /** False: registered but never approved. */
  approved?: boolean;
}

/** Registers a remote app and marks it approved, as moderation would. Returns its id. */
export async function remoteApp(
  t: TestPlatform,
  owner: SignedIn,
  options: RemoteAppOptions,
): Promise<string> {
  await registerApp(t, owner, options.org, {
    slug: options.slug,
    sourceKind: 'remote',
    origin: options.origin,
    scopes: options.scopes ?? [],
  });
  const approved = options.approved ?? true;
  const row = await t.platform.db
    .updateTable('apps')
    .set({
      status: options.status ?? (approved ? 'published' : 'pending_review'),
      origin: options.headOrigin ?? options.origin,
      scopes: JSON.stringify(options.headScopes ?? options.scopes ?? []),
      ...(approved && {
        liveName: options.slug,
        liveOrigin: options.origin,
        liveStartPath: '/',
        liveScopes: JSON.stringify(options.scopes ?? []),
      }),
    })
    .where('organizationId', '=', options.org)
    .where('slug', '=', options.slug)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes an app row directly, bypassing registration rules: for origins registration would refuse. */
export async function forcedRemoteApp(
  t: TestPlatform,
  owner: SignedIn,
  org: string,
  slug: string,
  origin: string,
): Promise<void> {
  await ensureOrg(t, owner, org);
  const now = new Date().toISOString();
  await t.platform.db
    .insertInto('apps')
    .values({
      id: crypto.randomUUID(),
      organizationId: org,
      slug,
      sourceKind: 'remote',
      name: slug,
      origin,
      startPath: '/',
      scopes: '[]',
      status: 'published',
      version: 0,
      liveName: slug,
      liveOrigin: origin,
      liveStartPath: '/',
      liveScopes: '[]',
      createdBy: owner.user.id,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}

export interface HostedScreen {
  path: string;
  json: object;
}

/** A hosted app with screens stored at the live version and (optionally) other screens at a newer head. */
export async function hostedApp(
  t: TestPlatform,
  owner: SignedIn,
  options: {
    org: string;
    slug: string;
    live?: HostedScreen[];
    head?: HostedScreen[];
    status?: 'published' | 'pending_review' | 'draft' | 'suspended';
  },
): Promise<string> {
  await registerApp(t, owner, options.org, { slug: options.slug, sourceKind: 'hosted' });
  const id = await appId(t, options.org, options.slug);
  const versions: Array<[number, HostedScreen[]]> = [];
  if (options.live) versions.push([1, options.live]);
  if (options.head) versions.push([2, options.head]);
  for (const [version, screens] of versions) {
    for (const screen of screens) {
      await t.platform.db
        .insertInto('screens')
        .values({ appId: id, version, path: screen.path, title: null, json: JSON.stringify(screen.json) })
        .execute();
    }
  }
  await t.platform.db
    .updateTable('apps')
    .set({
      version: options.head ? 2 : options.live ? 1 : 0,
      status: options.status ?? (options.live ? 'published' : 'draft'),
      ...(options.live && { liveVersion: 1, liveName: options.slug, liveStartPath: '/', liveScopes: '[]' }),
    })
    .where('id', '=', id)
    .execute();
  return id;
}

export async function appId(t: TestPlatform, org: string, slug: string): Promise<string> {
  const row = await t.platform.db
    .selectFrom('apps')
    .select('id')
    .where('organizationId', '=', org)
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function grant(t: TestPlatform, user: SignedIn, org: string, slug: string, scopes: ScopeName[]) {
  const res = await t.request({
    method: 'PUT',
    url: `/api/v1/me/apps/${org}/${slug}/consent`,
    headers: user.auth,
    payload: { scopes },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
}
