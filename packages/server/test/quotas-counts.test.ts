// Count quotas at their edges on every database: organizations per account, apps per organization, webhook
// endpoints per app. At the limit a creation passes, one past it is 422 quota_exceeded naming the limit, parallel
// creations never pass it, and a refusal leaves everything as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type Developer, developer } from './deploy-fixtures.js';
import { dialects } from './helpers/databases.js';
import { testCertificates } from './helpers/https-origin.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { originEnv } from './helpers/proxy-apps.js';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.js';

describe.each(dialects)('count quotas at their defaults on %s', (dialect) => {
  let t: TestPlatform;
  let receiver: WebhookReceiver;
  let people = 0;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startTestPlatform(dialect, originEnv(testCertificates().caFile));
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const post = (who: SignedIn, url: string, payload: object) =>
    t.request({ method: 'POST', url, headers: who.auth, payload });
  const newOrg = (who: SignedIn, id: string) => post(who, '/api/v1/orgs', { id, name: `Org ${id}` });
  const newApp = (who: SignedIn, org: string, slug: string) =>
    post(who, `/api/v1/orgs/${org}/apps`, { slug, name: `App ${slug}`, sourceKind: 'hosted' });

  it('an account creates its 20th organization; the 21st is 422 quota_exceeded, and nothing of it is stored', async () => {
    const who = await t.login(`founder-${++people}@uni.example`);
    for (let i = 1; i <= 20; i++) expect((await newOrg(who, `f${people}-org-${i}`)).statusCode).toBe(201);
    const refused = await newOrg(who, `f${people}-org-21`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      ok: false,
      error: 'quota_exceeded',
      message: 'An account may create at most 20 organizations.',
      details: { quota: 'orgs_per_user', limit: 20 },
    });
    const mine = await t.request({ method: 'GET', url: '/api/v1/orgs', headers: who.auth });
    expect(mine.json().organizations).toHaveLength(20);
    const gone = await t.request({ method: 'GET', url: `/api/v1/orgs/f${people}-org-21`, headers: who.auth });
    expect(gone.statusCode).toBe(404);
    expect(
      await t.platform.db
        .selectFrom('organizations')
        .select('id')
        .where('id', '=', `f${people}-org-21`)
        .execute(),
    ).toEqual([]);
  });

  it('says the limit in Russian when asked', async () => {
    const who = await t.login(`founder-${++people}@uni.example`);
    for (let i = 1; i <= 20; i++) await newOrg(who, `r${people}-org-${i}`);
    const refused = await t.request({
      method: 'POST',
      url: '/api/v1/orgs',
      headers: { ...who.auth, 'accept-language': 'ru' },
      payload: { id: `r${people}-org-21`, name: 'Лишняя' },
    });
    expect(refused.json().message).toBe('Учётная запись может создать не больше 20 организаций.');
  });

  it('parallel creations at 19 organizations: exactly one passes', async () => {
    const who = await t.login(`founder-${++people}@uni.example`);
    for (let i = 1; i <= 19; i++) await newOrg(who, `p${people}-org-${i}`);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => newOrg(who, `p${people}-race-${i}`)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422, 422, 422]);
    const mine = await t.request({ method: 'GET', url: '/api/v1/orgs', headers: who.auth });
    expect(mine.json().organizations).toHaveLength(20);
  });

  it('an organization holds its 50th app; the 51st is 422 quota_exceeded and the list stays at 50', async () => {
    const dev = await developer(t, 'apps');
    for (let i = 1; i <= 50; i++) expect((await newApp(dev.who, dev.org, `app-${i}`)).statusCode).toBe(201);
    const refused = await newApp(dev.who, dev.org, 'app-51');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      error: 'quota_exceeded',
      message: 'An organization may hold at most 50 apps.',
      details: { quota: 'apps_per_org', limit: 50 },
    });
    const list = await t.request({
      method: 'GET',
      url: `/api/v1/orgs/${dev.org}/apps`,
      headers: dev.who.auth,
    });
    expect(list.json().apps).toHaveLength(50);
    // Another organization of the same account has its own 50.
    const other = await developer(t, 'apps');
    expect((await newApp(other.who, other.org, 'app-1')).statusCode).toBe(201);
  });

  it('parallel app creations at 49 apps: exactly one passes', async () => {
    const dev = await developer(t, 'race');
    for (let i = 1; i <= 49; i++) await newApp(dev.who, dev.org, `app-${i}`);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => newApp(dev.who, dev.org, `race-${i}`)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422, 422, 422]);
    const list = await t.request({
      method: 'GET',
      url: `/api/v1/orgs/${dev.org}/apps`,
      headers: dev.who.auth,
    });
    expect(list.json().apps).toHaveLength(50);
  });

  describe('webhook endpoints', () => {
    let dev: Developer;
    let apps = 0;
    beforeAll(async () => {
      dev = await developer(t, 'hooks');
    });
    const hooks = async () => {
      const slug = `hooked-${++apps}`;
      await createApp(t, dev, slug);
      return `/api/v1/orgs/${dev.org}/apps/${slug}/webhooks`;
    };
    const register = (base: string, path: string) =>
      post(dev.who, base, { url: receiver.url(path), events: ['app.approved'] });

    it('an app registers its 10th endpoint; the 11th is 422 quota_exceeded and is not probed', async () => {
      const base = await hooks();
      // A URL that redirects fails its probe; past the quota it is refused before any probe is sent.
      expect((await register(base, '/redirect')).json().error).toBe('origin_redirect');
      for (let i = 1; i <= 10; i++) expect((await register(base, `/h${i}`)).statusCode).toBe(201);
      const refused = await register(base, '/redirect');
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        error: 'quota_exceeded',
        message: 'An app may have at most 10 webhook endpoints; remove one first.',
        details: { quota: 'webhooks_per_app', limit: 10 },
      });
      const list = await t.request({ method: 'GET', url: base, headers: dev.who.auth });
      expect(list.json().webhooks).toHaveLength(10);
      // Removing one makes room again.
      const first = list.json().webhooks[0].id as string;
      await t.request({ method: 'DELETE', url: `${base}/${first}`, headers: dev.who.auth });
      expect((await register(base, '/h11')).statusCode).toBe(201);
    });

    it('parallel registrations at 9 endpoints: exactly one passes', async () => {
      const base = await hooks();
      for (let i = 1; i <= 9; i++) await register(base, `/p${i}`);
      const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => register(base, `/race${i}`)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422, 422]);
      const list = await t.request({ method: 'GET', url: base, headers: dev.who.auth });
      expect(list.json().webhooks).toHaveLength(10);
    });
  });
});

describe.each(dialects)('count quotas set by the operator on %s', (dialect) => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform(dialect, { QUOTA_ORGS_PER_USER: '2', QUOTA_APPS_PER_ORG: '1' });
  });
  afterAll(async () => t?.close());

  it('hold at the configured limits: 2 organizations, 1 app each', async () => {
    const who = await t.login('small@uni.example');
    const org = (id: string) =>
      t.request({ method: 'POST', url: '/api/v1/orgs', headers: who.auth, payload: { id, name: id } });
    expect((await org('small-1')).statusCode).toBe(201);
    expect((await org('small-2')).statusCode).toBe(201);
    expect((await org('small-3')).json()).toMatchObject({
      error: 'quota_exceeded',
      message: 'An account may create at most 2 organizations.',
      details: { limit: 2 },
    });
    const app = (slug: string) =>
      t.request({
        method: 'POST',
        url: '/api/v1/orgs/small-1/apps',
        headers: who.auth,
        payload: { slug, name: slug, sourceKind: 'hosted' },
      });
    expect((await app('one')).statusCode).toBe(201);
    expect((await app('two')).json()).toMatchObject({
      error: 'quota_exceeded',
      message: 'An organization may hold at most 1 app.',
    });
  });
});
