// `miniapps dev --origin`: the developer's origin on this machine behind the platform, under the app's reserved .dev.test name.
import { dirname, join } from 'node:path';
import { type App, devOriginName } from '@miniapps/contract';
import { platformApi } from '../api-client.js';
import { CliError, usageError } from '../cli-error.js';
import type { Translate } from '../i18n/messages.js';
import type { Io } from '../io.js';
import { resolveSettings, userToken } from '../settings.js';
import { localCertificates } from './certificates.js';
import { type OriginProcess, startOriginProcess, waitForPort } from './origin-process.js';
import { startOriginProxy } from './origin-proxy.js';

/** The platform forgets pins when it restarts (kept in memory): registering this often heals that within seconds. */
const REREGISTER_MS = 10_000;

export interface LocalOriginOptions {
  /** An http(s) URL where the origin already runs, or a command that starts it on $PORT. */
  origin: string;
  org: string;
  slug: string;
  url: string | undefined;
  /** The proxy's port; 0 picks a free one. */
  port: number;
  json: boolean;
}

export async function runLocalOrigin(io: Io, t: Translate, options: LocalOriginOptions): Promise<number> {
  const { org, slug } = options;
  const app = `${org}/${slug}`;
  const settings = resolveSettings(io, options.url);
  const api = platformApi(settings, { token: await userToken(settings) });
  const params = { org, slug };
  const before = (await api.request('GET /api/v1/orgs/:org/apps/:slug', { params })).app;
  if (before.sourceKind !== 'remote')
    throw new CliError(t('dev.origin.not_remote', { app, kind: before.sourceKind }), 1, 'not_remote');

  // What it did goes to standard output (as the preview's address does); the origin's own output and
  // warnings to standard error.
  const say = (line: string) => {
    if (!options.json) io.stdout(`${line}\n`);
  };
  const warn = (line: string) => io.stderr(`${line}\n`);
  const event = (data: Record<string, unknown>) => {
    if (options.json) io.stdout(`${JSON.stringify(data)}\n`);
  };

  // 1. The developer's origin: a URL as given, or the command started on a free port.
  let target: URL;
  let command: OriginProcess | undefined;
  if (/^https?:\/\//i.test(options.origin)) {
    target = new URL(options.origin);
  } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(options.origin)) {
    throw usageError(t('dev.origin.bad_url', { origin: options.origin }));
  } else {
    command = await startOriginProcess(options.origin, io.env, io.cwd, (text) => io.stderr(text));
    say(t('dev.origin.starting', { command: options.origin, port: command.port }));
    if (!(await waitForPort(command.port, command.exited))) {
      await command.stop();
      const code = command.child.exitCode;
      throw new CliError(
        code === null
          ? t('dev.origin.not_listening', { port: command.port })
          : t('dev.origin.command_ended', { code }),
        1,
        'origin_not_started',
        [t('dev.origin.port_hint')],
      );
    }
    target = new URL(`http://127.0.0.1:${command.port}`);
  }

  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  };
  if (command) stops.push(command.stop);
  try {
    // 2. The name's certificate from the local CA, and the https proxy that shows it.
    const name = devOriginName(org, slug);
    const dir = join(dirname(settings.configPath), 'dev-origins');
    const { ca, leaf } = localCertificates(dir, name);
    const proxy = await startOriginProxy({
      target,
      cert: leaf.certPem,
      key: leaf.keyPem,
      port: options.port,
      onUnreachable: (reason) => warn(t('dev.origin.unreachable', { target: target.origin, reason })),
    });
    stops.push(proxy.close);

    // 3. The platform sends the name to the proxy and trusts the CA for it; then the app's origin is that name.
    const register = () =>
      api.request('PUT /api/v1/dev/origins/:org/:slug', {
        params,
        body: { port: proxy.port, caCertificate: ca.certPem },
      });
    const pin = await register();
    let after: App = before;
    if (before.origin !== pin.origin) {
      after = (
        await api.request('PATCH /api/v1/orgs/:org/apps/:slug', { params, body: { origin: pin.origin } })
      ).app;
    }
    const liveOrigin = after.live?.origin ?? null;
    const consoleUrl = `${settings.url}/console/orgs/${org}/apps/${slug}`;
    const proxyUrl = `${settings.url}/functions/v1/miniapp-proxy/${org}/${slug}/screen/`;
    say(t('dev.origin.ready', { target: target.origin, url: settings.url, origin: pin.origin }));
    say(t('dev.origin.name', { name: pin.name, address: pin.address }));
    say(t('dev.origin.ca', { file: ca.certFile }));
    say(
      before.origin === pin.origin
        ? t('dev.origin.origin_kept', { app, origin: pin.origin, status: after.status })
        : t('dev.origin.origin_set', {
            app,
            origin: pin.origin,
            previous: before.origin ?? '—',
            status: after.status,
          }),
    );
    if (liveOrigin !== null && liveOrigin !== pin.origin)
      say(t('dev.origin.live_elsewhere', { live: liveOrigin }));
    say(t('dev.origin.open', { console: consoleUrl, proxy: proxyUrl }));
    say(t(command ? 'dev.origin.stop_command' : 'dev.origin.stop', { origin: pin.origin }));
    event({
      event: 'origin',
      app,
      name: pin.name,
      origin: pin.origin,
      address: pin.address,
      target: target.origin,
      caFile: ca.certFile,
      status: after.status,
      liveOrigin,
      originChanged: before.origin !== pin.origin,
      console: consoleUrl,
      proxy: proxyUrl,
    });

    // 4. Kept registered while running, so a platform restarted meanwhile learns the name again.
    let warned = false;
    const timer = setInterval(() => {
      register().then(
        () => {
          warned = false;
        },
        (error: Error) => {
          if (!warned) warn(t('dev.origin.reregister_failed', { name: pin.name, reason: error.message }));
          warned = true;
        },
      );
    }, REREGISTER_MS);
    stops.push(async () => clearInterval(timer));

    const ended = await Promise.race([
      io.interrupted.then(() => undefined),
      command ? command.exited : new Promise<never>(() => {}),
    ]);
    if (ended !== undefined) {
      warn(t('dev.origin.command_exited', { code: ended }));
      return ended === 0 ? 1 : ended;
    }
    say(t('dev.origin.stopped'));
    return 0;
  } finally {
    await stopAll();
  }
}
