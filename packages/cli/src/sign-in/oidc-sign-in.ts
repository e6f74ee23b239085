// `miniapps login` at the platform's identity provider: asks the platform which one, then the device grant when the
// provider offers it, else the browser redirect; answers the tokens to keep.
import { platformApi } from '../api-client.js';
import type { OidcSignIn } from '../config-file.js';
import type { Translate } from '../i18n/messages.js';
import type { Io } from '../io.js';
import type { Settings } from '../settings.js';
import { finishDeviceFlow, offersDeviceFlow, startDeviceFlow } from './device-flow.js';
import { loopbackSignIn } from './loopback-flow.js';
import { discoverProvider } from './provider.js';
import { signInRecord } from './saved-sign-in.js';

export interface SignInChoices {
  /** The browser redirect even where the provider offers device codes (a person at this computer). */
  browser: boolean;
  /** Start the browser for the redirect; the address is printed either way. */
  openBrowser: boolean;
}

export async function oidcSignIn(
  io: Io,
  t: Translate,
  settings: Settings,
  choices: SignInChoices,
): Promise<{ userToken: string; oidc: OidcSignIn }> {
  const found = await platformApi(settings).request('GET /api/v1/auth/cli');
  const ref = { issuer: found.issuer, clientId: found.clientId };
  const config = await discoverProvider(ref);
  const device =
    !choices.browser && offersDeviceFlow(config)
      ? await startDeviceFlow(config, ref, found.scopes)
      : undefined;
  const tokens = device
    ? await finishDeviceFlow(io, t, config, ref, device)
    : await loopbackSignIn(io, t, config, ref, found.scopes, choices.openBrowser);
  return signInRecord(ref, tokens);
}
