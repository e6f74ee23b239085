// The publishable packages as a user gets them: each packs with `npm pack -w` straight from its workspace folder,
// the tarballs install together into an empty project without the network, and work there with plain Node.js
// and under tsc with their declarations, with no dependency or path back into this repository.
import { execFile, spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportTargets,
  filesOf,
  type PackedProject,
  type Publishable,
  packAndInstall,
  REPO_ROOT,
} from './helpers/packed-project.js';

/** Every publishable workspace, one line each (docs/decisions.md, "Build and packaging"). */
const PUBLISHABLE: readonly Publishable[] = [
  { name: '@miniapps/contract' },
  { name: '@miniapps/sdk' },
  { name: '@miniapps/cli' },
  { name: '@miniapps/host' },
  { name: '@miniapps/react', linked: ['react', 'react-dom', 'scheduler', '@types/react', 'csstype'] },
];
const NAMES = PUBLISHABLE.map((p) => p.name);
const tsc = join(REPO_ROOT, 'node_modules/typescript/bin/tsc');
const vectors = JSON.parse(readFileSync(join(REPO_ROOT, 'packages/sdk/test-vectors/signature.json'), 'utf8'));
const vectorsV2 = JSON.parse(
  readFileSync(join(REPO_ROOT, 'packages/sdk/test-vectors/signature-v2.json'), 'utf8'),
);

let project: PackedProject;
// About a minute on a quiet machine (each package built, packed and installed); far longer while two cores are shared.
beforeAll(async () => {
  project = await packAndInstall(PUBLISHABLE);
}, 600_000);
// A hook that timed out leaves no project to remove.
afterAll(() => {
  if (project as PackedProject | undefined) rmSync(project.dir, { recursive: true, force: true });
});

