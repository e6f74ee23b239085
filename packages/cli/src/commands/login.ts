// miniapps login: signs in at the platform's identity provider (device code or browser), through the dev login by
// e-mail, or with a JWT on stdin, and keeps the token for this platform.
import { platformApi } from '../api-client.js';
import { CliError, EXIT, usageError } from '../cli-error.js';
import { type Command, emit, flag, stringOption } from '../command.js';
import { forgetCredentials, type OidcSignIn, saveCredentials } from '../config-file.js';
import { render, text } from '../i18n/messages.js';
import { resolveSettings } from '../settings.js';
import { oidcSignIn } from '../sign-in/oidc-sign-in.js';

export const loginCommand: Command = {
  name: 'login',
  options: {
    browser: { type: 'boolean' },
    'no-open': { type: 'boolean' },
    email: { type: 'string', value: '<address>' },
    name: { type: 'string', value: '<full name>' },
    moderator: { type: 'boolean' },
    'with-token': { type: 'boolean' },
  },
  examples: [
    'miniapps login --url https://apps.uni.example',
    'miniapps login --browser',
    'miniapps login --email dev@uni.example',
    'miniapps login --email moderator@uni.example --moderator',
    'miniapps login --url https://apps.uni.example --with-token < jwt.txt',
  ],
  async run(io, parsed, t) {
    const settings = resolveSettings(io, stringOption(parsed, 'url'));
    const email = stringOption(parsed, 'email');
    const withToken = flag(parsed, 'with-token');
    if (withToken && email !== undefined) throw usageError(t('login.one_way'));
    if (flag(parsed, 'moderator') && email === undefined) throw usageError(t('login.moderator_dev_only'));
    let token: string;
    let signIn: OidcSignIn | undefined;
    if (withToken) {
      token = (await io.readStdin()).trim();
      if (!token) throw usageError(t('login.no_stdin_token'));
    } else if (email) {
      const name = stringOption(parsed, 'name');
      const reply = await platformApi(settings).request('POST /api/v1/dev/login', {
        body: {
          email,
          ...(name !== undefined && { fullName: name }),
          ...(flag(parsed, 'moderator') && { roles: ['moderator' as const] }),
        },
      });
      token = reply.token;
    } else {
      const record = await oidcSignIn(io, t, settings, {
        browser: flag(parsed, 'browser'),
        openBrowser: !flag(parsed, 'no-open'),
      });
      token = record.userToken;
      signIn = record.oidc;
    }
    const { user } = await platformApi(settings, { token })
      .request('GET /api/v1/me')
      .catch((error: unknown) => {
        // The provider signed the person in but the platform does not take its tokens: a setting of the platform's,
        // not something signing in again would fix.
        if (!signIn || !(error instanceof CliError) || error.code !== 'unauthorized') throw error;
        throw new CliError(
          text('login.platform_refused', {
            url: settings.url,
            issuer: signIn.issuer,
            reason: render(t, error.text),
          }),
          EXIT.failure,
          'platform_refused_token',
          [text('login.platform_refused_hint', { clientId: signIn.clientId })],
        );
      });
    // A token given by hand or by the dev login replaces an earlier provider sign-in: nothing left to refresh.
    if (!signIn) forgetCredentials(settings.configPath, settings.url, ['oidc']);
    saveCredentials(
      settings.configPath,
      settings.url,
      { userToken: token, email: user.email, ...(signIn && { oidc: signIn }) },
      settings.url,
    );
    emit(io, parsed, [t('login.done', { url: settings.url, email: user.email })], {
      url: settings.url,
      user: { id: user.id, email: user.email },
      configPath: settings.configPath,
      ...(signIn && { issuer: signIn.issuer }),
    });
    return 0;
  },
};
