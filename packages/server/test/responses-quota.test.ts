// The limits on how many responses a hosted app takes, at their edges: 100,000 an app (all its forms together) and
// 10 a minute per user and app; what goes past either is refused and never stored.
import { MAX_RESPONSES_PER_APP, RESPONSES_PER_USER_PER_MINUTE } from '@miniapps/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './helpers/databases.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { hostedApp, PROXY } from './helpers/proxy-apps.js';
import { collectingScreen } from './helpers/response-forms.js';

/** Rows an insert carries: 10 columns each stays under SQLite's and PostgreSQL's bound parameters. */
const BATCH = 3000;

describe.each(dialects)('the response quotas on %s', (dialect) => {
  let t: TestPlatform;
  let dev: SignedIn;
  let ann: SignedIn;
  let ben: SignedIn;

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    dev = await t.login('dev@uni.example');
    ann = await t.login('ann@uni.example');
    ben = await t.login('ben@uni.example');
  }, 60_000);
  afterAll(() => t.close());

  const send = (who: SignedIn, app: string) =>
    t.request({
      method: 'POST',
      url: `${PROXY}/acme/${app}/responses/signup`,
      headers: { ...who.auth, 'content-type': 'application/json' },
      payload: { fullName: 'Анна' },
    });
  const count = async (appId: string) =>
    Number(
      (
        await t.platform.db
          .selectFrom('formResponses')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('appId', '=', appId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it(`keeps the ${MAX_RESPONSES_PER_APP.toLocaleString('en-US')}th response of an app and refuses the next with 422 quota_exceeded, storing nothing`, async () => {
    const appId = await hostedApp(t, dev, {
      org: 'acme',
      slug: 'big',
      live: [{ path: '/', json: collectingScreen('signup') }],
    });
    // All but one, written directly: in a form the app no longer has too, as the quota counts every form.
    const at = '2026-08-01T00:00:00.000Z';
    await t.platform.db.transaction().execute(async (trx) => {
      for (let from = 0; from < MAX_RESPONSES_PER_APP - 1; from += BATCH) {
        const size = Math.min(BATCH, MAX_RESPONSES_PER_APP - 1 - from);
        await trx
          .insertInto('formResponses')
          .values(
            Array.from({ length: size }, (_, i) => ({
              id: `rsp_seed${from + i}`,
              appId,
              form: from + i < 1000 ? 'retired' : 'signup',
              userId: dev.user.id,
              appUserId: 'au_seed',
              appVersion: 1,
              values: '{"fullName":"seed"}',
              profile: '{}',
              createdAt: at,
              updatedAt: at,
            })),
          )
          .execute();
      }
    });
    expect(await count(appId)).toBe(MAX_RESPONSES_PER_APP - 1);
    const last = await send(ann, 'big');
    expect(last.statusCode).toBe(201);
    expect(await count(appId)).toBe(MAX_RESPONSES_PER_APP);
    const over = await send(ben, 'big');
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      ok: false,
      error: 'quota_exceeded',
      details: { quota: 'responses_per_app', limit: MAX_RESPONSES_PER_APP },
    });
    expect(await count(appId)).toBe(MAX_RESPONSES_PER_APP);
    // One deleted by its owners makes room for one more.
    const gone = await t.request({
      method: 'DELETE',
      url: `/api/v1/orgs/acme/apps/big/responses/${last.json().id}`,
      headers: dev.auth,
    });
    expect(gone.statusCode).toBe(200);
    expect((await send(ben, 'big')).statusCode).toBe(201);
    expect((await send(ann, 'big')).statusCode).toBe(422);
  }, 60_000);

  it(`takes ${RESPONSES_PER_USER_PER_MINUTE} responses a minute from a user to an app and refuses the next with 429, storing nothing`, async () => {
    const appId = await hostedApp(t, dev, {
      org: 'acme',
      slug: 'poll',
      live: [{ path: '/', json: collectingScreen('signup') }],
    });
    for (let i = 0; i < RESPONSES_PER_USER_PER_MINUTE; i++) {
      expect((await send(ann, 'poll')).statusCode, `response ${i + 1}`).toBe(201);
    }
    const over = await send(ann, 'poll');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      error: 'rate_limited',
      details: { quota: 'responses_per_user', limit: RESPONSES_PER_USER_PER_MINUTE },
    });
    expect(over.headers['retry-after']).toBeDefined();
    expect(await count(appId)).toBe(RESPONSES_PER_USER_PER_MINUTE);
    // Per user and app: another user of the app is not held back.
    expect((await send(ben, 'poll')).statusCode).toBe(201);
  });
});
