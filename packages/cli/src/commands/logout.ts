// miniapps logout: revokes a provider sign-in's tokens where the provider can, and forgets the user token (and with
// --all the deploy token) saved for a platform.
import { CliError } from '../cli-error.js';
import { type Command, emit, flag, stringOption } from '../command.js';
import { forgetCredentials } from '../config-file.js';
import { render } from '../i18n/messages.js';
import { resolveSettings } from '../settings.js';
import { revokeSignIn } from '../sign-in/saved-sign-in.js';

export const logoutCommand: Command = {
  name: 'logout',
  options: { all: { type: 'boolean' } },
  examples: ['miniapps logout', 'miniapps logout --all --url https://apps.uni.example'],
  async run(io, parsed, t) {
    const settings = resolveSettings(io, stringOption(parsed, 'url'));
    const signIn = settings.saved.oidc;
    // Revocation is best effort: a provider that is down must not keep the tokens on this disk.
    let revoked: boolean | undefined;
    const lines: string[] = [];
    if (signIn) {
      try {
        revoked = await revokeSignIn(signIn);
        if (!revoked) lines.push(t('logout.no_revocation', { issuer: signIn.issuer }));
      } catch (error) {
        revoked = false;
        const reason = error instanceof CliError ? render(t, error.text) : String(error);
        lines.push(t('logout.revoke_failed', { reason }));
      }
    }
    const keys = flag(parsed, 'all')
      ? (['userToken', 'email', 'oidc', 'token'] as const)
      : (['userToken', 'email', 'oidc'] as const);
    forgetCredentials(settings.configPath, settings.url, keys);
    if (lines.length > 0) io.stderr(`${lines.join('\n')}\n`);
    emit(io, parsed, [t(revoked ? 'logout.revoked' : 'logout.done', { url: settings.url })], {
      url: settings.url,
      ...(revoked !== undefined && { revoked }),
    });
    return 0;
  },
};
