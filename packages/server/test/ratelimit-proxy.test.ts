// The proxy's rate limit as users meet it: 180 requests a minute across all mini-apps, then 429 with Retry-After.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/infra/clock.js';
import { dialects } from './helpers/databases.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { hostedApp, PROXY } from './helpers/proxy-apps.js';

describe.each(dialects)('proxy rate limit on %s', (dialect) => {
  let t: TestPlatform;
  let clock: ManualClock;
  let ann: SignedIn;
  let ben: SignedIn;

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    clock = new ManualClock(Date.now());
    t.platform.clock = clock;
    const dev = await t.login('dev@uni.example');
    ann = await t.login('ann@uni.example');
    ben = await t.login('ben@uni.example');
    await hostedApp(t, dev, {
      org: 'acme',
      slug: 'menu',
      live: [{ path: '/', json: { type: 'screen', children: [] } }],
    });
  });
  afterAll(() => t.close());

  // Two different apps, so the count is shown to be per user across apps.
  const urls = [`${PROXY}/platform/profile-card/screen/`, `${PROXY}/acme/menu/screen/`];
  const get = (who: SignedIn, i = 0) => t.request({ method: 'GET', url: urls[i % 2]!, headers: who.auth });

  it('the 180th request of a minute passes and the 181st is 429 rate_limited with Retry-After', async () => {
    for (let i = 0; i < 179; i++) expect((await get(ann, i)).statusCode).toBe(200);
    clock.advance(20_000);
    expect((await get(ann, 179)).statusCode).toBe(200);
    const refused = await get(ann, 180);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      ok: false,
      error: 'rate_limited',
      details: { retryAfterSeconds: 40 },
    });
    expect(refused.headers['retry-after']).toBe('40');
  });

  it('another user is not affected', async () => {
    expect((await get(ben)).statusCode).toBe(200);
  });

  it('requests without a valid token are not counted against anyone, and are 401 before the limit', async () => {
    const res = await t.request({ method: 'GET', url: urls[0]!, headers: { authorization: 'Bearer nope' } });
    expect(res.statusCode).toBe(401);
  });

  it('slots free as the window slides: one minute after the first burst the user is back', async () => {
    clock.advance(39_999);
    expect((await get(ann)).statusCode).toBe(429);
    clock.advance(1);
    expect((await get(ann)).statusCode).toBe(200);
  });
});
