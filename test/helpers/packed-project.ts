// Packs publishable workspaces with `npm pack -w` and installs the tarballs together into an empty project, offline.
import { execFile } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface Publishable {
  name: string;
  /** Packages from this repository's node_modules linked into the project instead of installed: peers the npm
   * cache of a machine without network may lack, and type packages the root declarations need. */
  linked?: readonly string[];
}

export interface Manifest {
  name: string;
  private?: boolean;
  version: string;
  engines?: { node?: string };
  files?: string[];
  scripts?: Record<string, string>;
  bin?: Record<string, string>;
  exports?: Record<string, string | Record<string, string>>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

export interface PackedProject {
  dir: string;
  /** What each tarball holds, by package name (paths inside the package). */
  contents: Map<string, string[]>;
  installed(name: string): string;
  manifest(name: string): Manifest;
  /** Its standard output; a failure rejects with `stdout` and `stderr` on the error. */
  run(command: string, args: readonly string[]): Promise<string>;
}

const execFileAsync = promisify(execFile);

/**
 * Runs a command without blocking the test process: a pack or a type check takes minutes on a busy machine, and a
 * worker blocked that long misses its own calls to Vitest ("Timeout calling onTaskUpdate", a failed run).
 */
const run = async (command: string, args: readonly string[], cwd: string) =>
  (await execFileAsync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })).stdout;

/** Packs the packages (each one's `prepack` builds it from the workspace's sources) and installs the tarballs. */
export async function packAndInstall(packages: readonly Publishable[]): Promise<PackedProject> {
  const names = packages.map((p) => p.name);
  const dir = mkdtempSync(join(tmpdir(), 'miniapps-consumer-'));
  // Read back from the tarballs: `--json` output would be mixed with what the builds print.
  await run('npm', ['pack', ...names.flatMap((n) => ['-w', n]), '--pack-destination', dir], REPO_ROOT);
  const packed = await Promise.all(
    readdirSync(dir)
      .filter((file) => file.endsWith('.tgz'))
      .map(async (filename) => ({
        filename,
        name: (JSON.parse(await run('tar', ['-xzOf', filename, 'package/package.json'], dir)) as Manifest)
          .name,
        files: (await run('tar', ['-tzf', filename], dir))
          .split('\n')
          .filter(Boolean)
          .map((path) => path.replace(/^package\//, '')),
      })),
  );
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  await run(
    'npm',
    [
      'install',
      '--offline',
      '--legacy-peer-deps',
      '--no-audit',
      '--no-fund',
      ...packed.map((p) => `./${p.filename}`),
    ],
    dir,
  );
  for (const link of new Set(packages.flatMap((p) => p.linked ?? []))) {
    const target = join(dir, 'node_modules', link);
    mkdirSync(dirname(target), { recursive: true });
    symlinkSync(join(REPO_ROOT, 'node_modules', link), target, 'dir');
  }
  const installed = (name: string) => join(dir, 'node_modules', name);
  return {
    dir,
    contents: new Map(packed.map((p) => [p.name, p.files])),
    installed,
    manifest: (name) => JSON.parse(readFileSync(join(installed(name), 'package.json'), 'utf8')),
    run: (command, args) => run(command, args, dir),
  };
}

/** Every file of an installed package, relative to its folder. */
export function filesOf(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => statSync(join(folder, file)).isFile())
    .map((file) => relative(folder, join(folder, file)));
}

/** Export targets a plain consumer resolves (every condition but `source`, which names the repository's sources). */
export function exportTargets(manifest: Manifest): { subpath: string; condition: string; target: string }[] {
  return Object.entries(manifest.exports ?? {}).flatMap(([subpath, entry]) =>
    typeof entry === 'string'
      ? [{ subpath, condition: 'default', target: entry }]
      : Object.entries(entry)
          .filter(([condition]) => condition !== 'source')
          .map(([condition, target]) => ({ subpath, condition, target })),
  );
}
