// miniapps login: gets a user token (dev login by e-mail, or a JWT on stdin) and keeps it for this platform.
import { callPlatform } from '../api-client.js';
import { usageError } from '../cli-error.js';
import { type Command, emit, flag, stringOption } from '../command.js';
import { saveCredentials } from '../config-file.js';
import { resolveSettings } from '../settings.js';

interface LoginReply {
  token: string;
  user: { id: string; email: string };
}

export const loginCommand: Command = {
  name: 'login',
  summary: 'Sign in to a platform for the management commands (tokens).',
  usage: 'miniapps login (--email <address> | --with-token) [--name <full name>] [options]',
  details: [
    '--email uses the dev login of a development platform (POST /api/v1/dev/login); production platforms\n' +
      'have none: get a user JWT from your identity provider and pipe it in with --with-token.',
    'The token is checked with GET /api/v1/me and saved in the config file (MINIAPPS_CONFIG, or\n' +
      '~/.config/miniapps/config.json, mode 0600) for this platform, which also becomes the default URL.\n' +
      'MINIAPPS_USER_TOKEN, when set, is used instead of the saved token.',
  ],
  options: {
    email: {
      type: 'string',
      value: '<address>',
      description: 'Sign in through the dev login with this e-mail',
    },
    name: { type: 'string', value: '<full name>', description: 'Full name for a new dev account' },
    'with-token': { type: 'boolean', description: 'Read a user JWT from standard input' },
  },
  examples: [
    'miniapps login --email dev@uni.example',
    'miniapps login --url https://apps.uni.example --with-token < jwt.txt',
  ],
  async run(io, parsed) {
    const settings = resolveSettings(io, stringOption(parsed, 'url'));
    const email = stringOption(parsed, 'email');
    let token: string;
    if (flag(parsed, 'with-token')) {
      token = (await io.readStdin()).trim();
      if (!token) throw usageError('No token on standard input.');
    } else if (email) {
      const name = stringOption(parsed, 'name');
      const reply = await callPlatform<LoginReply>(settings, {
        method: 'POST',
        path: '/api/v1/dev/login',
        body: { email, ...(name !== undefined && { fullName: name }) },
      });
      token = reply.token;
    } else {
      throw usageError('Sign in with --email <address> (dev login) or --with-token (a JWT on stdin).');
    }
    const { user } = await callPlatform<{ user: { id: string; email: string } }>(settings, {
      method: 'GET',
      path: '/api/v1/me',
      token,
    });
    saveCredentials(settings.configPath, settings.url, { userToken: token, email: user.email }, settings.url);
    emit(io, parsed, [`Signed in to ${settings.url} as ${user.email}.`], {
      url: settings.url,
      user: { id: user.id, email: user.email },
      configPath: settings.configPath,
    });
    return 0;
  },
};
