// miniapps logout: forgets the user token (and with --all the deploy token) saved for a platform.
import { type Command, emit, flag, stringOption } from '../command.js';
import { forgetCredentials } from '../config-file.js';
import { resolveSettings } from '../settings.js';

export const logoutCommand: Command = {
  name: 'logout',
  options: { all: { type: 'boolean' } },
  examples: ['miniapps logout', 'miniapps logout --all --url https://apps.uni.example'],
  async run(io, parsed, t) {
    const settings = resolveSettings(io, stringOption(parsed, 'url'));
    const keys = flag(parsed, 'all')
      ? (['userToken', 'email', 'token'] as const)
      : (['userToken', 'email'] as const);
    forgetCredentials(settings.configPath, settings.url, keys);
    emit(io, parsed, [t('logout.done', { url: settings.url })], { url: settings.url });
    return 0;
  },
};
