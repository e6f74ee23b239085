// miniapps apps list|create|show|status|submit: an organization's apps, through the management API (user token).
import type { App, CreateApp, UpdateApp } from '@miniapps/contract';
import { platformApi } from '../api-client.js';
import { CliError, usageError } from '../cli-error.js';
import { type Command, emit, flag, type Parsed, stringOption } from '../command.js';
import type { Translate } from '../i18n/messages.js';
import { readManifest } from '../manifest.js';
import { resolveSettings, userToken } from '../settings.js';

/** Fields `create` sets and `submit` changes; an empty value clears a listing field. */
const LISTING = ['name', 'origin', 'start-path', 'scopes', 'description', 'category', 'icon'] as const;

export const appsCommand: Command = {
  name: 'apps',
  options: {
    org: { type: 'string', value: '<id>' },
    name: { type: 'string', value: '<name>' },
    origin: { type: 'string', value: '<https-url>' },
    'start-path': { type: 'string', value: '<path>' },
    scopes: { type: 'string', value: '<a,b>' },
    description: { type: 'string', value: '<text>' },
    category: { type: 'string', value: '<category>' },
    icon: { type: 'string', value: '<https-url>' },
  },
  examples: [
    'miniapps apps create campus-guide --org demo-university --name "Campus guide"',
    'miniapps apps create timetable --org demo-university --origin https://timetable.uni.example --scopes profile',
    'miniapps apps status campus-guide --org demo-university',
    'miniapps apps submit --org demo-university campus-guide',
    'miniapps apps list --json',
    'export MINIAPP_SECRET=$(miniapps apps secret timetable --org demo-university)',
  ],
  async run(io, parsed, t) {
    const [action, argument, extra] = parsed.positionals;
    if (extra !== undefined)
      throw usageError(t('apps.too_many_args'), t('cli.see_command_help', { command: 'apps' }));
    const settings = resolveSettings(io, stringOption(parsed, 'url'));
    const api = platformApi(settings, { token: await userToken(settings) });
    // Without --org or a slug, the miniapp.json of the current folder names the app, as for deploy.
    const manifest = () => readManifest(io.cwd, t).manifest;
    const orgOf = () => stringOption(parsed, 'org') ?? manifest().organizationId;
    const target = () => {
      const org = orgOf();
      const slug = argument ?? manifest().slug;
      if (!org || !slug) throw usageError(t('apps.which_app', { action: action ?? 'show' }));
      return { org, slug };
    };

    if (action === 'list' || action === undefined) {
      const org = orgOf();
      const orgs = org ? [org] : (await api.request('GET /api/v1/orgs')).organizations.map((o) => o.id);
      const apps: App[] = [];
      for (const id of orgs)
        apps.push(...(await api.request('GET /api/v1/orgs/:org/apps', { params: { org: id } })).apps);
      const human =
        apps.length === 0
          ? [t(orgs.length === 0 ? 'apps.no_orgs' : 'apps.none')]
          : [
              `${t('apps.column.app').padEnd(40)} ${t('apps.column.kind').padEnd(7)} ${t('apps.column.status').padEnd(15)} ${t('apps.column.version')}`,
              ...apps.map(
                (app) =>
                  `${`${app.organizationId}/${app.slug}`.padEnd(40)} ${app.sourceKind.padEnd(7)} ${app.status.padEnd(15)} ${app.version}${app.liveVersion !== null ? ` (${t('apps.live_version', { version: app.liveVersion })})` : ''}`,
              ),
            ];
      emit(io, parsed, human, { apps });
      return 0;
    }
    if (action === 'create') {
      const org = orgOf();
      if (!argument || !org) throw usageError(t('apps.create_which'));
      const origin = stringOption(parsed, 'origin');
      const body: CreateApp = {
        slug: argument,
        // The slug names the app until it is given a name: the platform requires one.
        name: stringOption(parsed, 'name') ?? argument,
        sourceKind: origin === undefined ? 'hosted' : 'remote',
        ...listingChanges(parsed),
      };
      const { app } = await api.request('POST /api/v1/orgs/:org/apps', { params: { org }, body });
      emit(
        io,
        parsed,
        [t('apps.created', { app: `${org}/${app.slug}`, kind: app.sourceKind }), ...nextStep(app, t)],
        {
          app,
        },
      );
      return 0;
    }
    if (action === 'show' || action === 'status') {
      const { app } = await api.request('GET /api/v1/orgs/:org/apps/:slug', { params: target() });
      const human =
        action === 'status' ? statusLines(app, t) : [...describe(app, t), '', ...statusLines(app, t)];
      emit(io, parsed, human, action === 'status' ? statusOf(app) : { app });
      return 0;
    }
    if (action === 'submit') return submit(io, parsed, t, api, target());
    if (action === 'secret') {
      const params = target();
      const issued = await api.request('POST /api/v1/orgs/:org/apps/:slug/signing-secret', { params });
      if (flag(parsed, 'json'))
        emit(io, parsed, [], {
          secret: issued.secret,
          previousValidUntil: issued.previousValidUntil ?? null,
        });
      else {
        // The secret alone on stdout, so `export MINIAPP_SECRET=$(miniapps apps secret …)` keeps it; the words go to stderr.
        io.stdout(`${issued.secret}\n`);
        io.stderr(
          `${[
            t('apps.secret_issued', { app: `${params.org}/${params.slug}` }),
            ...(issued.previousValidUntil
              ? [t('apps.secret_previous', { until: issued.previousValidUntil })]
              : []),
          ].join('\n')}\n`,
        );
      }
      return 0;
    }
    throw usageError(t('apps.unknown_action', { action }), t('apps.actions'));
  },
};

type Api = ReturnType<typeof platformApi>;

