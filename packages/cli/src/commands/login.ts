// miniapps login: gets a user token (dev login by e-mail, or a JWT on stdin) and keeps it for this platform.
import { platformApi } from '../api-client.js';
import { usageError } from '../cli-error.js';
import { type Command, emit, flag, stringOption } from '../command.js';
import { saveCredentials } from '../config-file.js';
import { resolveSettings } from '../settings.js';

export const loginCommand: Command = {
  name: 'login',
  options: {
    email: { type: 'string', value: '<address>' },
    name: { type: 'string', value: '<full name>' },
    'with-token': { type: 'boolean' },
  },
  examples: [
    'miniapps login --email dev@uni.example',
    'miniapps login --url https://apps.uni.example --with-token < jwt.txt',
  ],
  async run(io, parsed, t) {
    const settings = resolveSettings(io, stringOption(parsed, 'url'));
    const email = stringOption(parsed, 'email');
    let token: string;
    if (flag(parsed, 'with-token')) {
      token = (await io.readStdin()).trim();
      if (!token) throw usageError(t('login.no_stdin_token'));
    } else if (email) {
      const name = stringOption(parsed, 'name');
      const reply = await platformApi(settings).request('POST /api/v1/dev/login', {
        body: { email, ...(name !== undefined && { fullName: name }) },
      });
      token = reply.token;
    } else {
      throw usageError(t('login.how'));
    }
    const { user } = await platformApi(settings, { token }).request('GET /api/v1/me');
    saveCredentials(settings.configPath, settings.url, { userToken: token, email: user.email }, settings.url);
    emit(io, parsed, [t('login.done', { url: settings.url, email: user.email })], {
      url: settings.url,
      user: { id: user.id, email: user.email },
      configPath: settings.configPath,
    });
    return 0;
  },
};
