// The first-party service app shipped with the platform (packages/server/src/services/profile-card.ts), run
// against a real platform: users open it through the proxy; its internal function answers only the service-role key.
import { validateScreen } from '@miniapps/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../../packages/server/test/helpers/databases.js';
import {
  type SignedIn,
  startTestPlatform,
  type TestPlatform,
} from '../../../packages/server/test/helpers/platform.js';

const ORG = 'platform';
const SLUG = 'profile-card';
const FUNCTION = `/functions/v1/miniapp-svc-${SLUG}`;

describe.each(dialects)('examples/service-app (profile card) on %s', (dialect) => {
  let t: TestPlatform;
  let ada: SignedIn;

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    ada = await t.login('ada@uni.example', { fullName: 'Ада Лавлейс', course: '2', group: 'ПМ-21' });
  });
  afterAll(() => t.close());

  const proxy = (kind: 'screen' | 'api', path: string, who: SignedIn = ada) =>
    t.request({
      method: 'GET',
      url: `/functions/v1/miniapp-proxy/${ORG}/${SLUG}/${kind}${path}`,
      headers: who.auth,
    });

  it('is in the catalog from the first start: created by migration, with no owner and nothing to review', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/catalog', headers: ada.auth });
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json())).toContain(`"slug":"${SLUG}"`);
  });

  it("shows the signed-in user's own profile as a screen the registry knows whole", async () => {
    const res = await proxy('screen', '/');
    expect(res.statusCode).toBe(200);
    const screen = res.json();
    expect(screen).toMatchObject({ type: 'screen', title: 'My profile' });
    const text = JSON.stringify(screen);
    for (const value of ['Ада Лавлейс', 'ada@uni.example', 'ПМ-21']) expect(text).toContain(value);
    expect(validateScreen(screen)).toMatchObject({ unknownWidgets: [], unknownActions: [], problems: [] });
  });

  it('answers its API and a JSON 404 for anything else', async () => {
    expect((await proxy('api', '/profile')).json()).toEqual({
      ok: true,
      profile: { email: 'ada@uni.example', fullName: 'Ада Лавлейс', course: '2', group: 'ПМ-21' },
    });
    const missing = await proxy('screen', '/nothing-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ ok: false, error: 'not_found' });
  });

  it('its internal function answers the service-role key only', async () => {
    const call = { slug: SLUG, path: '/', kind: 'screen', userId: ada.user.id };
    for (const headers of [{}, { authorization: 'Bearer wrong-key' }, ada.auth]) {
      const res = await t.request({ method: 'POST', url: FUNCTION, headers, payload: call });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ ok: false, error: 'unauthorized' });
    }
    const res = await t.request({
      method: 'POST',
      url: FUNCTION,
      headers: { authorization: `Bearer ${t.config.keys.serviceRoleKey}` },
      payload: call,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'screen', title: 'My profile' });
  });

  it('cannot be imitated: users may not register service apps', async () => {
    const dev = await t.login('dev@uni.example');
    await t.request({
      method: 'POST',
      url: '/api/v1/orgs',
      headers: dev.auth,
      payload: { id: 'dev-org', name: 'Dev' },
    });
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/orgs/dev-org/apps',
      headers: dev.auth,
      payload: { slug: 'fake-service', name: 'Fake', sourceKind: 'service' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ ok: false, error: 'service_not_allowed' });
  });
});