describe.each(NAMES)('%s as packed', (name) => {
  it('is marked publishable, builds before every pack, says which Node it needs, and depends on nothing of the repository', async () => {
    const manifest = project.manifest(name);
    expect(manifest.private).toBeUndefined();
    expect(manifest.scripts?.prepack).toBe('npm run build');
    expect(manifest.engines?.node).toBe('>=20.19');
    expect(manifest.files).toContain('dist');
    for (const [dependency, range] of Object.entries({
      ...manifest.dependencies,
      ...manifest.peerDependencies,
    })) {
      if (dependency.startsWith('@miniapps/'))
        expect(NAMES, `${name} needs ${dependency}`).toContain(dependency);
      expect(range, dependency).not.toMatch(/^(file|link|workspace):|^\*$/);
    }
  });

  it('holds every file its exports and bin name, its README, and no sources or tests', async () => {
    const manifest = project.manifest(name);
    const contents = project.contents.get(name) ?? [];
    const named = [...exportTargets(manifest).map((t) => t.target), ...Object.values(manifest.bin ?? {})];
    for (const target of named) expect(contents, target).toContain(target.replace(/^\.\//, ''));
    expect(contents).toContain('README.md');
    expect(contents.filter((file) => /^(src|test|scripts)\/|tsconfig/.test(file))).toEqual([]);
  });

  it('imports every JavaScript export with plain node, and no file reaches into the repository', async () => {
    const manifest = project.manifest(name);
    const entries = exportTargets(manifest).filter(
      (t) => t.condition === 'default' && t.target.endsWith('.js'),
    );
    const specifiers = entries.map((t) => `${name}${t.subpath.slice(1)}`);
    const script = `for (const s of ${JSON.stringify(specifiers)}) await import(s); console.log('ok');`;
    expect((await project.run(process.execPath, ['--input-type=module', '-e', script])).trim()).toBe('ok');

    // Declarations are held to the same by the consumer's type check below (only what an entry reaches counts).
    const allowed = new Set([name, ...Object.keys(manifest.dependencies ?? {})]);
    for (const file of filesOf(project.installed(name))) {
      const text = readFileSync(join(project.installed(name), file), 'utf8');
      expect(text, file).not.toContain(REPO_ROOT);
      if (!file.endsWith('.js')) continue;
      const imported = [...text.matchAll(/(?:from|import\()\s*["'](@miniapps\/[^/"']+)/g)].map((m) => m[1]);
      for (const dependency of imported)
        expect(allowed, `${file} imports ${dependency}`).toContain(dependency);
    }
  });
});

describe('@miniapps/sdk installed', () => {
  it('verifies the shared vectors with verifyRequest, and builds screens, from plain node', async () => {
    const v = vectors.vectors[0];
    const script = `
      import { verifyRequest, signAppUser, screen, button, openPage } from '@miniapps/sdk';
      import { withMiniapp } from '@miniapps/sdk/node';
      import vectors from '@miniapps/sdk/test-vectors/signature.json' with { type: 'json' };
      const v = vectors.vectors[0];
      const result = verifyRequest(
        { 'x-platform-app-user': v.appUserId, 'x-platform-timestamp': v.timestamp, 'x-platform-signature': v.signature },
        { secret: v.secret, now: Number(v.timestamp) * 1000 },
      );
      console.log(JSON.stringify({
        ok: result.ok,
        signature: signAppUser(v.secret, v.appUserId, v.timestamp),
        middleware: typeof withMiniapp,
        screen: screen({ children: [button({ label: 'Go', onTap: openPage('/x') })] }),
      }));`;
    expect(JSON.parse(await project.run(process.execPath, ['--input-type=module', '-e', script]))).toEqual({
      ok: true,
      signature: v.signature,
      middleware: 'function',
      screen: {
        type: 'screen',
        children: [{ type: 'button', label: 'Go', onTap: { actionType: 'openPage', path: '/x' } }],
      },
    });
  });

  it('publishes the signature v2 vectors, which the installed verifyRequest and signV2 accept', async () => {
    // An origin in another language takes the file from the package and checks its own HMAC against `text`.
    const script = `
      import { readFileSync } from 'node:fs';
      import { createRequire } from 'node:module';
      import { signAppUser, signV2, verifyRequest } from '@miniapps/sdk';
      import vectors from '@miniapps/sdk/test-vectors/signature-v2.json' with { type: 'json' };
      const file = createRequire(import.meta.url).resolve('@miniapps/sdk/test-vectors/signature-v2.json');
      console.log(JSON.stringify({
        file: JSON.parse(readFileSync(file, 'utf8')),
        results: vectors.vectors.map((v) => {
          const headers = {
            ...v.headers,
            'x-platform-timestamp': v.timestamp,
            'x-platform-signature': signAppUser(v.secret, v.headers['x-platform-app-user'], v.timestamp),
            'x-platform-signature-v2': v.signatureV2,
          };
          const request = { method: v.method, target: v.target, body: v.body };
          const result = verifyRequest(headers, { secret: v.secret, now: Number(v.timestamp) * 1000, request, requireV2: true });
          return { ok: result.ok, version: result.version, signed: v.signatureV2.includes('v2=' + signV2(v.secret, v.text)) };
        }),
      }));`;
    const out = JSON.parse(await project.run(process.execPath, ['--input-type=module', '-e', script]));
    expect(out.file).toEqual(vectorsV2);
    expect(out.results).toHaveLength(vectorsV2.vectors.length);
    for (const result of out.results) expect(result).toEqual({ ok: true, version: 2, signed: true });
  });
});

describe('@miniapps/cli installed', () => {
  it('runs as `npx miniapps`: help, version, and an offline validation with the bundled registry', async () => {
    expect(await project.run('npx', ['--no-install', 'miniapps', '--help'])).toMatch(
      /^Usage: miniapps <command>/,
    );
    // The Russian catalogue travels in the bundle.
    expect(await project.run('npx', ['--no-install', 'miniapps', '--help', '--lang', 'ru'])).toMatch(
      /^Использование: miniapps <команда>/,
    );
    expect((await project.run('npx', ['--no-install', 'miniapps', '--version'])).trim()).toBe('0.1.0');
    const out = await project.run('npx', [
      '--no-install',
      'miniapps',
      'validate',
      join(REPO_ROOT, 'examples/hosted'),
      '--json',
    ]);
    expect(JSON.parse(out)).toMatchObject({ ok: true, findings: [] });
  });

  it('serves the prebuilt renderer in `miniapps dev`', async () => {
    const bin = join(project.dir, 'node_modules/.bin/miniapps');
    const child = spawn(bin, ['dev', join(REPO_ROOT, 'examples/hosted'), '--port', '0'], {
      cwd: project.dir,
    });
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

  it('exports its library to plain node', async () => {
    const script = `import { run, screenPathOf } from '@miniapps/cli'; console.log(typeof run, screenPathOf('news/index.json'));`;
    expect(await project.run(process.execPath, ['--input-type=module', '-e', script])).toBe(
      'function /news\n',
    );
  });
});

describe('@miniapps/host and @miniapps/react installed', () => {
  it('host works in plain node: launch links, and a platform that is down is a HostError', async () => {
    const script = `
      import { createHost, launchLink, parseLaunchLink, isHostError } from '@miniapps/host';
      const link = launchLink({ org: 'acme', slug: 'canteen', page: '/menu' });
      const host = createHost({ baseUrl: 'http://127.0.0.1:9', getToken: () => 'jwt' });
      const error = await host.catalog.list().catch((e) => e);
      console.log(JSON.stringify({ link, back: parseLaunchLink(link), code: isHostError(error) && error.code }));`;
    expect(JSON.parse(await project.run(process.execPath, ['--input-type=module', '-e', script]))).toEqual({
      link: 'miniapps://open/acme/canteen?page=%2Fmenu',
      back: { org: 'acme', slug: 'canteen', page: '/menu' },
      code: 'network_error',
    });
  });

  it('react renders beside React in plain node, and its stylesheet is an export', async () => {
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
    const out = JSON.parse(await project.run(process.execPath, ['--input-type=module', '-e', script]));
    expect(out).toMatchObject({ miniApp: 'function', email: 'E-mail', css: true });
    expect(out.html).toContain('data-color-scheme="dark"');
    expect(out.html).toContain('Canteen');
  });
});

describe('declarations of the installed packages', () => {
  it('type-check TypeScript consumers; an unknown widget and an unknown colour scheme are compile errors', async () => {
    writeFileSync(
      join(project.dir, 'consumer.ts'),
      `import { type Widget, screen, text, verifyRequest } from '@miniapps/sdk';
import { type Finding, processIo, run } from '@miniapps/cli';
const result = verifyRequest({}, { secret: 's' });
export const reason: string = result.ok ? result.identity.appUserId : result.reason;
export const typo: Widget = { type: 'colum' };
export const page: Widget = screen({ children: [text({ text: 'hi' })] });
export const findings: Finding[] = [];
export const exitCode: Promise<number> = run(['--version'], processIo());
${NAMES.map((n, i) => `import * as package${i} from '${n}';\nexport const keys${i}: string[] = Object.keys(package${i});`).join('\n')}
`,
    );
    writeFileSync(
      join(project.dir, 'app.tsx'),
      `import { createHost, type HostErrorCode } from '@miniapps/host';
import { MiniApp } from '@miniapps/react';
const host = createHost({ baseUrl: 'https://apps.uni.example', getToken: async () => 'jwt' });
export const code: HostErrorCode = 'app_not_found';
export const view = <MiniApp host={host} app="acme/canteen" colorScheme="auto" effects={{ openUrl: (url: string) => console.log(url) }} />;
export const wrong = <MiniApp host={host} app="acme/canteen" colorScheme="sepia" />;
`,
    );
    const compilerOptions = {
      ...{ noEmit: true, strict: true, module: 'nodenext', target: 'es2022', jsx: 'react-jsx' },
      ...{ lib: ['es2023', 'dom'], types: [], skipLibCheck: false },
    };
    const files = ['consumer.ts', 'app.tsx'];
    writeFileSync(join(project.dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files }));
    let output = '';
    try {
      await project.run(process.execPath, [tsc, '-p', '.']);
    } catch (error) {
      output = String((error as { stdout: string }).stdout);
    }
    const errors = output
      .split('\n')
      .filter((line) => line.includes('error TS'))
      .sort();
    expect(errors, output).toHaveLength(2);
    expect(errors[0]).toMatch(/app\.tsx\(6,\d+\): error TS2322: Type '"sepia"' is not assignable/);
    expect(errors[1]).toMatch(/consumer\.ts\(5,\d+\): error TS\d+: Type '"colum"' is not assignable/);
    expect(output).toContain('Did you mean \'"column"\'?');
    // Every declaration is checked (skipLibCheck off), TypeBox's too since the host's API types come from the
    // contract's schemas: longer than the default 30 s on a busy two-core machine.
  }, 120_000);
});

describe('inside the repository after the build', () => {
  it('plain node imports the built packages from the root, without the source condition', async () => {
    const script = `for (const n of ${JSON.stringify(NAMES)}) await import(n); console.log('ok');`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      cwd: REPO_ROOT,
    });
    expect(stdout.trim()).toBe('ok');
  });
});
