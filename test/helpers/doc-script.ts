// Runs a document's shell blocks as written: each command by bash in one session (variables carry over), its output
// kept apart, with `localhost:8787` pointed at the platform under test and a fresh home for the CLI's files.
import { spawn } from 'node:child_process';

export interface ShellBlock {
  /** The block's commands, continuation lines joined, blank and comment-only lines left out. */
  commands: string[];
}

/** The ```sh blocks of a Markdown text, in order. */
export function shellBlocks(markdown: string): ShellBlock[] {
  return [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => ({
    commands: match[1]!
      .replace(/\\\n\s*/g, '')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => line.replace(/\s+#[^'"]*$/, '')),
  }));
}

export interface ScriptRun {
  code: number | null;
  /** Every command with its output, for a failure's message. */
  transcript: string;
  /** The output of the first command matching `command`. */
  outputOf(command: RegExp): string;
  /** The outputs of every command matching `command`, in order. */
  outputsOf(command: RegExp): string[];
}

const MARK = '\u0001### ';

export async function runScript(
  commands: string[],
  options: { cwd: string; home: string; platformUrl: string; env?: Record<string, string> },
): Promise<ScriptRun> {
  const host = new URL(options.platformUrl).host;
  const script = [
    'set -euo pipefail',
    ...commands.flatMap((command, index) => [
      `printf '\\n${MARK}%s\\n' ${index}`,
      command.replaceAll('localhost:8787', host),
    ]),
  ].join('\n');
  const child = spawn('bash', ['-c', script], {
    cwd: options.cwd,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: options.home,
      // The CLI's default platform is http://localhost:8787; the one under test listens elsewhere.
      MINIAPPS_URL: options.platformUrl,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((done) => child.on('close', done));

  const outputs = new Map<number, string>();
  for (const part of output.split(`\n${MARK}`).slice(1)) {
    const newline = part.indexOf('\n');
    outputs.set(Number(part.slice(0, newline)), part.slice(newline + 1).trim());
  }
  const matching = (command: RegExp) =>
    commands.flatMap((text, index) => (command.test(text) ? [outputs.get(index) ?? ''] : []));
  return {
    code,
    transcript: commands.map((text, index) => `$ ${text}\n${outputs.get(index) ?? '(not run)'}`).join('\n'),
    outputOf: (command) => {
      const [first] = matching(command);
      if (first === undefined) throw new Error(`no command matches ${command}`);
      return first;
    },
    outputsOf: matching,
  };
}