/**
 * Sends the app to moderation the way its kind allows: changed fields go in one PATCH (which is itself a
 * submission for a remote app or an approved one); a hosted app's head is then re-deployed with `submit: true`
 * (a restore of its own version), since the platform has no submit without a deploy.
 */
async function submit(
  io: Parameters<Command['run']>[0],
  parsed: Parsed,
  t: Translate,
  api: Api,
  params: { org: string; slug: string },
): Promise<number> {
  const name = `${params.org}/${params.slug}`;
  let { app } = await api.request('GET /api/v1/orgs/:org/apps/:slug', { params });
  if (app.sourceKind === 'service')
    throw new CliError(t('apps.service_submit', { app: name }), 1, 'service_not_allowed');
  const changes = listingChanges(parsed);
  const changed = Object.keys(changes).length > 0;
  let sent = changed;
  if (changed) app = (await api.request('PATCH /api/v1/orgs/:org/apps/:slug', { params, body: changes })).app;
  if (app.sourceKind === 'hosted' && app.status !== 'pending_review') {
    if (app.version === 0)
      throw new CliError(t('apps.not_deployed', { app: name }), 1, 'not_deployed', [
        t('apps.deploy_hint', { org: params.org, slug: params.slug }),
      ]);
    if (app.status === 'suspended')
      throw new CliError(t('apps.suspended', { app: name }), 1, 'suspended', [t('apps.suspended_hint')]);
    if (app.status === 'published' && app.liveVersion === app.version && !changed) {
      emit(io, parsed, [t('apps.already_live', { app: name, version: app.version })], statusOf(app));
      return 0;
    }
    await api.request('POST /api/v1/orgs/:org/apps/:slug/revisions/:version/restore', {
      params: { ...params, version: String(app.version) },
      body: { submit: true },
    });
    app = (await api.request('GET /api/v1/orgs/:org/apps/:slug', { params })).app;
    sent = true;
  }
  if (app.status === 'pending_review') {
    emit(
      io,
      parsed,
      [
        t(sent ? 'apps.submitted' : 'apps.already_pending', {
          app: name,
          version: app.version,
        }),
        t('apps.pending_hint'),
      ],
      statusOf(app),
    );
    return 0;
  }
  // A remote app with nothing changed: its screens live on the origin, so only a metadata change is reviewed.
  if (app.status === 'published') {
    emit(
      io,
      parsed,
      [
        t('apps.remote_live', { app: name }),
        t('apps.remote_change_hint', { org: params.org, slug: params.slug }),
      ],
      statusOf(app),
    );
    return 0;
  }
  throw new CliError(
    t('apps.remote_nothing_changed', { app: name, status: app.status }),
    1,
    'nothing_to_submit',
    [t('apps.remote_change_hint', { org: params.org, slug: params.slug })],
  );
}

function listingChanges(parsed: Parsed): UpdateApp {
  const changes: UpdateApp = {};
  const value = (option: (typeof LISTING)[number]) => stringOption(parsed, option);
  const cleared = (option: 'description' | 'category' | 'icon') => {
    const given = value(option);
    if (given !== undefined) changes[option] = given === '' ? null : given;
  };
  if (value('name') !== undefined) changes.name = value('name')!;
  if (value('origin') !== undefined) changes.origin = value('origin')!;
  if (value('start-path') !== undefined) changes.startPath = value('start-path')!;
  const scopes = value('scopes');
  if (scopes !== undefined)
    changes.scopes = scopes
      .split(',')
      .map((scope) => scope.trim())
      .filter((scope) => scope !== '');
  cleared('description');
  cleared('category');
  cleared('icon');
  return changes;
}

function statusOf(app: App) {
  return {
    app: `${app.organizationId}/${app.slug}`,
    sourceKind: app.sourceKind,
    status: app.status,
    version: app.version,
    liveVersion: app.liveVersion,
    reviewNote: app.reviewNote,
  };
}

function describe(app: App, t: Translate): string[] {
  const rows: [string, string | number | null][] = [
    [t('apps.field.app'), `${app.organizationId}/${app.slug}`],
    [t('apps.field.name'), app.name],
    [t('apps.field.kind'), app.sourceKind],
    [t('apps.field.origin'), app.origin],
    [t('apps.field.start_path'), app.startPath],
    [t('apps.field.scopes'), app.scopes.join(', ') || '—'],
    [t('apps.field.category'), app.category],
    [t('apps.field.description'), app.description],
    [t('apps.field.icon'), app.icon],
    [t('apps.field.updated'), app.updatedAt.slice(0, 19)],
  ];
  return rows.filter(([, value]) => value !== null).map(([label, value]) => `${label.padEnd(14)} ${value}`);
}

/** The status in words and what the developer does next. */
function statusLines(app: App, t: Translate): string[] {
  const name = `${app.organizationId}/${app.slug}`;
  return [
    t('apps.status_line', {
      app: name,
      status: app.status,
      version: app.version,
      live: app.liveVersion ?? 'none',
    }),
    ...(app.reviewNote ? [t('apps.review_note', { note: app.reviewNote })] : []),
    ...nextStep(app, t),
  ];
}

function nextStep(app: App, t: Translate): string[] {
  const values = { org: app.organizationId, slug: app.slug };
  if (app.status === 'suspended') return [t('apps.suspended_hint')];
  if (app.status === 'pending_review') return [t('apps.pending_hint')];
  if (app.sourceKind === 'hosted' && app.version === 0) return [t('apps.deploy_hint', values)];
  if (app.status === 'draft' || app.status === 'rejected')
    return [t(app.sourceKind === 'hosted' ? 'apps.submit_hint' : 'apps.remote_change_hint', values)];
  return [];
}
