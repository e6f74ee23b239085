// Sign-in with the device authorization grant (RFC 8628): a code to enter on any device, then the wait for it.
import * as oidc from 'openid-client';
import { CliError, EXIT } from '../cli-error.js';
import { type Translate, text } from '../i18n/messages.js';
import type { Io } from '../io.js';
import { oauthError, type ProviderRef, providerFailure } from './provider.js';

type TokenResponse = oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers;

/** Whether the provider offers the device grant at all; the client may still be refused it (`unauthorized_client`). */
export function offersDeviceFlow(config: oidc.Configuration): boolean {
  return typeof config.serverMetadata().device_authorization_endpoint === 'string';
}

/**
 * Asks for a device code; undefined when this client may not use the grant (the caller then redirects through
 * the browser instead).
 */
export async function startDeviceFlow(
  config: oidc.Configuration,
  ref: ProviderRef,
  scopes: readonly string[],
): Promise<oidc.DeviceAuthorizationResponse | undefined> {
  try {
    return await oidc.initiateDeviceAuthorization(config, { scope: scopes.join(' ') });
  } catch (error) {
    const refusal = oauthError(error);
    if (refusal === 'unauthorized_client' || refusal === 'invalid_grant') return undefined;
    throw providerFailure(error, ref.issuer);
  }
}

/**
 * Shows the code and the address, then polls until the person confirms, refuses, lets the code run out, or
 * presses Ctrl-C. The wait is a live line on a terminal (time left), one line otherwise.
 */
export async function finishDeviceFlow(
  io: Io,
  t: Translate,
  config: oidc.Configuration,
  ref: ProviderRef,
  device: oidc.DeviceAuthorizationResponse,
): Promise<TokenResponse> {
  io.stderr(`${t('signin.device.open', { uri: device.verification_uri })}\n`);
  io.stderr(`${t('signin.device.code', { code: device.user_code })}\n`);
  if (device.verification_uri_complete) {
    io.stderr(`${t('signin.device.direct', { uri: device.verification_uri_complete })}\n`);
  }
  const deadline = Date.now() + device.expires_in * 1000;
  const cancel = new AbortController();
  void io.interrupted.then(() => cancel.abort());
  const expiry = AbortSignal.timeout(device.expires_in * 1000);
  const stopProgress = waitingLine(io, t, deadline);
  try {
    const stop = AbortSignal.any([cancel.signal, expiry]);
    // The library looks at the signal between waits of up to 5 s; Ctrl-C should not wait that long.
    const stopped = new Promise<never>((_, reject) =>
      stop.addEventListener('abort', () => reject(stop.reason)),
    );
    stopped.catch(() => {}); // once the poll has won, a later expiry is nobody's concern
    return await Promise.race([
      oidc.pollDeviceAuthorizationGrant(config, device, undefined, { signal: stop }),
      stopped,
    ]);
  } catch (error) {
    if (cancel.signal.aborted) {
      throw new CliError(text('signin.cancelled'), EXIT.interrupted, 'sign_in_cancelled');
    }
    if (expiry.aborted) throw providerFailure({ error: 'expired_token' }, ref.issuer);
    throw providerFailure(error, ref.issuer);
  } finally {
    stopProgress();
  }
}

/** The waiting line: redrawn each second on a terminal with the minutes and seconds left; one line otherwise. */
function waitingLine(io: Io, t: Translate, deadline: number): () => void {
  const left = () => {
    const seconds = Math.max(0, Math.round((deadline - Date.now()) / 1000));
    return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  };
  if (!io.stderrIsTTY) {
    io.stderr(`${t('signin.device.waiting', { left: left() })}\n`);
    return () => {};
  }
  const frames = ['|', '/', '-', '\\'];
  let frame = 0;
  const draw = () =>
    io.stderr(`\r${frames[frame++ % frames.length]} ${t('signin.device.waiting', { left: left() })}  `);
  draw();
  const timer = setInterval(draw, 1000);
  return () => {
    clearInterval(timer);
    io.stderr('\r\x1b[2K');
  };
}
