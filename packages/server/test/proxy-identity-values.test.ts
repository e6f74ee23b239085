// Regression: a stored course such as "3 курс" (or any control character) made every remote app answer
// 502 origin_unreachable for that user; identity values that cannot be header values never fail a request.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './helpers/databases.js';
import { type HttpsOrigin, startHttpsOrigin, testCertificates } from './helpers/https-origin.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { grant, originEnv, PROXY, remoteApp } from './helpers/proxy-apps.js';

/** Profiles as old data may hold them: written straight into the users table, past any intake rule. */
const oldProfiles = [
  { label: 'a course in words', course: '3 курс', fullName: 'Иван Петров', group: 'ФИ-21', sent: '3' },
  {
    label: 'a course with a control character',
    course: '2\r\nX-Injected: 1',
    fullName: 'A',
    group: 'G',
    sent: '2',
  },
  { label: 'a course with no number', course: 'магистратура', fullName: 'B', group: 'G', sent: undefined },
  // PostgreSQL text cannot hold NUL, so old rows hold other controls.
  {
    label: 'a control character alone in the course',
    course: '\u0001',
    fullName: 'C',
    group: 'G',
    sent: undefined,
  },
  {
    label: 'control characters in name and group',
    course: '4',
    fullName: 'Ivan\u0001\r\nPetrov',
    group: 'ФИ\u0007-21',
    sent: '4',
  },
];

describe.each(dialects)('identity values through the proxy on %s', (dialect) => {
  let t: TestPlatform;
  let origin: HttpsOrigin;
  let dev: SignedIn;

  beforeAll(async () => {
    origin = await startHttpsOrigin();
    t = await startTestPlatform(dialect, originEnv(testCertificates().caFile));
    dev = await t.login('dev@uni.example');
    await remoteApp(t, dev, {
      org: 'acme',
      slug: 'profile',
      origin: `https://origin.test:${origin.port}`,
      scopes: ['identity', 'email', 'profile', 'group'],
    });
  });
  afterAll(async () => {
    await t.close();
    await origin.close();
  });

  /** A signed-in user whose stored profile is then overwritten with `values`, as a row from before the rules. */
  async function userWith(values: { email?: string; course: string; fullName: string; group: string }) {
    const user = await t.login(`${randomUUID()}@uni.example`);
    await grant(t, user, 'acme', 'profile', ['identity', 'email', 'profile', 'group']);
    await t.platform.db
      .updateTable('users')
      .set({
        course: values.course,
        fullName: values.fullName,
        groupName: values.group,
        ...(values.email !== undefined && { email: values.email }),
      })
      .where('id', '=', user.user.id)
      .execute();
    return user;
  }

  async function proxiedHeaders(user: SignedIn) {
    const before = origin.requests.length;
    const res = await t.request({ method: 'GET', url: `${PROXY}/acme/profile/screen/`, headers: user.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(origin.requests.length).toBe(before + 1);
    return origin.requests.at(-1)!.headers;
  }

  it.each(oldProfiles)('$label: 200, the course as its number or left out', async (profile) => {
    const user = await userWith(profile);
    const headers = await proxiedHeaders(user);
    expect(headers['x-platform-course']).toBe(profile.sent);
    expect(headers['x-injected']).toBeUndefined();
    // Name and group are base64 of UTF-8 (docs/contract.md "Identity headers"), so any stored text travels, control characters stripped.
    const name = Buffer.from(String(headers['x-platform-name']), 'base64').toString('utf8');
    expect(name).not.toMatch(/\p{Cc}/u);
    expect(headers['x-platform-user']).toBe(user.user.id);
    expect(headers['x-platform-email']).toBe(user.user.email);
    // The user sees the profile the app sees.
    const me = await t.request({ method: 'GET', url: '/api/v1/me', headers: user.auth });
    expect(me.json().user.course).toBe(profile.sent ?? null);
    expect(me.json().user.fullName).toBe(name);
  });

  it('an e-mail that is not a valid header value (or not an e-mail) is left out, the rest still sent', async () => {
    for (const email of ['ivan\r\n@uni.example', 'иван@uni.example', 'not an e-mail']) {
      const user = await userWith({ email, course: '1', fullName: 'D', group: 'G' });
      const headers = await proxiedHeaders(user);
      expect(headers['x-platform-email']).toBeUndefined();
      expect(headers['x-platform-course']).toBe('1');
      expect(headers['x-platform-user']).toBe(user.user.id);
    }
  });
});
