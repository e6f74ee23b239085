// miniapps dev <dir>: a local preview of hosted screens, rendered like the client does, reloaded on every save.
import { usageError } from '../cli-error.js';
import { type Command, flag, stringOption } from '../command.js';
import { startPreview } from '../dev/preview-server.js';
import { countBySeverity } from '../findings.js';

const DEFAULT_PORT = 5180;

export const devCommand: Command = {
  name: 'dev',
  summary: 'Preview a folder of screens locally, reloaded on every change.',
  usage: 'miniapps dev [dir] [--port <n>] [--host <address>]',
  details: [
    "Serves a page that renders the screens with the web client's renderer (development mode, so unknown\n" +
      'widgets show as labelled placeholders), lists every finding of `miniapps validate`, and reloads when\n' +
      'a file in the folder changes. openPage moves between your files; a hosted app has no API backend, so\n' +
      'networkRequest fails as it would on the platform. Nothing is uploaded. Stop with Ctrl-C.',
  ],
  options: {
    port: { type: 'string', value: '<n>', description: `Port (default ${DEFAULT_PORT}; 0 picks a free one)` },
    host: { type: 'string', value: '<address>', description: 'Address to listen on (default 127.0.0.1)' },
  },
  examples: ['miniapps dev examples/hosted', 'miniapps dev screens --port 0'],
  async run(io, parsed) {
    if (parsed.positionals.length > 1) throw usageError('dev takes one folder.');
    const portText = stringOption(parsed, 'port') ?? String(DEFAULT_PORT);
    const port = Number(portText);
    if (!/^\d+$/.test(portText) || port > 65535)
      throw usageError(`--port must be 0 to 65535 (got "${portText}").`);
    const json = flag(parsed, 'json');
    const preview = await startPreview({
      dir: parsed.positionals[0] ?? '.',
      cwd: io.cwd,
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
            : `Changed ${files}: ${counts.error} error(s), ${counts.unknown} unknown type(s), ${counts.warning} warning(s); reloading.\n`,
        );
      },
    });
    io.stdout(
      json
        ? `${JSON.stringify({ event: 'listening', url: preview.url })}\n`
        : `Preview on ${preview.url} (Ctrl-C to stop)\n`,
    );
    await io.interrupted;
    await preview.close();
    return 0;
  },
};
