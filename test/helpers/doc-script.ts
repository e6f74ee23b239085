// Runs a document's shell blocks as written: each command by bash in one session (variables carry over), its output
// kept apart, with `localhost:8787` pointed at the platform under test and a fresh home for the CLI's files.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface ShellBlock {
  /** The block's commands, continuation lines joined, blank and comment-only lines left out. */
  commands: string[];
  /** The block opens with `# In another terminal` (or `a third`, …): it keeps running beside the others. */
  background: boolean;
}

/** The ```sh blocks of a Markdown text, in order. */
export function shellBlocks(markdown: string): ShellBlock[] {
  return [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => ({
    background: /^# In (another|a \w+) terminal/i.test(match[1]!),
    commands: match[1]!
      .replace(/\\\n\s*/g, '')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => line.replace(/\s+#[^'"]*$/, '')),
  }));
}

/**
 * A block that keeps running, as one command of the script: started in a process group of its own (so it can be
 * stopped like a terminal's Ctrl-C: `stopBackground`), its output in `log`, and the script goes on once `ready`
 * shows in it.
 */
export function backgroundCommand(
  block: ShellBlock,
  log: string,
  ready: RegExp,
  timeoutSeconds = 120,
): string {
  const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
  const body = ['set -euo pipefail', ...block.commands].join('\n');
  return [
    `setsid bash -c ${quote(body)} > ${quote(log)} 2>&1 < /dev/null &`,
    `echo $! > ${quote(`${log}.pid`)}`,
    `for _ in $(seq ${timeoutSeconds * 2}); do grep -qE ${quote(ready.source)} ${quote(log)} && break; sleep 0.5; done`,
    `grep -qE ${quote(ready.source)} ${quote(log)} || { cat ${quote(log)}; exit 1; }`,
    `cat ${quote(log)}`,
  ].join('\n');
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
      npm_config_update_notifier: 'false',
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

/** Ctrl-C to a background block's process group, then SIGKILL to whatever is left after a few seconds. */
export async function stopBackground(log: string): Promise<void> {
  let pid: number;
  try {
    pid = Number(readFileSync(`${log}.pid`, 'utf8').trim());
  } catch {
    return;
  }
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name);
      return true;
    } catch {
      return false;
    }
  };
  if (!signal('SIGINT')) return;
  for (let i = 0; i < 50; i += 1) {
    await new Promise((r) => setTimeout(r, 100));
    if (!signal(0 as unknown as NodeJS.Signals)) return;
  }
  signal('SIGKILL');
}
