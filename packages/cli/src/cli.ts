// The `miniapps` command line: picks the command, parses its options, prints errors the way the user asked.
import { readFileSync } from 'node:fs';
import { nearestName } from '@miniapps/schema';
import { CliError, EXIT } from './cli-error.js';
import { type Command, commandHelp, parseCommandArgs } from './command.js';
import { deployCommand } from './commands/deploy.js';
import { devCommand } from './commands/dev.js';
import { loginCommand } from './commands/login.js';
import { logoutCommand } from './commands/logout.js';
import { notifyCommand } from './commands/notify.js';
import { tokensCommand } from './commands/tokens.js';
import { validateCommand } from './commands/validate.js';
import { cliLanguage, type Language, say } from './i18n/messages.js';
import type { Io } from './io.js';

export const commands: readonly Command[] = [
  deployCommand,
  validateCommand,
  devCommand,
  notifyCommand,
  tokensCommand,
  loginCommand,
  logoutCommand,
];

export function version(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return String(manifest.version);
}

function mainHelp(): string {
  return [
    'Usage: miniapps <command> [options]',
    '',
    'Deploy, check and preview mini-app screens; send pushes; manage deploy tokens.',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(10)} ${c.summary}`),
    '',
    'Environment:',
    '  MINIAPPS_URL         Platform base URL (default http://localhost:8787)',
    '  MINIAPPS_TOKEN       Deploy token for deploy and notify',
    '  MINIAPPS_USER_TOKEN  User token for tokens (instead of `miniapps login`)',
    '  MINIAPPS_CONFIG      Config file (default ~/.config/miniapps/config.json)',
    "  MINIAPPS_LANG        en (default) or ru: hints and the platform's messages (or --lang ru)",
    '',
    "Run `miniapps <command> --help` for a command's options.",
    '',
  ].join('\n');
}

/** `--lang ru` or `--lang=ru` anywhere on the line, and the line without it. */
function takeLang(argv: readonly string[]): { args: string[]; lang: string | undefined } {
  const args: string[] = [];
  let lang: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--lang') {
      lang = argv[i + 1] ?? '';
      i++;
    } else if (arg.startsWith('--lang=')) lang = arg.slice('--lang='.length);
    else args.push(arg);
  }
  return { args, lang };
}

/** Runs one command line and returns the exit code; never throws. */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  // --lang is global: taken out here and passed on as MINIAPPS_LANG, which every command's settings read.
  const { args, lang } = takeLang(argv);
  if (lang !== undefined) io = { ...io, env: { ...io.env, MINIAPPS_LANG: lang } };
  let language: Language;
  try {
    language = cliLanguage(io.env.MINIAPPS_LANG);
  } catch (error) {
    return report(io, args.includes('--json'), error, 'en');
  }
  const [name, ...rest] = args;
  if (name === undefined) {
    io.stderr(mainHelp());
    return EXIT.usage;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    const topic = commands.find((c) => c.name === rest[0]);
    io.stdout(topic ? commandHelp(topic) : mainHelp());
    return EXIT.ok;
  }
  if (name === '--version' || name === '-v') {
    io.stdout(`${version()}\n`);
    return EXIT.ok;
  }
  const command = commands.find((c) => c.name === name);
  const json = rest.includes('--json');
  if (!command) {
    const near = nearestName(
      name,
      commands.map((c) => c.name),
    );
    return report(
      io,
      json,
      new CliError(`Unknown command "${name}".`, EXIT.usage, 'usage', [
        near ? `Did you mean \`miniapps ${near}\`?` : 'Run `miniapps --help` for the commands.',
      ]),
      language,
    );
  }
  try {
    const parsed = parseCommandArgs(command, [...rest]);
    if (parsed.values.help === true) {
      io.stdout(commandHelp(command));
      return EXIT.ok;
    }
    return await command.run(io, parsed);
  } catch (error) {
    return report(io, json, error, language);
  }
}

function report(io: Io, json: boolean, error: unknown, language: Language): number {
  const failure =
    error instanceof CliError
      ? error
      : new CliError(
          `Unexpected failure: ${(error as Error)?.stack ?? String(error)}`,
          EXIT.failure,
          'internal',
        );
  if (json) {
    const body = { ok: false, error: failure.code, message: failure.message, details: failure.details };
    io.stdout(`${JSON.stringify(body, null, 2)}\n`);
  } else {
    io.stderr(
      `${say(language, 'cli.error', { message: failure.message })}\n${failure.lines.map((line) => `${line}\n`).join('')}`,
    );
  }
  return failure.exitCode;
}
