// miniapps logout: forgets the user token (and with --all the deploy token) saved for a platform.
import { type Command, emit, flag, stringOption } from '../command.js';
import { forgetCredentials } from '../config-file.js';
import { resolveSettings } from '../settings.js';

export const logoutCommand: Command = {
  name: 'logout',
  summary: 'Forget the user token saved for a platform.',
  usage: 'miniapps logout [--all] [options]',
  details: [
    'Removes the saved user token of this platform from the config file; --all also its deploy token.',
  ],
  options: { all: { type: 'boolean', description: 'Also forget the saved deploy token' } },
  examples: ['miniapps logout', 'miniapps logout --all --url https://apps.uni.example'],
  async run(io, parsed) {
    const settings = resolveSettings(io, stringOption(parsed, 'url'));
    const keys = flag(parsed, 'all')
      ? (['userToken', 'email', 'token'] as const)
      : (['userToken', 'email'] as const);
    forgetCredentials(settings.configPath, settings.url, keys);
    emit(io, parsed, [`Signed out of ${settings.url}.`], { url: settings.url });
    return 0;
  },
};
