// Identity values are made clean where they enter: the dev login body and an identity provider's claims.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanText, courseNumberOf, emailOf } from '../src/auth/profile-values.js';
import { dialects } from './helpers/databases.js';
import { startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { PROXY } from './helpers/proxy-apps.js';

const SECRET = 'an-identity-provider-secret-of-32+chars';

describe('profile value rules', () => {
  it('e-mails: lowercase ASCII, internationalized domains as punycode, everything else refused', () => {
    expect(emailOf('Ivan.Petrov+tag@Uni.Example')).toBe('ivan.petrov+tag@uni.example');
    expect(emailOf('ivan@почта.рф')).toBe('ivan@xn--80a1acny.xn--p1ai');
    for (const bad of [
      'not-an-email',
      'a@b@uni.example',
      'a b@uni.example',
      'x@',
      '@uni.example',
      'ivan@uni.example\n',
      'ivan\r\n@uni.example',
      'иван@uni.example',
      'a@-bad-.example',
      'a@localhost',
      'a..b@uni.example',
      `${'a'.repeat(65)}@uni.example`,
      `a@${'b'.repeat(250)}.example`,
      42,
    ]) {
      expect(emailOf(bad), String(bad)).toBeUndefined();
    }
  });

  it('course numbers: the first number of the value, 1 to 10', () => {
    expect(courseNumberOf('3 курс')).toBe('3');
    expect(courseNumberOf('3rd year')).toBe('3');
    expect(courseNumberOf('Курс 2')).toBe('2');
    expect(courseNumberOf(' 04 ')).toBe('4');
    expect(courseNumberOf(5)).toBe('5');
    for (const none of ['магистратура', '', '0', '2024', '\u0000', undefined, null]) {
      expect(courseNumberOf(none), String(none)).toBeUndefined();
    }
  });

  it('holds the bounds at the limit and one past: 64 characters before the @, 254 in all, courses to 10', () => {
    expect(emailOf(`${'a'.repeat(64)}@uni.example`)).toBe(`${'a'.repeat(64)}@uni.example`);
    expect(emailOf(`${'a'.repeat(65)}@uni.example`)).toBeUndefined();
    // 64 + 1 + a domain of 189 (or 190) characters, in labels of at most 63.
    const address = (lastLabel: number) =>
      `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(lastLabel)}.example`;
    expect(address(53)).toHaveLength(254);
    expect(emailOf(address(53))).toBe(address(53));
    expect(emailOf(address(54))).toBeUndefined();
    expect(courseNumberOf('10')).toBe('10');
    expect(courseNumberOf(11)).toBeUndefined();
    expect(courseNumberOf('1')).toBe('1');
  });

  it('names and groups: controls stripped, spaces collapsed, cut to the bound in code points', () => {
    expect(cleanText('Ivan\u0000\r\nPetrov', 200)).toBe('Ivan Petrov');
    expect(cleanText('  ФИ\u0007-21 \u202e', 100)).toBe('ФИ-21');
    expect(cleanText('\u0000\t', 100)).toBeUndefined();
    expect(cleanText('😀'.repeat(5), 3)).toBe('😀😀😀');
    expect(cleanText('e\u0301', 10)).toBe('é');
    expect(cleanText('علی\u200cرضا', 10)).toBe('علی\u200cرضا');
  });
});

describe.each(dialects)('intake on a platform on %s', (dialect) => {
  let t: TestPlatform;
  let warn: ReturnType<typeof vi.spyOn>;
  beforeAll(async () => {
    t = await startTestPlatform(dialect, { AUTH_JWT_SECRET: SECRET });
    warn = vi.spyOn(t.platform.log, 'warn');
  });
  afterAll(() => t.close());

  const devLogin = (payload: object) => t.request({ method: 'POST', url: '/api/v1/dev/login', payload });
  const droppedCourseLines = (userId: string) =>
    warn.mock.calls.filter(([details]) => (details as { userId?: string }).userId === userId).length;

  it('the dev login refuses an e-mail that is not one with 400 bad_request naming the field', async () => {
    for (const email of ['not-an-email', 'a b@uni.example', 'иван@uni.example', 'a@localhost']) {
      const res = await devLogin({ email });
      expect(res.statusCode, email).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, error: 'bad_request' });
      expect(JSON.stringify(res.json().details)).toContain('email');
    }
    const idn = await devLogin({ email: 'Ivan@Почта.рф' });
    expect(idn.statusCode).toBe(200);
    expect(idn.json().user.email).toBe('ivan@xn--80a1acny.xn--p1ai');
  });

  it('the dev login keeps the course number, cleans names and groups, and logs a course without a number once per user', async () => {
    const res = await devLogin({
      email: 'student@uni.example',
      fullName: 'Ivan\u0007 Petrov\u202e',
      course: '3 курс',
      group: 'ФИ-21\r\n',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ fullName: 'Ivan Petrov', course: '3', group: 'ФИ-21' });
    expect((await devLogin({ email: 'student@uni.example', course: '2nd year' })).json().user.course).toBe(
      '2',
    );

    // A NUL is refused at the door like in any string (http/input-guard.ts), not cleaned.
    const nul = await devLogin({ email: 'student@uni.example', fullName: 'Ivan\u0000 Petrov' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().details[0]).toMatchObject({ in: 'body', pointer: '/fullName', problem: 'bad_text' });

    const first = await devLogin({ email: 'words@uni.example', course: 'магистратура' });
    expect(first.json().user.course).toBeNull();
    await devLogin({ email: 'words@uni.example', course: 'магистратура' });
    await devLogin({ email: 'words@uni.example', course: 'first' });
    expect(droppedCourseLines(first.json().user.id)).toBe(1);
  });

  function providerToken(claims: Record<string, unknown>, sub = randomUUID()) {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(SECRET));
  }
  const me = async (token: string) =>
    t.request({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });

  it('a provider claim that is not an e-mail creates no profile: 401 on every door', async () => {
    const sub = randomUUID();
    const token = await providerToken({ email: 'ivan\r\n@uni.example', name: 'Ivan' }, sub);
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unauthorized', message: expect.stringContaining('e-mail') });
    const proxied = await t.request({
      method: 'GET',
      url: `${PROXY}/acme/app/screen/`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(proxied.statusCode).toBe(401);
    const row = await t.platform.db.selectFrom('users').select('id').where('id', '=', sub).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('provider claims are cleaned like the dev login: course number, names and groups bounded', async () => {
    const res = await me(
      await providerToken({
        email: 'Claims@Uni.Example',
        name: `Иван\u0000 ${'Петров'.repeat(60)}`,
        course: '4 курс',
        group: 'G'.repeat(300),
      }),
    );
    expect(res.statusCode).toBe(200);
    const user = res.json().user;
    expect(user.email).toBe('claims@uni.example');
    expect(user.course).toBe('4');
    expect(user.fullName.startsWith('Иван Петров')).toBe(true);
    expect([...user.fullName].length).toBeLessThanOrEqual(200);
    expect(user.group).toBe('G'.repeat(100));

    const numeric = await me(await providerToken({ email: `${randomUUID()}@uni.example`, course: 2 }));
    expect(numeric.json().user.course).toBe('2');

    const sub = randomUUID();
    const noNumber = await providerToken(
      { email: `${randomUUID()}@uni.example`, course: 'аспирантура' },
      sub,
    );
    expect((await me(noNumber)).json().user.course).toBeNull();
    await me(noNumber);
    expect(droppedCourseLines(sub)).toBe(1);
  });
  it("a provider's new subject with an e-mail another account holds is 401, never that account", async () => {
    const owner = await devLogin({ email: 'taken@uni.example' });
    const res = await me(await providerToken({ email: 'Taken@Uni.Example', name: 'Impostor' }));
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('unauthorized');
    const row = await t.platform.db
      .selectFrom('users')
      .select(['id', 'fullName'])
      .where('email', '=', 'taken@uni.example')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ id: owner.json().user.id, fullName: null });
  });
});
