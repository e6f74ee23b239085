// miniapps notify: a push to every user who allowed the app's notifications (deploy token).
import { resolve } from 'node:path';
import { platformApi } from '../api-client.js';
import { usageError } from '../cli-error.js';
import { type Command, emit, stringOption } from '../command.js';
import { readManifest } from '../manifest.js';
import { deployToken, resolveSettings } from '../settings.js';

export const notifyCommand: Command = {
  name: 'notify',
  options: {
    title: { type: 'string', value: '<text>' },
    body: { type: 'string', value: '<text>' },
    page: { type: 'string', value: '<path>' },
    org: { type: 'string', value: '<id>' },
    slug: { type: 'string', value: '<slug>' },
    'idempotency-key': { type: 'string', value: '<key>' },
  },
  examples: [
    'miniapps notify examples/hosted --title "Timetable" --body "Room 204 moved to 310" --page /timetable',
  ],
  async run(io, parsed, t) {
    const title = stringOption(parsed, 'title');
    const body = stringOption(parsed, 'body');
    if (title === undefined || body === undefined) {
      throw usageError(t('notify.needs_text'), t('cli.see_command_help', { command: 'notify' }));
    }
    const { manifest } = readManifest(resolve(io.cwd, parsed.positionals[0] ?? '.'), t);
    const organizationId = stringOption(parsed, 'org') ?? manifest.organizationId;
    const slug = stringOption(parsed, 'slug') ?? manifest.slug;
    if (!organizationId || !slug) {
      throw usageError(t('cli.which_app'), t('notify.which_app_hint'));
    }
    const settings = resolveSettings(io, stringOption(parsed, 'url'));
    const page = stringOption(parsed, 'page');
    const key = stringOption(parsed, 'idempotency-key');
    const reply = await platformApi(settings, {
      token: deployToken(settings),
      headers: key === undefined ? undefined : { 'idempotency-key': key },
    }).request('POST /functions/v1/miniapp-notify', {
      body: { organizationId, slug, title, body, ...(page !== undefined && { page }) },
    });
    emit(
      io,
      parsed,
      [
        t('notify.sent', {
          app: `${organizationId}/${slug}`,
          delivered: reply.delivered,
          users: reply.users,
        }),
        ...(reply.delivered < reply.users ? [t('notify.others')] : []),
      ],
      { organizationId, slug, delivered: reply.delivered, users: reply.users },
    );
    return 0;
  },
};
