// One delivery attempt: the signed POST through the origins' egress (checked, pinned addresses, no redirects, 10 s).
import type { Egress } from '../egress/agent.js';
import { callOrigin, ORIGIN_LIMITS, originError } from '../egress/call-origin.js';
import { AppError } from '../errors.js';
import { checkWebhookUrl } from './endpoint-url.js';
import { signWebhook } from './signature.js';

/** The 10 s: the same deadline as an origin's answer. */
export const WEBHOOK_TIMEOUT_MS = ORIGIN_LIMITS.deadlineMs;

export interface AttemptOutcome {
  ok: boolean;
  /** The endpoint's HTTP status; null when none came. */
  statusCode: number | null;
  durationMs: number;
  /** An egress error code when no usable answer came (`forbidden_origin`, `origin_redirect`, `origin_timeout`…). */
  error: string | null;
}

export interface Message {
  url: string;
  messageId: string;
  body: string;
  secret: string;
}

/**
 * The URL is checked again (rules may have changed since registration, e.g. INTERNAL_HOSTS), and the name is
 * resolved and checked on the connection itself, so a name that now points somewhere private is refused.
 */
export async function sendWebhook(
  egress: Egress,
  internalHosts: readonly string[],
  message: Message,
  now: () => number,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const done = (statusCode: number | null, error: string | null): AttemptOutcome => ({
    ok: error === null && statusCode !== null && statusCode >= 200 && statusCode < 300,
    statusCode,
    durationMs: Math.round(performance.now() - started),
    error,
  });
  try {
    const target = checkWebhookUrl(message.url, internalHosts);
    const timestamp = Math.floor(now() / 1000);
    const answer = await callOrigin(
      egress.dispatcher,
      {
        origin: target.origin,
        path: target.path,
        method: 'POST',
        headers: [
          'content-type',
          'application/json',
          'user-agent',
          'miniapps-webhooks/1',
          'webhook-id',
          message.messageId,
          'webhook-timestamp',
          String(timestamp),
          'webhook-signature',
          signWebhook(message.secret, message.messageId, timestamp, message.body),
        ],
        body: Buffer.from(message.body, 'utf8'),
      },
      ORIGIN_LIMITS,
    );
    return done(answer.status, null);
  } catch (error) {
    const coded = error instanceof AppError ? error : originError(error as Error);
    const status =
      coded.code === 'origin_redirect' ? ((coded.details as { status?: number })?.status ?? null) : null;
    return done(status, coded.code);
  }
}
