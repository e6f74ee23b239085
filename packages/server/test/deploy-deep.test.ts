// Regression: deploy bodies nested 10,000 deep answered 500 (stack overflow) instead of a clear refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeQuietly,
  createApp,
  type Developer,
  deploy,
  developer,
  storedScreens,
} from './deploy-fixtures.js';
import { dialects } from './helpers/databases.js';
import { startTestPlatform, type TestPlatform } from './helpers/platform.js';

const DEEP = 10_000;

/** `open` DEEP times, then `inner`, then `close` DEEP times: built as text, as JSON.stringify would overflow. */
function nested(open: string, inner: string, close: string, times = DEEP): string {
  return `${open.repeat(times)}${inner}${close.repeat(times)}`;
}

const deepColumns = nested('{"type":"column","children":[', '{"type":"divider"}', ']}');
const deepData = nested('{"a":[', '1', ']}');
const deepArray = nested('[', '', ']');

describe.each(dialects)('deep deploy bodies on %s', (dialect) => {
  let t: TestPlatform;
  let dev: Developer;

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    dev = await developer(t, 'deep');
    await createApp(t, dev, 'app');
  });
  afterAll(() => closeQuietly(t));

  const bodyWith = (screensText: string, extra = '') =>
    `{"organizationId":"${dev.org}","slug":"app"${extra},"screens":${screensText}}`;
  const oneScreen = (json: string, title = '"Home"') => `[{"path":"/","title":${title},"json":${json}}]`;

  function expectRefused(
    res: { statusCode: number; json(): unknown },
    status: number,
    code: string,
    at: string,
  ) {
    expect(res.statusCode).toBe(status);
    const body = res.json() as { details: { pointer: string }[] };
    expect(body).toMatchObject({ ok: false, error: code });
    expect(body.details[0]?.pointer.startsWith(at)).toBe(true);
  }

  it('refuses a screen nested 10,000 widgets deep with bad_screens and the pointer where the check stopped', async () => {
    const res = await deploy(t, dev.token, bodyWith(oneScreen(deepColumns)));
    expectRefused(res, 422, 'bad_screens', '/screens/0/json/children/0/children/0/');
    expect(res.json().details[0].problem).toContain('deeper than');
  });

  it('refuses 10,000-deep JSON in a data field, in an unknown field and in the title', async () => {
    const inBody = `{"type":"button","text":"Go","onTap":{"actionType":"networkRequest","url":"/x","method":"POST","body":${deepData}}}`;
    expectRefused(
      await deploy(t, dev.token, bodyWith(oneScreen(inBody))),
      422,
      'bad_screens',
      '/screens/0/json/onTap/body/a/0/a/0',
    );
    const inUnknown = `{"type":"screen","extra":${deepData},"children":[]}`;
    expectRefused(
      await deploy(t, dev.token, bodyWith(oneScreen(inUnknown))),
      422,
      'bad_screens',
      '/screens/0/json/extra/a/0',
    );
    const inUnknownWidget = `{"type":"screen","children":[{"type":"mystery","items":[${deepData}]}]}`;
    expectRefused(
      await deploy(t, dev.token, bodyWith(oneScreen(inUnknownWidget))),
      422,
      'bad_screens',
      '/screens/0/json/children/0/items/0/a/0',
    );
    expectRefused(
      await deploy(t, dev.token, bodyWith(oneScreen('{"type":"screen"}', deepData))),
      422,
      'bad_screens',
      '/screens/0/title',
    );
  });

  it('refuses 10,000-deep JSON at the top level of the body with bad_request', async () => {
    expectRefused(
      await deploy(t, dev.token, bodyWith(oneScreen('{"type":"screen"}'), `,"extra":${deepData}`)),
      400,
      'bad_request',
      '/extra',
    );
    const deepOrg = `{"organizationId":${deepData},"slug":"app","screens":${oneScreen('{"type":"screen"}')}}`;
    expectRefused(await deploy(t, dev.token, deepOrg), 400, 'bad_request', '/organizationId');
    const res = await deploy(t, dev.token, deepArray);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, error: 'bad_request' });
    expectRefused(await deploy(t, dev.token, bodyWith(deepArray)), 422, 'bad_screens', '/screens/0/0');
  });

  it('stores nothing for a refused deep deploy and still accepts a normal one afterwards', async () => {
    const before = await storedScreens(t, dev.org, 'app');
    await deploy(t, dev.token, bodyWith(oneScreen(deepColumns)));
    expect((await storedScreens(t, dev.org, 'app')).app.version).toBe(before.app.version);
    const ok = await deploy(t, dev.token, bodyWith(oneScreen('{"type":"screen","children":[]}')));
    expect(ok.statusCode).toBe(200);
  });
});
