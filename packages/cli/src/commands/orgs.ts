// miniapps orgs list|create: the organizations the signed-in user belongs to, through the management API (user token).
import { platformApi } from '../api-client.js';
import { usageError } from '../cli-error.js';
import { type Command, emit, stringOption } from '../command.js';
import { resolveSettings, userToken } from '../settings.js';

export const orgsCommand: Command = {
  name: 'orgs',
  options: { name: { type: 'string', value: '<name>' } },
  examples: ['miniapps orgs create demo-university --name "Demo University"', 'miniapps orgs list --json'],
  async run(io, parsed, t) {
    const [action, argument, extra] = parsed.positionals;
    if (extra !== undefined)
      throw usageError(t('orgs.too_many_args'), t('cli.see_command_help', { command: 'orgs' }));
    const settings = resolveSettings(io, stringOption(parsed, 'url'));
    const api = async () => platformApi(settings, { token: await userToken(settings) });

    if (action === 'list' || action === undefined) {
      const { organizations } = await (await api()).request('GET /api/v1/orgs');
      const human =
        organizations.length === 0
          ? [t('orgs.none')]
          : [
              `${t('orgs.column.id').padEnd(30)} ${t('orgs.column.role').padEnd(8)} ${t('orgs.column.name')}`,
              ...organizations.map((org) => `${org.id.padEnd(30)} ${org.role.padEnd(8)} ${org.name}`),
            ];
      emit(io, parsed, human, { organizations });
      return 0;
    }
    if (action === 'create') {
      if (!argument) throw usageError(t('orgs.name_it'));
      // The handle doubles as the display name until one is given: the web client shows both.
      const name = stringOption(parsed, 'name') ?? argument;
      const { organization } = await (await api()).request('POST /api/v1/orgs', {
        body: { id: argument, name },
      });
      emit(
        io,
        parsed,
        [
          t('orgs.created', { id: organization.id, name: organization.name }),
          t('orgs.next', { org: organization.id }),
        ],
        { organization },
      );
      return 0;
    }
    throw usageError(t('orgs.unknown_action', { action }), t('orgs.actions'));
  },
};
