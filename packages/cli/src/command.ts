// The shape of a command: its options (parsed by node:util), its help text (from the catalogues), and what it runs.
import { parseArgs } from 'node:util';
import { usageError } from './cli-error.js';
import { languages, type MessageKey, type Translate, text, type Values } from './i18n/messages.js';
import type { Io } from './io.js';
import { DEFAULT_URL } from './settings.js';

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** Shown in help: `--org <id>`. */
  value?: string;
}

export interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/**
 * A command's texts live in the catalogues under `help.<name>.`: `summary`, `usage`, `details` (paragraphs
 * apart by a blank line) and `option.<option>`; `helpValues` fills their ICU arguments.
 */
export interface Command {
  name: string;
  options: Record<string, OptionSpec>;
  helpValues?: Values;
  examples: string[];
  run(io: Io, parsed: Parsed, t: Translate): Promise<number>;
}

/** Options every command takes (`--lang` is taken off the line before parsing; listed here for help). */
export const commonOptions: Record<string, OptionSpec> = {
  url: { type: 'string', value: '<url>' },
  json: { type: 'boolean' },
  lang: { type: 'string', value: `<${languages.join('|')}>` },
  help: { type: 'boolean', short: 'h' },
};

/** ICU arguments every help text may use: the default platform URL and the languages the CLI speaks. */
export const commonValues: Values = { url: DEFAULT_URL, languages: languages.join(', ') };

export function helpKey(command: Command, part: string): MessageKey {
  return `help.${command.name}.${part}` as MessageKey;
}

/** The one-line summary of a command, as the main help lists it. */
export function commandSummary(command: Command, t: Translate): string {
  return t(helpKey(command, 'summary'), command.helpValues);
}

export function parseCommandArgs(command: Command, argv: string[]): Parsed {
  const options = { ...command.options, ...commonOptions };
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: Object.fromEntries(
        Object.entries(options).map(([name, spec]) => [
          name,
          { type: spec.type, ...(spec.short !== undefined && { short: spec.short }) },
        ]),
      ),
      allowPositionals: true,
      strict: true,
    });
    return { values: values as Parsed['values'], positionals };
  } catch (error) {
    throw usageError(
      parseFailure(error as Error & { code?: string }),
      text('cli.see_command_help', { command: command.name }),
    );
  }
}

/** node:util's parse errors in the catalogue's words; one it has no key for keeps node's first sentence. */
function parseFailure(error: Error & { code?: string }) {
  const option = /'([^']+)'/.exec(error.message)?.[1]?.replace(/ <value>$/, '');
  if (option !== undefined && error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    return text('cli.unknown_option', { option });
  }
  if (option !== undefined && error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return /argument missing/.test(error.message)
      ? text('cli.option_needs_value', { option })
      : text('cli.option_takes_no_value', { option });
  }
  // parseArgs explains `--` for positionals after its message; the first sentence is what matters here.
  return error.message.replace(/ To specify a positional argument[\s\S]*$/, '');
}

export function commandHelp(command: Command, t: Translate): string {
  const values = { ...commonValues, ...command.helpValues };
  const options = { ...command.options, ...commonOptions };
  const rows = Object.entries(options).map(([name, spec]) => {
    const flag = `${spec.short ? `-${spec.short}, ` : '    '}--${name}${spec.value ? ` ${spec.value}` : ''}`;
    const key = (
      name in commonOptions ? `help.option.${name}` : helpKey(command, `option.${name}`)
    ) as MessageKey;
    return `  ${flag.padEnd(28)} ${t(key, values)}`;
  });
  return [
    t('help.usage', { usage: t(helpKey(command, 'usage'), values) }),
    '',
    t(helpKey(command, 'summary'), values),
    '',
    t(helpKey(command, 'details'), values),
    '',
    t('help.options'),
    ...rows,
    ...(command.examples.length > 0
      ? ['', t('help.examples'), ...command.examples.map((e) => `  ${e}`)]
      : []),
    '',
  ].join('\n');
}

export function stringOption(parsed: Parsed, name: string): string | undefined {
  const value = parsed.values[name];
  return typeof value === 'string' ? value : undefined;
}

export function flag(parsed: Parsed, name: string): boolean {
  return parsed.values[name] === true;
}

/** Writes the result: the JSON document with --json, the human lines otherwise. */
export function emit(io: Io, parsed: Parsed, human: string[], data: Record<string, unknown>): void {
  if (flag(parsed, 'json')) io.stdout(`${JSON.stringify({ ok: true, ...data }, null, 2)}\n`);
  else io.stdout(`${human.join('\n')}\n`);
}
