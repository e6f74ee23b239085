// miniapps tokens list|create|revoke: the account's deploy tokens, through the management API (user token).
import { callPlatform } from '../api-client.js';
import { usageError } from '../cli-error.js';
import { type Command, emit, flag, stringOption } from '../command.js';
import { saveCredentials } from '../config-file.js';
import { resolveSettings, userToken } from '../settings.js';

interface TokenView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export const tokensCommand: Command = {
  name: 'tokens',
  summary: 'List, create and revoke deploy tokens of your account.',
  usage: 'miniapps tokens <list | create <name> [--save] | revoke <id>> [options]',
  details: [
    'Deploy tokens authorize `deploy` and `notify` for every app of every organization you belong to.\n' +
      'An account holds at most 5. The value is shown once, on creation; --save also keeps it in the\n' +
      'config file for this platform, so deploy and notify find it.',
    'Needs a user token: `miniapps login` first, or MINIAPPS_USER_TOKEN.',
  ],
  options: {
    save: { type: 'boolean', description: 'create: keep the new token in the config file for this platform' },
  },
  examples: [
    'miniapps tokens create ci --save',
    'miniapps tokens list --json',
    'miniapps tokens revoke tok_...',
  ],
  async run(io, parsed) {
    const [action, argument, extra] = parsed.positionals;
    if (extra !== undefined) throw usageError('Too many arguments.', 'Run `miniapps tokens --help`.');
    const settings = resolveSettings(io, stringOption(parsed, 'url'));
    const call = <T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
      callPlatform<T>(settings, { method, path, token: userToken(settings), body });

    if (action === 'list' || action === undefined) {
      const { tokens } = await call<{ tokens: TokenView[] }>('GET', '/api/v1/tokens');
      const human =
        tokens.length === 0
          ? ['No deploy tokens. Create one: miniapps tokens create <name> --save']
          : [
              `${'ID'.padEnd(30)} ${'NAME'.padEnd(20)} ${'CREATED'.padEnd(20)} LAST USED`,
              ...tokens.map(
                (t) =>
                  `${t.id.padEnd(30)} ${t.name.padEnd(20)} ${t.createdAt.slice(0, 19).padEnd(20)} ${t.lastUsedAt?.slice(0, 19) ?? 'never'}`,
              ),
            ];
      emit(io, parsed, human, { tokens });
      return 0;
    }
    if (action === 'create') {
      if (!argument) throw usageError('Name the token: miniapps tokens create <name>.');
      const created = await call<TokenView & { token: string }>('POST', '/api/v1/tokens', { name: argument });
      const save = flag(parsed, 'save');
      if (save) saveCredentials(settings.configPath, settings.url, { token: created.token });
      emit(
        io,
        parsed,
        [
          `Created deploy token "${created.name}" (${created.id}). Its value, shown this once:`,
          '',
          `  ${created.token}`,
          '',
          save
            ? `Saved in ${settings.configPath} for ${settings.url}.`
            : 'Keep it as a secret, e.g. MINIAPPS_TOKEN in CI.',
        ],
        {
          id: created.id,
          name: created.name,
          createdAt: created.createdAt,
          token: created.token,
          saved: save,
        },
      );
      return 0;
    }
    if (action === 'revoke') {
      if (!argument)
        throw usageError('Which token? miniapps tokens revoke <id> (ids: miniapps tokens list).');
      await call('DELETE', `/api/v1/tokens/${encodeURIComponent(argument)}`);
      emit(io, parsed, [`Revoked ${argument}; deploys with it now fail with invalid_token.`], {
        id: argument,
      });
      return 0;
    }
    throw usageError(`Unknown tokens action "${action}".`, 'Use list, create <name> or revoke <id>.');
  },
};
