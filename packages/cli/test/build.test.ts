// The publishable CLI: `npm run build` output packs, installs into an empty project without the workspace, and
// runs there with plain Node.js: the validator and the preview renderer are inside, nothing else is needed.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/cli-process.js';

const cliRoot = fileURLToPath(new URL('..', import.meta.url));

describe('built @miniapps/cli', () => {
  let project: string;
  let bin: string;

  beforeAll(() => {
    execFileSync('npm', ['run', 'build'], { cwd: cliRoot, stdio: 'pipe' });
    project = mkdtempSync(join(tmpdir(), 'miniapps-cli-consumer-'));
    execFileSync('npm', ['pack', join(cliRoot, 'dist'), '--pack-destination', project], { stdio: 'pipe' });
    const tarball = readdirSync(project).find((f) => f.endsWith('.tgz'))!;
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', type: 'module' }));
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', `./${tarball}`], {
      cwd: project,
      stdio: 'pipe',
    });
    bin = join(project, 'node_modules/.bin/miniapps');
  }, 180_000);
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('has no dependency left to install and no workspace import inside', () => {
    const installed = join(project, 'node_modules/@miniapps/cli');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(manifest.dependencies).toBeUndefined();
    for (const file of readdirSync(join(installed, 'lib')).filter((f) => f.endsWith('.js'))) {
      expect(readFileSync(join(installed, 'lib', file), 'utf8'), file).not.toMatch(/from\s*["']@miniapps\//);
    }
  });

  it('runs as `miniapps` in plain node: version and an offline validation with the bundled registry', () => {
    expect(execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim()).toBe('0.1.0');
    const out = execFileSync(bin, ['validate', join(REPO_ROOT, 'examples/hosted'), '--json'], {
      cwd: project,
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toMatchObject({ ok: true, findings: [] });
  });

  it('serves the prebuilt renderer in `miniapps dev`', async () => {
    const child = spawn(bin, ['dev', join(REPO_ROOT, 'examples/hosted'), '--port', '0'], { cwd: project });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk) => {
          out += chunk;
          const match = /Preview on (\S+)/.exec(out);
          if (match) resolve(match[1]!);
        });
        child.on('exit', (code) => reject(new Error(`dev exited ${code}: ${out}`)));
      });
      const state = (await (await fetch(`${url}/__miniapps/state`)).json()) as { renderer: unknown };
      expect(state.renderer).toEqual({ available: true });
    } finally {
      child.kill('SIGINT');
    }
  });

  it('exports its library with declarations', () => {
    const script = `import { run, screenPathOf } from '@miniapps/cli'; console.log(typeof run, screenPathOf('news/index.json'));`;
    expect(
      execFileSync('node', ['--input-type=module', '-e', script], { cwd: project, encoding: 'utf8' }),
    ).toBe('function /news\n');
    const declarations = readFileSync(join(project, 'node_modules/@miniapps/cli/lib/index.d.ts'), 'utf8');
    expect(declarations).toContain('run');
  });
});
