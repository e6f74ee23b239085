// Shared set-up of the hosted-app tests: an organization, apps and a deploy token made through the real API.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { TestDialect } from './helpers/databases.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';

export interface Developer {
  who: SignedIn;
  org: string;
  token: string;
}

let counter = 0;

/** A developer with an organization of their own and one deploy token. */
export async function developer(t: TestPlatform, name: string): Promise<Developer> {
  counter++;
  const who = await t.login(`${name}-${counter}@uni.example`);
  const org = `${name}-org-${counter}`;
  const made = await t.request({
    method: 'POST',
    url: '/api/v1/orgs',
    headers: who.auth,
    payload: { id: org, name },
  });
  if (made.statusCode !== 201) throw new Error(`org: ${made.statusCode} ${made.body}`);
  const token = await t.request({
    method: 'POST',
    url: '/api/v1/tokens',
    headers: who.auth,
    payload: { name: 'ci' },
  });
  if (token.statusCode !== 201) throw new Error(`token: ${token.statusCode} ${token.body}`);
  return { who, org, token: token.json().token as string };
}

export async function createApp(
  t: TestPlatform,
  dev: Developer,
  slug: string,
  extra: { sourceKind?: 'hosted' | 'remote'; origin?: string; scopes?: string[]; startPath?: string } = {},
): Promise<void> {
  const res = await t.request({
    method: 'POST',
    url: `/api/v1/orgs/${dev.org}/apps`,
    headers: dev.who.auth,
    payload: { slug, name: `App ${slug}`, sourceKind: 'hosted', ...extra },
  });
  if (res.statusCode !== 201) throw new Error(`app: ${res.statusCode} ${res.body}`);
}

export interface ScreenItem {
  path: string;
  title?: string;
  json: Record<string, unknown>;
}

/** A small valid screen whose text names it, so tests can tell deploys apart. */
export function screen(path: string, text = `screen ${path}`): ScreenItem {
  return {
    path,
    title: `Title ${path}`,
    json: { type: 'screen', title: text, children: [{ type: 'text', text }] },
  };
}

export function screens(count: number, label = 'v'): ScreenItem[] {
  return Array.from({ length: count }, (_, i) => screen(i === 0 ? '/' : `/page-${i}`, `${label} ${i}`));
}

export function deploy(
  t: TestPlatform,
  token: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.request({
    method: 'POST',
    url: '/functions/v1/miniapp-deploy',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

/** Rows of the screens table for one app, as the proxy would read them. */
export async function storedScreens(t: TestPlatform, org: string, slug: string) {
  const app = await t.platform.db
    .selectFrom('apps')
    .selectAll()
    .where('organizationId', '=', org)
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow();
  const rows = await t.platform.db
    .selectFrom('screens')
    .select(['version', 'path', 'title', 'json'])
    .where('appId', '=', app.id)
    .orderBy('version')
    .orderBy('path')
    .execute();
  return { app, rows };
}

export async function revisionVersions(t: TestPlatform, appId: string): Promise<number[]> {
  const rows = await t.platform.db
    .selectFrom('revisions')
    .select('version')
    .where('appId', '=', appId)
    .orderBy('version')
    .execute();
  return rows.map((row) => row.version);
}

/** One platform per describe block, with a developer (organization and token) and a moderator. */
export interface HostedSuite {
  t: TestPlatform;
  dev: Developer;
  moderator: SignedIn;
  /** A moderator's decision on one of the developer's apps. */
  decide(slug: string, decision: string, payload?: object, who?: SignedIn): Promise<LightMyRequestResponse>;
  /** A deploy of the developer's app with their token. */
  push(slug: string, items: unknown, submit?: boolean): Promise<LightMyRequestResponse>;
}

export function hostedSuite(dialect: TestDialect): HostedSuite {
  const suite = {
    decide(slug, decision, payload = {}, who = suite.moderator) {
      return suite.t.request({
        method: 'POST',
        url: `/api/v1/moderation/apps/${suite.dev.org}/${slug}/${decision}`,
        headers: who.auth,
        payload,
      });
    },
    push(slug, items, submit = false) {
      return deploy(suite.t, suite.dev.token, {
        organizationId: suite.dev.org,
        slug,
        screens: items,
        submit,
      });
    },
  } as HostedSuite;
  beforeAll(async () => {
    suite.t = await startTestPlatform(dialect);
    suite.dev = await developer(suite.t, 'ada');
    suite.moderator = await suite.t.login('mod@uni.example', { moderator: true });
  });
  afterAll(() => closeQuietly(suite.t));
  return suite;
}

/**
 * Closes a test platform and waits a moment before its database is dropped: pg's Pool.end() resolves before
 * its sockets are closed, and `drop database … with (force)` would kill a closing connection, which pg then
 * reports as an uncaught error in the test run.
 */
export async function closeQuietly(t: TestPlatform): Promise<void> {
  await t.app.close();
  await t.platform.close();
  await new Promise((resolve) => setTimeout(resolve, 250));
  await t.database.drop();
}
