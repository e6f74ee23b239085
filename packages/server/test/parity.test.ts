// The same management calls give the same answers on SQLite and PostgreSQL (ids and times aside).
import { describe, expect, it } from 'vitest';
import { dialects, type TestDialect } from './helpers/databases.js';
import { startTestPlatform } from './helpers/platform.js';

/** A fixed script of management calls; returns every answer with volatile values masked. */
async function runScript(dialect: TestDialect): Promise<unknown[]> {
  const t = await startTestPlatform(dialect);
  try {
    const owner = await t.login('owner@uni.example', { fullName: 'Owner' });
    await t.login('member@uni.example');
    const calls: Array<[string, string, object | undefined]> = [
      ['POST', '/api/v1/orgs', { id: 'uni', name: 'University' }],
      ['POST', '/api/v1/orgs', { id: 'uni', name: 'Again' }],
      ['POST', '/api/v1/orgs/uni/members', { email: 'member@uni.example' }],
      [
        'POST',
        '/api/v1/orgs/uni/apps',
        { slug: 'menu', name: 'Menu', sourceKind: 'hosted', scopes: ['profile', 'email'] },
      ],
      [
        'POST',
        '/api/v1/orgs/uni/apps',
        { slug: 'news', name: 'News', sourceKind: 'remote', origin: 'https://news.example.org' },
      ],
      ['POST', '/api/v1/orgs/uni/apps', { slug: 'x', name: 'X', sourceKind: 'hosted' }],
      ['PATCH', '/api/v1/orgs/uni/apps/news', { startPath: '/today' }],
      ['GET', '/api/v1/orgs/uni/apps', undefined],
      ['GET', '/api/v1/orgs/uni', undefined],
      ['POST', '/api/v1/tokens', { name: 'ci' }],
      ['GET', '/api/v1/tokens', undefined],
    ];
    const answers: unknown[] = [];
    for (const [method, url, payload] of calls) {
      const res = await t.request({
        method: method as 'GET',
        url,
        headers: owner.auth,
        ...(payload && { payload }),
      });
      answers.push({ call: `${method} ${url}`, status: res.statusCode, body: mask(res.json()) });
    }
    return answers;
  } finally {
    await t.close();
  }
}

function mask(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(mask);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        /^(id|userId|token|createdAt|updatedAt|lastUsedAt|expiresAt)$/.test(k) && v !== null
          ? `<${k}>`
          : mask(v),
      ]),
    );
  }
  return value;
}

describe.runIf(dialects.includes('postgres'))('dialect parity', () => {
  it('gives identical answers on SQLite and PostgreSQL', async () => {
    const [sqlite, postgres] = await Promise.all([runScript('sqlite'), runScript('postgres')]);
    expect(sqlite).toHaveLength(11);
    expect(postgres).toEqual(sqlite);
  });
});
