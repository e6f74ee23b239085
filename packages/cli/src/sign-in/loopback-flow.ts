// Sign-in through the browser on this computer (RFC 8252): a redirect to a one-time listener on 127.0.0.1, PKCE S256.
import { spawn } from 'node:child_process';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';
import { CliError, EXIT } from '../cli-error.js';
import { render, type Translate, text } from '../i18n/messages.js';
import type { Io } from '../io.js';
import { type ProviderRef, providerFailure } from './provider.js';

type TokenResponse = oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers;

/** How long the listener waits for the browser to come back: a person who walked away signs in again later. */
export const LOOPBACK_WAIT_MS = 10 * 60_000;
const CALLBACK_PATH = '/callback';

/**
 * Listens on a random port of 127.0.0.1 (the literal address, not `localhost`, which may resolve elsewhere),
 * sends the person to the provider, and trades the code that comes back for tokens. Only the first callback
 * counts; the state, the nonce and the PKCE verifier tie it to this run.
 */
export async function loopbackSignIn(
  io: Io,
  t: Translate,
  config: oidc.Configuration,
  ref: ProviderRef,
  scopes: readonly string[],
  openBrowser: boolean,
): Promise<TokenResponse> {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  let settle: (outcome: { tokens: TokenResponse } | { error: unknown }) => void = () => {};
  const outcome = new Promise<{ tokens: TokenResponse } | { error: unknown }>((resolve) => {
    settle = resolve;
  });
  let answered = false;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? '127.0.0.1'}`);
    // A visit without the provider's answer (a prefetch, a reload by hand) does not use up the one callback.
    const isAnswer = url.searchParams.has('code') || url.searchParams.has('error');
    if (url.pathname !== CALLBACK_PATH || !isAnswer || answered) {
      page(response, 404, t('signin.page.not_here'));
      return;
    }
    answered = true;
    void callback(url).then(
      (tokens) => {
        page(response, 200, t('signin.page.done'));
        settle({ tokens });
      },
      (error) => {
        const failure = providerFailure(error, ref.issuer);
        page(response, 400, `${t('signin.page.failed')} ${render(t, failure.text)}`);
        settle({ error: failure });
      },
    );
  });
  const callback = (url: URL) =>
    oidc.authorizationCodeGrant(config, new URL(`${redirectUri}${url.search}`), {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}${CALLBACK_PATH}`;
  try {
    const address = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: scopes.join(' '),
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    io.stderr(
      `${t(openBrowser ? 'signin.browser.opening' : 'signin.browser.open', { uri: address.href })}\n`,
    );
    if (openBrowser) launchBrowser(io, address.href);
    io.stderr(`${t('signin.browser.waiting')}\n`);
    let timer: NodeJS.Timeout | undefined;
    const result = await Promise.race([
      outcome,
      io.interrupted.then(() => ({
        error: new CliError(text('signin.cancelled'), EXIT.interrupted, 'sign_in_cancelled'),
      })),
      new Promise<{ error: unknown }>((resolve) => {
        timer = setTimeout(
          () =>
            resolve({
              error: new CliError(text('signin.browser.timeout'), EXIT.failure, 'code_expired', [
                text('signin.again'),
              ]),
            }),
          LOOPBACK_WAIT_MS,
        );
      }),
    ]);
    clearTimeout(timer);
    if ('error' in result) throw providerFailure(result.error, ref.issuer);
    return result.tokens;
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

function page(response: ServerResponse, status: number, message: string): void {
  const escaped = message.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
  });
  response.end(`<!doctype html><meta charset="utf-8"><title>miniapps</title><p>${escaped}</p>\n`);
}

/**
 * Opens the address in the default browser: BROWSER when set (as git and Python read it), else the system's
 * opener. Failing to open is no error: the address is printed above for the person to open by hand.
 */
function launchBrowser(io: Io, address: string): void {
  const [command, args] = io.env.BROWSER
    ? [io.env.BROWSER, [address]]
    : process.platform === 'darwin'
      ? ['open', [address]]
      : process.platform === 'win32'
        ? // Not `cmd /c start`: cmd would read the address's `&`s as command separators.
          ['rundll32', ['url.dll,FileProtocolHandler', address]]
        : ['xdg-open', [address]];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // printed above
  }
}
