// The two publishable host-kit packages: built, packed with `npm pack -w`, installed from their tarballs into an
// empty project (React and its types packed from this repository's node_modules, so nothing is downloaded), then
// imported by plain Node and type-checked by tsc against the shipped declarations.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const tsc = join(repo, 'node_modules/typescript/bin/tsc');
/** React as a host app installs it: the peers of @miniapps/react and what they depend on. */
const peers = ['react', 'react-dom', 'scheduler', '@types/react', '@types/react-dom', 'csstype'];

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function pack(target: string, into: string): string {
  const before = new Set(readdirSync(into));
  run('npm', ['pack', ...target.split(' '), '--pack-destination', into, '--silent'], repo);
  return readdirSync(into).find((file) => !before.has(file) && file.endsWith('.tgz'))!;
}

describe('@miniapps/host and @miniapps/react from their tarballs', () => {
  let project: string;
  let tarballs: { host: string; react: string };

  beforeAll(() => {
    run('node', ['scripts/build.mjs', '@miniapps/host', '@miniapps/react'], repo);
    project = mkdtempSync(join(tmpdir(), 'miniapps-host-kit-'));
    tarballs = { host: pack('-w @miniapps/host', project), react: pack('-w @miniapps/react', project) };
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'host-app', type: 'module', private: true }),
    );
  }, 180_000);
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('ship only what they need: built code, declarations, the stylesheet, no TypeScript sources or tests', () => {
    const listing = (tarball: string) => run('tar', ['-tzf', tarball], project).split('\n').filter(Boolean);
    const host = listing(tarballs.host);
    expect(host).toContain('package/dist/index.js');
    expect(host).toContain('package/dist/index.d.ts');
    const react = listing(tarballs.react);
    expect(react).toEqual(
      expect.arrayContaining([
        'package/dist/index.js',
        'package/dist/index.d.ts',
        'package/dist/miniapp.css',
      ]),
    );
    for (const file of [...host, ...react]) expect(file).not.toMatch(/^package\/(src|test|scripts)\//);
  });

  it('@miniapps/host installs alone and works in plain Node: launch links, errors, a call to a platform that is down', () => {
    run('npm', ['install', '--offline', '--no-audit', '--no-fund', `./${tarballs.host}`], project);
    const script = `
      import { createHost, launchLink, parseLaunchLink, isHostError } from '@miniapps/host';
      const link = launchLink({ org: 'acme', slug: 'canteen', page: '/menu' });
      const host = createHost({ baseUrl: 'http://127.0.0.1:9', getToken: () => 'jwt' });
      const error = await host.catalog.list().catch((e) => e);
      console.log(JSON.stringify({ link, back: parseLaunchLink(link), code: isHostError(error) && error.code }));`;
    expect(JSON.parse(run('node', ['--input-type=module', '-e', script], project))).toEqual({
      link: 'miniapps://open/acme/canteen?page=%2Fmenu',
      back: { org: 'acme', slug: 'canteen', page: '/menu' },
      code: 'network_error',
    });
  });

  it('@miniapps/react installs beside React and imports in plain Node; the stylesheet is an export', () => {
    const peerTarballs = peers.map((name) => `./${pack(join(repo, 'node_modules', name), project)}`);
    run(
      'npm',
      ['install', '--offline', '--no-audit', '--no-fund', `./${tarballs.react}`, ...peerTarballs],
      project,
    );
    const script = `
      import { MiniApp, MiniAppRuntime, scopeLabels } from '@miniapps/react';
      import { createElement } from 'react';
      import { renderToStaticMarkup } from 'react-dom/server';
      import { createRequire } from 'node:module';
      const html = renderToStaticMarkup(createElement(MiniAppRuntime, {
        source: { loadScreen: () => new Promise(() => {}), request: async () => ({}) },
        startPath: '/', mode: 'production', title: 'Canteen', colorScheme: 'dark',
      }));
      const css = createRequire(import.meta.url).resolve('@miniapps/react/miniapp.css');
      console.log(JSON.stringify({ miniApp: typeof MiniApp, email: scopeLabels.email.title, html, css: css.endsWith('dist/miniapp.css') }));`;
    const out = JSON.parse(run('node', ['--input-type=module', '-e', script], project));
    expect(out).toMatchObject({ miniApp: 'function', email: 'E-mail', css: true });
    expect(out.html).toContain('data-color-scheme="dark"');
    expect(out.html).toContain('Canteen');
  });

  it('a TypeScript host app type-checks against the declarations, and a colour scheme that does not exist is a compile error', () => {
    writeFileSync(
      join(project, 'app.tsx'),
      `import { createHost, type HostErrorCode } from '@miniapps/host';
import { MiniApp } from '@miniapps/react';
const host = createHost({ baseUrl: 'https://apps.uni.example', getToken: async () => 'jwt' });
export const code: HostErrorCode = 'app_not_found';
export const view = <MiniApp host={host} app="acme/canteen" colorScheme="auto" effects={{ openUrl: (url: string) => console.log(url) }} />;
export const wrong = <MiniApp host={host} app="acme/canteen" colorScheme="sepia" />;
`,
    );
    const compilerOptions = {
      noEmit: true,
      strict: true,
      module: 'nodenext',
      target: 'es2022',
      jsx: 'react-jsx',
      lib: ['es2023', 'dom'],
      types: [],
      skipLibCheck: false,
    };
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['app.tsx'] }));
    let output = '';
    try {
      run('node', [tsc, '-p', '.'], project);
    } catch (error) {
      output = String((error as { stdout: string }).stdout);
    }
    const errors = output.split('\n').filter((line) => line.includes('error TS'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/app\.tsx\(6,\d+\): error TS2322: Type '"sepia"' is not assignable/);
  });
});
