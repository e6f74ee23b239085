// verifyRequest against the contract's reference behaviour: every refusal reason at its edge, and acceptance.
import { describe, expect, it } from 'vitest';
import { signAppUser, verifyRequest } from '../src/index.js';
import { signedHeaders, vectors } from './helpers.js';

const secret = 'mapp_ss_6a1f0c9e2b7d4a3c8e5f1b0d9c2a7e4f6b3d8c1a5e0f9b2d';
const T = 1_750_000_000; // Unix seconds
const at = (seconds: number) => ({ secret, now: seconds * 1000 });

describe('signature vectors', () => {
  it.each(vectors)('signAppUser: $name', (v) => {
    expect(signAppUser(v.secret, v.appUserId, v.timestamp)).toBe(v.signature);
  });

  it.each(vectors)('verifyRequest accepts: $name', (v) => {
    const headers = {
      'x-platform-app-user': v.appUserId,
      'x-platform-timestamp': v.timestamp,
      'x-platform-signature': v.signature,
    };
    const result = verifyRequest(headers, { secret: v.secret, now: Number(v.timestamp) * 1000 });
    expect(result).toMatchObject({ ok: true, identity: { appUserId: v.appUserId } });
  });
});

describe('verifyRequest', () => {
  it('accepts a signed request and decodes the identity (base64 UTF-8 name and group)', () => {
    const result = verifyRequest(signedHeaders(secret, T), at(T));
    expect(result).toEqual({
      ok: true,
      timestamp: T,
      secret: 'current',
      header: 'x-platform-signature',
      // v1 covers only the app-user id: the rest is as sent, not verified.
      version: 1,
      verified: { appUserId: 'au_0123456789abcdef', scopes: [] },
      identity: {
        appUserId: 'au_0123456789abcdef',
        scopes: ['identity', 'email', 'profile', 'group'],
        userId: '6f1c1c2e-8d1a-4c55-9a55-0f5b9a3e2a10',
        email: 'ada@uni.example',
        name: 'Ада Лавлейс',
        course: '2',
        group: 'ПМ-21',
      },
    });
  });

  it('leaves out what the user did not grant', () => {
    const headers = signedHeaders(secret, T);
    for (const name of ['x-platform-user', 'x-platform-email', 'x-platform-name', 'x-platform-course']) {
      delete headers[name];
    }
    headers['x-platform-scopes'] = 'group';
    const result = verifyRequest(headers, at(T));
    expect(result.ok && result.identity).toEqual({
      appUserId: 'au_0123456789abcdef',
      scopes: ['group'],
      group: 'ПМ-21',
    });
  });

  it.each([
    ['x-platform-app-user', 'missing_app_user'],
    ['x-platform-timestamp', 'missing_timestamp'],
    ['x-platform-signature', 'missing_signature'],
  ])('refuses when %s is missing or empty (%s)', (header, reason) => {
    const missing = signedHeaders(secret, T);
    delete missing[header];
    expect(verifyRequest(missing, at(T))).toMatchObject({ ok: false, reason });
    expect(verifyRequest({ ...signedHeaders(secret, T), [header]: '' }, at(T))).toMatchObject({
      ok: false,
      reason,
    });
  });

  it('refuses when only the previous-signature header is sent', () => {
    const headers = signedHeaders(secret, T);
    headers['x-platform-signature-prev'] = headers['x-platform-signature']!;
    delete headers['x-platform-signature'];
    expect(verifyRequest(headers, at(T))).toMatchObject({ ok: false, reason: 'missing_signature' });
  });

  it('takes timestamps of 1 to 12 digits and refuses anything else', () => {
    const withTs = (ts: string, now: number) =>
      verifyRequest(
        {
          'x-platform-app-user': 'au_1',
          'x-platform-timestamp': ts,
          'x-platform-signature': signAppUser(secret, 'au_1', ts),
        },
        { secret, now: now * 1000 },
      );
    expect(withTs('7', 7)).toMatchObject({ ok: true, timestamp: 7 });
    expect(withTs('999999999999', 999_999_999_999)).toMatchObject({ ok: true });
    for (const bad of ['1000000000000', '-1', '+1', '1.5', '1e9', ' 17', 'abc', '0x10', '１２']) {
      expect(withTs(bad, T), bad).toMatchObject({ ok: false, reason: 'bad_timestamp' });
    }
  });

  it('accepts a timestamp exactly 300 s old or ahead, and refuses 301', () => {
    expect(verifyRequest(signedHeaders(secret, T - 300), at(T))).toMatchObject({ ok: true });
    expect(verifyRequest(signedHeaders(secret, T + 300), at(T))).toMatchObject({ ok: true });
    expect(verifyRequest(signedHeaders(secret, T - 301), at(T))).toMatchObject({
      ok: false,
      reason: 'stale_timestamp',
    });
    expect(verifyRequest(signedHeaders(secret, T + 301), at(T))).toMatchObject({
      ok: false,
      reason: 'future_timestamp',
    });
  });

  it('honours toleranceSeconds and a clock function', () => {
    const options = { secret, toleranceSeconds: 30, now: () => new Date((T + 31) * 1000) };
    expect(verifyRequest(signedHeaders(secret, T + 1), options)).toMatchObject({ ok: true });
    expect(verifyRequest(signedHeaders(secret, T), options)).toMatchObject({
      ok: false,
      reason: 'stale_timestamp',
      message: 'The request was signed more than 30 seconds ago.',
    });
  });

  it('refuses a signature by another secret, of another length, in capitals or one character off', () => {
    const good = signedHeaders(secret, T)['x-platform-signature']!;
    const flipped = (good[0] === 'a' ? 'b' : 'a') + good.slice(1);
    for (const forged of [
      signAppUser('another secret', 'au_0123456789abcdef', T),
      good.slice(0, -1),
      `${good}0`,
      good.toUpperCase(),
      flipped,
      'x',
    ]) {
      const result = verifyRequest({ ...signedHeaders(secret, T), 'x-platform-signature': forged }, at(T));
      expect(result, forged).toMatchObject({ ok: false, reason: 'bad_signature' });
    }
  });

  it('refuses a signature replayed for another user or another second', () => {
    const headers = signedHeaders(secret, T);
    expect(verifyRequest({ ...headers, 'x-platform-app-user': 'au_other' }, at(T))).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    });
    expect(verifyRequest({ ...headers, 'x-platform-timestamp': String(T + 1) }, at(T))).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('accepts the previous-signature header when the platform has rotated and you have not', () => {
    const rotatedTo = 'mapp_ss_the-new-one';
    const headers = signedHeaders(rotatedTo, T, {
      'x-platform-signature-prev': signAppUser(secret, 'au_0123456789abcdef', T),
    });
    expect(verifyRequest(headers, at(T))).toMatchObject({
      ok: true,
      secret: 'current',
      header: 'x-platform-signature-prev',
    });
    delete headers['x-platform-signature-prev'];
    expect(verifyRequest(headers, at(T))).toMatchObject({ ok: false, reason: 'bad_signature' });
  });

  it('accepts a request signed with your previous secret while you keep it', () => {
    const headers = signedHeaders('old secret', T);
    expect(verifyRequest(headers, { ...at(T), previousSecret: 'old secret' })).toMatchObject({
      ok: true,
      secret: 'previous',
      header: 'x-platform-signature',
    });
    expect(verifyRequest(headers, at(T))).toMatchObject({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a signed request whose name or group is not base64 of UTF-8', () => {
    for (const [header, value] of [
      ['x-platform-name', 'not base64!'],
      ['x-platform-name', 'QQ'],
      ['x-platform-group', Buffer.from([0xff, 0xfe]).toString('base64')],
    ] as const) {
      const result = verifyRequest({ ...signedHeaders(secret, T), [header]: value }, at(T));
      expect(result, `${header}: ${value}`).toMatchObject({
        ok: false,
        reason: 'bad_identity_header',
        message: `${header} is not valid base64 of UTF-8 text.`,
      });
    }
    expect(verifyRequest({ ...signedHeaders(secret, T), 'x-platform-name': 'QQ==' }, at(T))).toMatchObject({
      ok: true,
      identity: { name: 'A' },
    });
  });

  it('reads Fetch Headers, Node header objects and names in any case', () => {
    const plain = signedHeaders(secret, T);
    const fetchHeaders = new Headers(plain);
    const shouting = Object.fromEntries(Object.entries(plain).map(([k, v]) => [k.toUpperCase(), v]));
    for (const headers of [fetchHeaders, shouting]) {
      expect(verifyRequest(headers, at(T))).toMatchObject({ ok: true, identity: { name: 'Ада Лавлейс' } });
    }
    const repeated = { ...plain, 'x-platform-signature': [plain['x-platform-signature']!, 'f00'] };
    expect(verifyRequest(repeated, at(T))).toMatchObject({ ok: false, reason: 'bad_signature' });
  });

  it('throws on a missing secret or a bad tolerance: a setup bug, not a refusal', () => {
    const headers = signedHeaders(secret, T);
    expect(() => verifyRequest(headers, { secret: '' })).toThrow(TypeError);
    expect(() => verifyRequest(headers, { secret, previousSecret: '' })).toThrow(TypeError);
    expect(() => verifyRequest(headers, { secret, toleranceSeconds: -1 })).toThrow(TypeError);
  });
});
