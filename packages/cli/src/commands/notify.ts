// miniapps notify: a push to every user who allowed the app's notifications (deploy token).
import { resolve } from 'node:path';
import { callPlatform } from '../api-client.js';
import { usageError } from '../cli-error.js';
import { type Command, emit, stringOption } from '../command.js';
import { readManifest } from '../manifest.js';
import { deployToken, resolveSettings } from '../settings.js';

export const NOTIFY_PATH = '/functions/v1/miniapp-notify';

interface NotifyReply {
  ok: true;
  delivered: number;
  users: number;
}

export const notifyCommand: Command = {
  name: 'notify',
  summary: "Send a push notification to the app's subscribers.",
  usage: 'miniapps notify [dir] --title <text> --body <text> [--page <path>] [--org <id>] [--slug <slug>]',
  details: [
    'Recipients are the users who granted the app the "notifications" scope; the app must be published and\n' +
      'declare that scope. Title at most 80 characters (the platform prefixes the app name), body at most 200;\n' +
      'a tap opens --page. Each user gets at most 2 pushes a day from one app: those over it are left out.',
    'The app comes from --org/--slug or the miniapp.json of [dir] (default: the current folder).\n' +
      'Deploy token: MINIAPPS_TOKEN or the saved one.',
  ],
  options: {
    title: { type: 'string', value: '<text>', description: 'Title, at most 80 characters' },
    body: { type: 'string', value: '<text>', description: 'Text, at most 200 characters' },
    page: { type: 'string', value: '<path>', description: 'Page opened by a tap, e.g. /news' },
    org: { type: 'string', value: '<id>', description: 'Organization id (default: miniapp.json)' },
    slug: { type: 'string', value: '<slug>', description: 'App slug (default: miniapp.json)' },
    'idempotency-key': {
      type: 'string',
      value: '<key>',
      description: 'Send at most once: a retry with the same key returns the first answer',
    },
  },
  examples: [
    'miniapps notify examples/hosted --title "Timetable" --body "Room 204 moved to 310" --page /timetable',
  ],
  async run(io, parsed) {
    const title = stringOption(parsed, 'title');
    const body = stringOption(parsed, 'body');
    if (title === undefined || body === undefined) {
      throw usageError('A push needs --title and --body.', 'Run `miniapps notify --help`.');
    }
    const { manifest } = readManifest(resolve(io.cwd, parsed.positionals[0] ?? '.'));
    const organizationId = stringOption(parsed, 'org') ?? manifest.organizationId;
    const slug = stringOption(parsed, 'slug') ?? manifest.slug;
    if (!organizationId || !slug) {
      throw usageError(
        'Which app?',
        'Pass --org and --slug, or run it in a folder whose miniapp.json names the app.',
      );
    }
    const settings = resolveSettings(io, stringOption(parsed, 'url'));
    const page = stringOption(parsed, 'page');
    const key = stringOption(parsed, 'idempotency-key');
    const reply = await callPlatform<NotifyReply>(settings, {
      method: 'POST',
      path: NOTIFY_PATH,
      token: deployToken(settings),
      headers: key === undefined ? undefined : { 'idempotency-key': key },
      body: { organizationId, slug, title, body, ...(page !== undefined && { page }) },
    });
    emit(
      io,
      parsed,
      [
        `Sent ${organizationId}/${slug}: delivered to ${reply.delivered} of ${reply.users} user(s) who allow notifications.`,
        ...(reply.delivered < reply.users
          ? ['The others are over their daily quota (2 a day per app) or have no registered device.']
          : []),
      ],
      { organizationId, slug, delivered: reply.delivered, users: reply.users },
    );
    return 0;
  },
};
