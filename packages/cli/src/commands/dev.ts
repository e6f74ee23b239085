// miniapps dev <dir>: a local preview of hosted screens, reloaded on every save; with --origin, a remote app's origin run locally.
import { usageError } from '../cli-error.js';
import { type Command, flag, stringOption } from '../command.js';
import { runLocalOrigin } from '../dev/local-origin.js';
import { startPreview } from '../dev/preview-server.js';
import { countBySeverity } from '../findings.js';
import { readManifest } from '../manifest.js';

const DEFAULT_PORT = 5180;

export const devCommand: Command = {
  name: 'dev',
  options: {
    port: { type: 'string', value: '<n>' },
    host: { type: 'string', value: '<address>' },
    origin: { type: 'string', value: '<command|url>' },
    org: { type: 'string', value: '<id>' },
    slug: { type: 'string', value: '<slug>' },
  },
  helpValues: { port: DEFAULT_PORT },
  examples: [
    'miniapps dev examples/hosted',
    'miniapps dev screens --port 0',
    'miniapps dev --origin "npm start" --org demo-university --slug notes',
    'miniapps dev --origin http://127.0.0.1:3000 --org demo-university --slug notes',
  ],
  async run(io, parsed, t) {
    const origin = stringOption(parsed, 'origin');
    const portText = stringOption(parsed, 'port') ?? String(origin === undefined ? DEFAULT_PORT : 0);
    const port = Number(portText);
    if (!/^\d+$/.test(portText) || port > 65535) throw usageError(t('dev.bad_port', { port: portText }));
    const json = flag(parsed, 'json');
    if (origin !== undefined) {
      if (parsed.positionals.length > 0) throw usageError(t('dev.origin.no_folder'));
      // As for deploy: the flags, else the miniapp.json of the current folder.
      const manifest = () => readManifest(io.cwd, t).manifest;
      const org = stringOption(parsed, 'org') ?? manifest().organizationId;
      const slug = stringOption(parsed, 'slug') ?? manifest().slug;
      if (!org || !slug) throw usageError(t('dev.origin.which_app'));
      return runLocalOrigin(io, t, { origin, org, slug, port, json, url: stringOption(parsed, 'url') });
    }
    if (parsed.positionals.length > 1) throw usageError(t('dev.one_folder'));
    const preview = await startPreview({
      dir: parsed.positionals[0] ?? '.',
      cwd: io.cwd,
      t,
      port,
      host: stringOption(parsed, 'host') ?? '127.0.0.1',
      onChange(files, findings) {
        const counts = countBySeverity(findings);
        const line = {
          event: 'change',
          files,
          errors: counts.error,
          unknown: counts.unknown,
          warnings: counts.warning,
        };
        io.stdout(
          json
            ? `${JSON.stringify(line)}\n`
            : `${t('dev.changed', { files, errors: counts.error, unknown: counts.unknown, warnings: counts.warning })}\n`,
        );
      },
    });
    io.stdout(
      json
        ? `${JSON.stringify({ event: 'listening', url: preview.url })}\n`
        : `${t('dev.listening', { url: preview.url })}\n`,
    );
    await io.interrupted;
    await preview.close();
    return 0;
  },
};
