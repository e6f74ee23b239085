// The shape of a command: its options (parsed by node:util), its help text, and what it runs.
import { parseArgs } from 'node:util';
import { usageError } from './cli-error.js';
import type { Io } from './io.js';

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** Shown in help: `--org <id>`. */
  value?: string;
  description: string;
}

export interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

export interface Command {
  name: string;
  summary: string;
  usage: string;
  /** Paragraphs under the usage line: what the command does, where its inputs come from. */
  details: string[];
  options: Record<string, OptionSpec>;
  examples: string[];
  run(io: Io, parsed: Parsed): Promise<number>;
}

/** Options every command takes. */
export const commonOptions: Record<string, OptionSpec> = {
  url: {
    type: 'string',
    value: '<url>',
    description: 'Platform base URL (default: MINIAPPS_URL, the config file, http://localhost:8787)',
  },
  json: { type: 'boolean', description: 'Print one JSON document on stdout, for scripts' },
  help: { type: 'boolean', short: 'h', description: 'Show this help' },
};

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
    // parseArgs explains `--` for positionals after its message; the first sentence is what matters here.
    const message = (error as Error).message.replace(/ To specify a positional argument[\s\S]*$/, '');
    throw usageError(message, `Run \`miniapps ${command.name} --help\`.`);
  }
}

export function commandHelp(command: Command): string {
  const options = { ...command.options, ...commonOptions };
  const rows = Object.entries(options).map(([name, spec]) => {
    const flag = `${spec.short ? `-${spec.short}, ` : '    '}--${name}${spec.value ? ` ${spec.value}` : ''}`;
    return `  ${flag.padEnd(28)} ${spec.description}`;
  });
  return [
    `Usage: ${command.usage}`,
    '',
    command.summary,
    ...command.details.flatMap((d) => ['', d]),
    '',
    'Options:',
    ...rows,
    ...(command.examples.length > 0 ? ['', 'Examples:', ...command.examples.map((e) => `  ${e}`)] : []),
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
