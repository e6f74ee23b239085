// miniapps tokens list|create|revoke: the account's deploy tokens, through the management API (user token).
import { platformApi } from '../api-client.js';
import { usageError } from '../cli-error.js';
import { type Command, emit, flag, stringOption } from '../command.js';
import { saveCredentials } from '../config-file.js';
import { resolveSettings, userToken } from '../settings.js';

export const tokensCommand: Command = {
  name: 'tokens',
  options: { save: { type: 'boolean' } },
  examples: [
    'miniapps tokens create ci --save',
    'miniapps tokens list --json',
    'miniapps tokens revoke tok_...',
  ],
  async run(io, parsed, t) {
    const [action, argument, extra] = parsed.positionals;
    if (extra !== undefined)
      throw usageError(t('tokens.too_many_args'), t('cli.see_command_help', { command: 'tokens' }));
    const settings = resolveSettings(io, stringOption(parsed, 'url'));
    const api = async () => platformApi(settings, { token: await userToken(settings) });

    if (action === 'list' || action === undefined) {
      const { tokens } = await (await api()).request('GET /api/v1/tokens');
      const human =
        tokens.length === 0
          ? [t('tokens.none')]
          : [
              `${t('tokens.column.id').padEnd(30)} ${t('tokens.column.name').padEnd(20)} ${t('tokens.column.created').padEnd(20)} ${t('tokens.column.last_used')}`,
              ...tokens.map(
                (token) =>
                  `${token.id.padEnd(30)} ${token.name.padEnd(20)} ${token.createdAt.slice(0, 19).padEnd(20)} ${token.lastUsedAt?.slice(0, 19) ?? t('tokens.never')}`,
              ),
            ];
      emit(io, parsed, human, { tokens });
      return 0;
    }
    if (action === 'create') {
      if (!argument) throw usageError(t('tokens.name_it'));
      const created = await (await api()).request('POST /api/v1/tokens', { body: { name: argument } });
      const save = flag(parsed, 'save');
      if (save) saveCredentials(settings.configPath, settings.url, { token: created.token });
      emit(
        io,
        parsed,
        [
          t('tokens.created', { name: created.name, id: created.id }),
          '',
          `  ${created.token}`,
          '',
          save
            ? t('tokens.saved', { path: settings.configPath, url: settings.url })
            : t('tokens.keep_secret'),
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
      if (!argument) throw usageError(t('tokens.which'));
      await (await api()).request('DELETE /api/v1/tokens/:id', { params: { id: argument } });
      emit(io, parsed, [t('tokens.revoked', { id: argument })], {
        id: argument,
      });
      return 0;
    }
    throw usageError(t('tokens.unknown_action', { action }), t('tokens.actions'));
  },
};
