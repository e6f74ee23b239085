// The `miniapps` command line: picks the command, parses its options, prints errors the way the user asked.
import { readFileSync } from 'node:fs';
import { nearestName } from '@miniapps/schema';
import { CliError, EXIT } from './cli-error.js';
import { type Command, commandHelp, commandSummary, commonValues, parseCommandArgs } from './command.js';
import { appsCommand } from './commands/apps.js';
import { deployCommand } from './commands/deploy.js';
import { devCommand } from './commands/dev.js';
import { initCommand } from './commands/init.js';
import { loginCommand } from './commands/login.js';
import { logoutCommand } from './commands/logout.js';
import { notifyCommand } from './commands/notify.js';
import { orgsCommand } from './commands/orgs.js';
import { reviewCommand } from './commands/review.js';
import { tokensCommand } from './commands/tokens.js';
import { validateCommand } from './commands/validate.js';
import { cliLanguage, takeLang } from './i18n/language.js';
import {
  english,
  type Language,
  type MessageKey,
  render,
  type Translate,
  text,
  translator,
} from './i18n/messages.js';
import type { Io } from './io.js';

export const commands: readonly Command[] = [
  orgsCommand,
  appsCommand,
  initCommand,
  deployCommand,
  validateCommand,
  devCommand,
  reviewCommand,
  notifyCommand,
  tokensCommand,
  loginCommand,
  logoutCommand,
];

export function version(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return String(manifest.version);
}

/** Environment variables the main help explains (their texts are `help.env.<name>`). */
const ENVIRONMENT = [
  'MINIAPPS_URL',
  'MINIAPPS_TOKEN',
  'MINIAPPS_USER_TOKEN',
  'MINIAPPS_CONFIG',
  'MINIAPPS_LANG',
  'BROWSER',
];

function mainHelp(t: Translate): string {
  return [
    t('help.usage', { usage: t('help.main.usage') }),
    '',
    t('help.main.about'),
    '',
    t('help.main.commands'),
    ...commands.map((c) => `  ${c.name.padEnd(10)} ${commandSummary(c, t)}`),
    '',
    t('help.main.environment'),
    ...ENVIRONMENT.map((name) => `  ${name.padEnd(20)} ${t(`help.env.${name}` as MessageKey, commonValues)}`),
    '',
    t('help.main.more'),
    '',
  ].join('\n');
}

/** Runs one command line and returns the exit code; never throws. */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  // --lang is global: taken off the line here; the language reaches every command as `t` and as MINIAPPS_LANG,
  // which their settings read for Accept-Language.
  const { args, lang } = takeLang(argv);
  let language: Language;
  try {
    language = cliLanguage(lang, io.env.MINIAPPS_LANG);
  } catch (error) {
    return report(io, args.includes('--json'), error, english);
  }
  io = { ...io, env: { ...io.env, MINIAPPS_LANG: language } };
  const t = translator(language);
  const [name, ...rest] = args;
  if (name === undefined) {
    io.stderr(mainHelp(t));
    return EXIT.usage;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    const topic = commands.find((c) => c.name === rest[0]);
    io.stdout(topic ? commandHelp(topic, t) : mainHelp(t));
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
      new CliError(text('cli.unknown_command', { name }), EXIT.usage, 'usage', [
        near ? text('cli.did_you_mean_command', { name: near }) : text('cli.see_commands'),
      ]),
      t,
    );
  }
  try {
    const parsed = parseCommandArgs(command, [...rest]);
    if (parsed.values.help === true) {
      io.stdout(commandHelp(command, t));
      return EXIT.ok;
    }
    return await command.run(io, parsed, t);
  } catch (error) {
    return report(io, json, error, t);
  }
}

function report(io: Io, json: boolean, error: unknown, t: Translate): number {
  const failure =
    error instanceof CliError
      ? error
      : new CliError(
          text('cli.unexpected', { detail: (error as Error)?.stack ?? String(error) }),
          EXIT.failure,
          'internal',
        );
  const message = render(t, failure.text);
  if (json) {
    const body = { ok: false, error: failure.code, message, details: failure.details };
    io.stdout(`${JSON.stringify(body, null, 2)}\n`);
  } else {
    const lines = failure.lines.map((line) => `${render(t, line)}\n`).join('');
    io.stderr(`${t('cli.error', { message })}\n${lines}`);
  }
  return failure.exitCode;
}
