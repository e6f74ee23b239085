// A new user's first requests arrive together (a client opens several screens at once): all succeed, one account.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './helpers/databases.js';
import { startTestPlatform, type TestPlatform } from './helpers/platform.js';

const PARALLEL = 8;

describe.each(dialects)("a new user's parallel first requests on %s", (dialect) => {
  let t: TestPlatform;

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
  });
  afterAll(() => t.close());

  async function countUsers(email: string): Promise<number> {
    const rows = await t.platform.db.selectFrom('users').select('id').where('email', '=', email).execute();
    return rows.length;
  }

  it(`answers ${PARALLEL} parallel first requests of a new token 200, with one account made`, async () => {
    for (let round = 0; round < 5; round++) {
      const sub = randomUUID();
      const email = `first-${round}@uni.example`;
      const token = await t.platform.userTokens.issue!({ sub, email });
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, () =>
          t.request({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } }),
        ),
      );
      expect(answers.map((res) => res.statusCode)).toEqual(Array(PARALLEL).fill(200));
      expect(new Set(answers.map((res) => res.json().user.id))).toEqual(new Set([sub]));
      expect(await countUsers(email)).toBe(1);
    }
  });

  it('still refuses a new subject whose e-mail another account holds, with 401', async () => {
    const holder = await t.login('holder@uni.example');
    const token = await t.platform.userTokens.issue!({ sub: randomUUID(), email: 'holder@uni.example' });
    const res = await t.request({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ ok: false, error: 'unauthorized' });
    expect(await countUsers('holder@uni.example')).toBe(1);
    const own = await t.request({ method: 'GET', url: '/api/v1/me', headers: holder.auth });
    expect(own.json().user.id).toBe(holder.user.id);
  });

  it(`signs one new e-mail in ${PARALLEL} times at once through the dev login, as one account`, async () => {
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        t.request({ method: 'POST', url: '/api/v1/dev/login', payload: { email: 'twice@uni.example' } }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(PARALLEL).fill(200));
    expect(new Set(answers.map((res) => res.json().user.id)).size).toBe(1);
    expect(await countUsers('twice@uni.example')).toBe(1);
  });
});
