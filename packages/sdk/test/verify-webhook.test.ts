// verifyWebhook: the Standard Webhooks reference vector, each refusal at its edge, and a rotation's second signature.
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook, WEBHOOK_TOLERANCE_SECONDS } from '../src/index.js';

// The vector the Standard Webhooks reference libraries test against.
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const T = 1614265330;
const body = '{"test": 2432232314}';
const signature = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';
const headers = (extra: Record<string, string> = {}) => ({
  'webhook-id': id,
  'webhook-timestamp': String(T),
  'webhook-signature': signature,
  ...extra,
});

describe('verifyWebhook', () => {
  it('signs the reference vector exactly', () => {
    expect(signWebhook(secret, id, T, body)).toBe(signature);
  });

  it('accepts the reference delivery and returns the parsed event and its id', () => {
    const result = verifyWebhook(secret, headers(), body, { now: T });
    expect(result).toEqual({ ok: true, id, timestamp: T, event: { test: 2432232314 } });
  });

  it('reads Fetch Headers and byte bodies too', () => {
    const result = verifyWebhook(secret, new Headers(headers()), new TextEncoder().encode(body), { now: T });
    expect(result.ok).toBe(true);
  });

  it(`accepts a timestamp ${WEBHOOK_TOLERANCE_SECONDS} s away either way and refuses one second more`, () => {
    expect(verifyWebhook(secret, headers(), body, { now: T + 300 }).ok).toBe(true);
    expect(verifyWebhook(secret, headers(), body, { now: T - 300 }).ok).toBe(true);
    expect(verifyWebhook(secret, headers(), body, { now: T + 301 })).toEqual({
      ok: false,
      reason: 'stale_timestamp',
    });
    expect(verifyWebhook(secret, headers(), body, { now: T - 301 })).toEqual({
      ok: false,
      reason: 'stale_timestamp',
    });
  });

  it('refuses a changed body, id or timestamp, and another secret', () => {
    const refused = { ok: false, reason: 'bad_signature' };
    expect(verifyWebhook(secret, headers(), '{"test": 2432232315}', { now: T })).toEqual(refused);
    expect(verifyWebhook(secret, headers({ 'webhook-id': 'msg_other' }), body, { now: T })).toEqual(refused);
    expect(verifyWebhook(secret, headers({ 'webhook-timestamp': String(T + 1) }), body, { now: T })).toEqual(
      refused,
    );
    const other = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSx';
    expect(verifyWebhook(other, headers(), body, { now: T })).toEqual(refused);
  });

  it('accepts when one of several space-separated signatures matches, and ignores other versions', () => {
    const several = `v1a,abc v1,${Buffer.alloc(32).toString('base64')} ${signature}`;
    expect(verifyWebhook(secret, headers({ 'webhook-signature': several }), body, { now: T }).ok).toBe(true);
  });

  it('refuses missing headers and a timestamp that is not a number', () => {
    const { 'webhook-id': _, ...noId } = headers();
    expect(verifyWebhook(secret, noId, body, { now: T })).toEqual({ ok: false, reason: 'missing_headers' });
    expect(verifyWebhook(secret, headers({ 'webhook-timestamp': '1e9' }), body, { now: T })).toEqual({
      ok: false,
      reason: 'bad_timestamp',
    });
  });
});
