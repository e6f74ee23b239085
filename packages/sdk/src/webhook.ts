// Verifies the platform's webhooks (Standard Webhooks): webhook-id, webhook-timestamp, webhook-signature.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type HeaderSource, readHeader } from './headers.js';

/** Standard Webhooks' replay window: a timestamp further than this from now is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type WebhookFailure = 'missing_headers' | 'bad_timestamp' | 'stale_timestamp' | 'bad_signature';

export type WebhookResult<T> =
  | { ok: true; id: string; timestamp: number; event: { type: string; timestamp: string; data: T } }
  | { ok: false; reason: WebhookFailure };

export interface VerifyWebhookOptions {
  /** Seconds since the epoch to compare against; `Date.now()` by default (tests pin it). */
  now?: number;
  toleranceSeconds?: number;
}

/** `v1,<base64 HMAC-SHA256>` over `<id>.<timestamp>.<body>`, keyed by the secret after `whsec_`, base64-decoded. */
export function signWebhook(secret: string, id: string, timestamp: number | string, body: string): string {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * Checks a webhook against its endpoint's secret (`whsec_…`, shown once when the endpoint was made) and
 * returns the parsed event only when the signature and timestamp hold. Pass the body exactly as received:
 * parsed and serialized again, it may not be the same bytes.
 * @example
 * app.post('/hooks', express.text({ type: '*\/*' }), (req, res) => {
 *   const result = verifyWebhook(process.env.WEBHOOK_SECRET!, req.headers, req.body);
 *   if (!result.ok) return res.status(401).end();
 *   if (seen(result.id)) return res.status(200).end(); // retries carry the same webhook-id
 *   handle(result.event);
 *   res.status(204).end();
 * });
 */
export function verifyWebhook<T = unknown>(
  secret: string,
  headers: HeaderSource,
  body: string | Uint8Array,
  options: VerifyWebhookOptions = {},
): WebhookResult<T> {
  const id = readHeader(headers, 'webhook-id');
  const stamp = readHeader(headers, 'webhook-timestamp');
  const signatures = readHeader(headers, 'webhook-signature');
  if (!id || !stamp || !signatures) return { ok: false, reason: 'missing_headers' };
  if (!/^\d{1,12}$/.test(stamp)) return { ok: false, reason: 'bad_timestamp' };
  const timestamp = Number(stamp);
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS))
    return { ok: false, reason: 'stale_timestamp' };
  const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
  const expected = Buffer.from(signWebhook(secret, id, stamp, text).slice(3), 'base64');
  // Several space-separated signatures may come (a secret being rotated); one match is enough.
  const matched = signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matched) return { ok: false, reason: 'bad_signature' };
  return { ok: true, id, timestamp, event: JSON.parse(text) as { type: string; timestamp: string; data: T } };
}
