// verifyRequest with signature v2: the shared vectors, what a change to any covered part does, rotation, requireV2.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signAppUser, verifyRequest } from '../src/index.js';

interface Vector {
  name: string;
  secret: string;
  previousSecret?: string;
  timestamp: string;
  method: string;
  target: string;
  body: string;
  headers: Record<string, string>;
  signatureV2: string;
}

const vectors = (
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../test-vectors/signature-v2.json'), 'utf8')) as {
    vectors: Vector[];
  }
).vectors;

/** The headers an origin receives for a vector: identity, timestamp, v1 and v2. */
function received(v: Vector): Record<string, string> {
  const appUser = v.headers['x-platform-app-user']!;
  return {
    ...v.headers,
    'x-platform-timestamp': v.timestamp,
    'x-platform-signature': signAppUser(v.secret, appUser, v.timestamp),
    'x-platform-signature-v2': v.signatureV2,
  };
}
const requestOf = (v: Vector) => ({ method: v.method, target: v.target, body: v.body });
const now = (v: Vector) => Number(v.timestamp) * 1000;

describe('verifyRequest with signature v2', () => {
  it.each(vectors.map((v) => [v.name, v] as const))('accepts the vector: %s', (_name, v) => {
    const result = verifyRequest(received(v), { secret: v.secret, now: now(v), request: requestOf(v) });
    expect(result).toMatchObject({ ok: true, version: 2, header: 'x-platform-signature-v2' });
    if (result.ok) expect(result.verified).toEqual(result.identity);
    // The raw body as bytes gives the same answer as the string.
    const bytes = { ...requestOf(v), body: Buffer.from(v.body, 'utf8') };
    expect(verifyRequest(received(v), { secret: v.secret, now: now(v), request: bytes }).ok).toBe(true);
  });

  const full = vectors.find((v) => v.headers['x-platform-email'] !== undefined && !v.previousSecret)!;
  const base = { secret: full.secret, now: now(full) };

  it.each([
    ['method', { ...requestOf(full), method: 'POST' }, {}],
    ['target', { ...requestOf(full), target: `${full.target}&admin=1` }, {}],
    ['body', { ...requestOf(full), body: '{"ok":false}' }, {}],
    ['an identity header', requestOf(full), { 'x-platform-email': 'someone.else@example.edu' }],
    ['an added X-Platform-* header', requestOf(full), { 'x-platform-start-param': 'x' }],
  ] as const)('refuses a request whose %s changed, though v1 still matches', (_what, request, extra) => {
    const result = verifyRequest({ ...received(full), ...extra }, { ...base, request });
    expect(result).toMatchObject({ ok: false, reason: 'bad_signature' });
    // Without the request, only v1 is checked: it passes, and only the app-user id counts as verified.
    const v1 = verifyRequest({ ...received(full), ...extra }, base);
    expect(v1).toMatchObject({
      ok: true,
      version: 1,
      verified: { appUserId: full.headers['x-platform-app-user'] },
    });
    if (v1.ok) expect(v1.verified).toEqual({ appUserId: v1.identity.appUserId, scopes: [] });
  });

  it('a rotation pair: either secret verifies the request', () => {
    const pair = vectors.find((v) => v.previousSecret !== undefined)!;
    const request = requestOf(pair);
    const old = verifyRequest(received(pair), { secret: pair.previousSecret!, now: now(pair), request });
    expect(old).toMatchObject({ ok: true, version: 2, secret: 'current' });
    const both = { secret: 'mapp_ss_newer', previousSecret: pair.secret, now: now(pair), request };
    expect(verifyRequest(received(pair), both)).toMatchObject({ ok: true, version: 2, secret: 'previous' });
  });

  it('a v2 whose t differs from X-Platform-Timestamp is refused', () => {
    const headers = { ...received(full), 'x-platform-timestamp': String(Number(full.timestamp) + 1) };
    expect(verifyRequest(headers, { ...base, request: requestOf(full) }).ok).toBe(false);
  });

  it('a malformed v2 is refused, never passed on to v1', () => {
    const [t, v2] = full.signatureV2.split(',') as [string, string];
    for (const value of [t, v2, `${t},v1=${v2.slice(3)}`, `${v2},${t}`, `${t},${v2},x=1`]) {
      const headers = { ...received(full), 'x-platform-signature-v2': value };
      expect(verifyRequest(headers, { ...base, request: requestOf(full) }), value).toMatchObject({
        ok: false,
        reason: 'bad_signature',
      });
    }
    // An empty header counts as absent (as every header does): v1 decides, and requireV2 refuses.
    const empty = { ...received(full), 'x-platform-signature-v2': '' };
    expect(verifyRequest(empty, { ...base, request: requestOf(full) })).toMatchObject({
      ok: true,
      version: 1,
    });
    expect(verifyRequest(empty, { ...base, request: requestOf(full), requireV2: true })).toMatchObject({
      ok: false,
      reason: 'missing_signature_v2',
    });
    // The second value counts too: a wrong one first and the right one after it verifies.
    const second = { ...received(full), 'x-platform-signature-v2': `${t},v2=${'0'.repeat(64)},${v2}` };
    expect(verifyRequest(second, { ...base, request: requestOf(full) })).toMatchObject({
      ok: true,
      version: 2,
    });
  });

  it('requireV2 refuses a v1-only request and needs the request parts', () => {
    const { 'x-platform-signature-v2': _v2, ...v1Only } = received(full);
    expect(verifyRequest(v1Only, { ...base, request: requestOf(full), requireV2: true })).toMatchObject({
      ok: false,
      reason: 'missing_signature_v2',
    });
    expect(verifyRequest(received(full), { ...base, request: requestOf(full), requireV2: true }).ok).toBe(
      true,
    );
    expect(() => verifyRequest(received(full), { ...base, requireV2: true })).toThrow(TypeError);
  });

  it('a Fetch Headers object works the same', () => {
    const headers = new Headers(received(full));
    expect(verifyRequest(headers, { ...base, request: requestOf(full) })).toMatchObject({
      ok: true,
      version: 2,
    });
  });
});

describe('the plain-Node verifier of docs/signing.md', () => {
  it('accepts every shared vector and refuses a changed body', async () => {
    const doc = readFileSync(resolve(import.meta.dirname, '../../../docs/signing.md'), 'utf8');
    const code = /A verifier in plain Node[^\n]*\n\n```js\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(code?.split('\n').length).toBeLessThanOrEqual(21);
    const module = (await import(`data:text/javascript,${encodeURIComponent(code!)}`)) as {
      verifyV2: (req: unknown, body: Buffer, secret: string, now: number) => boolean;
    };
    for (const v of vectors) {
      const req = { method: v.method, url: v.target, headers: received(v) };
      expect(module.verifyV2(req, Buffer.from(v.body), v.secret, now(v))).toBe(true);
      expect(module.verifyV2(req, Buffer.from(`${v.body} `), v.secret, now(v))).toBe(false);
    }
  });
});
