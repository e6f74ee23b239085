// miniapps dev <dir>: a local preview of hosted screens, rendered like the client does, reloaded on every save.
import { usageError } from '../cli-error.js';
import { type Command, flag, stringOption } from '../command.js';
import { startPreview } from '../dev/preview-server.js';
import { countBySeverity } from '../findings.js';

const DEFAULT_PORT = 5180;

export const devCommand: Command = {
  name: 'dev',
  options: {
    port: { type: 'string', value: '<n>' },
    host: { type: 'string', value: '<address>' },
  },
  helpValues: { port: DEFAULT_PORT },
  examples: ['miniapps dev examples/hosted', 'miniapps dev screens --port 0'],
  async run(io, parsed, t) {
    if (parsed.positionals.length > 1) throw usageError(t('dev.one_folder'));
    const portText = stringOption(parsed, 'port') ?? String(DEFAULT_PORT);
    const port = Number(portText);
    if (!/^\d+$/.test(portText) || port > 65535) throw usageError(t('dev.bad_port', { port: portText }));
    const json = flag(parsed, 'json');
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
