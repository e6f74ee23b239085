// The identity provider the platform names: its discovered configuration, and its failures said so a person can act.
import * as oidc from 'openid-client';
import { CliError, EXIT } from '../cli-error.js';
import { text } from '../i18n/messages.js';

export interface ProviderRef {
  issuer: string;
  clientId: string;
}

/** Plain http only to a provider on this machine (a test or a local Keycloak); anywhere else it must be https. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const TIMEOUT_SECONDS = 30;

/** Reads the provider's discovery document; a public client (no secret), as a CLI cannot keep one. */
export async function discoverProvider(ref: ProviderRef): Promise<oidc.Configuration> {
  const issuer = new URL(ref.issuer);
  const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
  try {
    return await oidc.discovery(issuer, ref.clientId, undefined, oidc.None(), {
      timeout: TIMEOUT_SECONDS,
      ...(insecure && { execute: [oidc.allowInsecureRequests] }),
    });
  } catch (error) {
    throw providerFailure(error, ref.issuer);
  }
}

/** The OAuth error code of a provider's refusal (`access_denied`, `expired_token`…), if it is one. */
export function oauthError(error: unknown): string | undefined {
  const e = error as { error?: unknown; cause?: unknown };
  if (typeof e?.error === 'string') return e.error;
  if (e?.cause instanceof URLSearchParams) return e.cause.get('error') ?? undefined;
  return undefined;
}

/**
 * A failure of the sign-in in words a person can act on: the provider down, the person said no, the code ran
 * out, the clocks disagree; anything else is the provider's refusal with its own description.
 */
export function providerFailure(error: unknown, issuer: string): CliError {
  if (error instanceof CliError) return error;
  const code = (error as { code?: string }).code;
  const refusal = oauthError(error);
  if (refusal === 'access_denied') {
    return new CliError(text('signin.denied'), EXIT.failure, 'sign_in_cancelled', [text('signin.again')]);
  }
  if (refusal === 'expired_token') {
    return new CliError(text('signin.code_expired'), EXIT.failure, 'code_expired', [text('signin.again')]);
  }
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') {
    return new CliError(text('signin.clock_skew', { issuer }), EXIT.failure, 'clock_skew', [
      text('signin.clock_skew_hint', { now: new Date().toISOString() }),
    ]);
  }
  if (refusal !== undefined) {
    const description = (error as { error_description?: string }).error_description;
    return new CliError(
      text('signin.refused', { issuer, error: description ? `${refusal}: ${description}` : refusal }),
      EXIT.failure,
      'sign_in_refused',
      [text('signin.again')],
    );
  }
  const unreachable =
    error instanceof TypeError ||
    code === 'OAUTH_TIMEOUT' ||
    code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' ||
    code === 'OAUTH_RESPONSE_IS_NOT_JSON';
  const reason = causeOf(error);
  if (unreachable) {
    return new CliError(text('signin.idp_unreachable', { issuer, reason }), EXIT.failure, 'idp_unreachable', [
      text('signin.idp_unreachable_hint'),
    ]);
  }
  return new CliError(text('signin.failed', { issuer, reason }), EXIT.failure, 'sign_in_failed', [
    text('signin.again'),
  ]);
}

/** The innermost reason of a failure: `ECONNREFUSED` rather than "fetch failed". */
function causeOf(error: unknown): string {
  let current = error as { message?: string; code?: string; cause?: unknown } | undefined;
  let reason = String((error as Error)?.message ?? error);
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current.code === 'string' && !current.code.startsWith('OAUTH_')) return current.code;
    if (typeof current.message === 'string' && current.message) reason = current.message;
    current = current.cause as typeof current;
  }
  return reason;
}
