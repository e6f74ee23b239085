// miniapps review list|approve|reject: the moderation queue and its decisions, for a signed-in moderator.
import { platformApi } from '../api-client.js';
import { usageError } from '../cli-error.js';
import { type Command, emit, stringOption } from '../command.js';
import { resolveSettings, userToken } from '../settings.js';

export const reviewCommand: Command = {
  name: 'review',
  options: { reason: { type: 'string', value: '<text>' } },
  examples: [
    'miniapps review list',
    'miniapps review approve demo-university/campus-guide',
    'miniapps review reject demo-university/campus-guide --reason "The timetable screen is empty."',
  ],
  async run(io, parsed, t) {
    const [action, argument, extra] = parsed.positionals;
    if (extra !== undefined)
      throw usageError(t('review.too_many_args'), t('cli.see_command_help', { command: 'review' }));
    const settings = resolveSettings(io, stringOption(parsed, 'url'));
    const api = platformApi(settings, { token: await userToken(settings) });

    if (action === 'list' || action === undefined) {
      const { queue } = await api.request('GET /api/v1/moderation/queue');
      const human =
        queue.length === 0
          ? [t('review.empty')]
          : [
              `${t('review.column.app').padEnd(40)} ${t('review.column.kind').padEnd(7)} ${t('review.column.version').padEnd(8)} ${t('review.column.submitted')}`,
              ...queue.map(
                (item) =>
                  `${`${item.organizationId}/${item.slug}`.padEnd(40)} ${item.sourceKind.padEnd(7)} ${String(item.version).padEnd(8)} ${item.submittedAt.slice(0, 19)}`,
              ),
              '',
              t('review.decide_hint'),
            ];
      emit(io, parsed, human, { queue });
      return 0;
    }
    if (action !== 'approve' && action !== 'reject')
      throw usageError(t('review.unknown_action', { action }), t('review.actions'));
    const [org, slug, ...rest] = (argument ?? '').split('/');
    if (!org || !slug || rest.length > 0) throw usageError(t('review.which_app', { action }));
    const params = { org, slug };
    if (action === 'approve') {
      const { app } = await api.request('POST /api/v1/moderation/apps/:org/:slug/approve', {
        params,
        body: {},
      });
      emit(io, parsed, [t('review.approved', { app: argument!, version: app.liveVersion ?? app.version })], {
        app,
      });
      return 0;
    }
    const reason = stringOption(parsed, 'reason');
    if (!reason) throw usageError(t('review.reason_needed'));
    const { app } = await api.request('POST /api/v1/moderation/apps/:org/:slug/reject', {
      params,
      body: { reason },
    });
    emit(io, parsed, [t('review.rejected', { app: argument! })], { app });
    return 0;
  },
};
