// Runs the real `miniapps` process (its bundle, as the package ships it, or npx's bin) with an isolated config file.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { cliBundleOptions } from '../../scripts/bundle-options.js';

/** The bin of a checkout: runs the TypeScript sources through tsx (half a second of compiling on each start). */
export const BIN = fileURLToPath(new URL('../../bin/miniapps.js', import.meta.url));
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CLI_ROOT = fileURLToPath(new URL('../../', import.meta.url));

let bundled: string | undefined;

/**
 * The CLI's main bundle, made once per test process as `npm run build` makes it: a process starts five times faster
 * than through tsx, and CLI tests start hundreds. It sits beside the package's own files (the CLI reads
 * `../package.json`), in a folder of this process's own, removed when the process ends.
 */
export function cliMain(): string {
  if (!bundled) {
    const dir = mkdtempSync(join(CLI_ROOT, '.test-bundle-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    buildSync(cliBundleOptions({ main: join(CLI_ROOT, 'src/main.ts') }, dir));
    // `miniapps dev` builds its preview renderer from this entry beside the bundle, as in a checkout.
    copyFileSync(join(CLI_ROOT, 'src/dev/preview-client.js'), join(dir, 'preview-client.js'));
    bundled = join(dir, 'main.js');
  }
  return bundled;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON (for --json runs). */
  json: () => Record<string, unknown> & { ok: boolean };
}

export interface CliOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  input?: string;
  /** Run as `npx miniapps …` from the working directory, the way the README says, instead of node bin/miniapps.js. */
  viaNpx?: boolean;
}

/** A fresh config file path per test file, so saved tokens never leak between tests or from the developer's home. */
export function freshConfigPath(): string {
  return join(mkdtempSync(join(tmpdir(), 'miniapps-cli-config-')), 'config.json');
}

export function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_OPTIONS: undefined,
    ...options.env,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  return new Promise((resolve, reject) => {
    const [command, commandArgs] = options.viaNpx
      ? ['npx', ['--no-install', 'miniapps', ...args]]
      : [process.execPath, [cliMain(), ...args]];
    const child = spawn(command, commandArgs, {
      cwd: options.cwd ?? REPO_ROOT,
      env: env as NodeJS.ProcessEnv,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({
        code,
        stdout,
        stderr,
        json: () => {
          try {
            return JSON.parse(stdout);
          } catch {
            throw new Error(`stdout is not JSON:\n${stdout}\nstderr:\n${stderr}`);
          }
        },
      }),
    );
    child.stdin.end(options.input ?? '');
  });
}
