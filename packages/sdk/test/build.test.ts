// The publishable package: `npm run build` output packs, installs into a fresh project, and works in plain
// Node.js and under tsc with its declarations, without the workspace or tsx.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vectors } from './helpers.js';

const sdkRoot = fileURLToPath(new URL('..', import.meta.url));
const tsc = fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url));

describe('built @miniapps/sdk', () => {
  let project: string;

  beforeAll(() => {
    execFileSync('node', ['scripts/build.mjs'], { cwd: sdkRoot, stdio: 'pipe' });
    project = mkdtempSync(join(tmpdir(), 'miniapps-sdk-consumer-'));
    execFileSync('npm', ['pack', join(sdkRoot, 'dist'), '--pack-destination', project], { stdio: 'pipe' });
    const tarball = readdirSync(project).find((f) => f.endsWith('.tgz'))!;
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', type: 'module' }));
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', `./${tarball}`], {
      cwd: project,
      stdio: 'pipe',
    });
  }, 120_000);
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('imports in plain node and verifies the shared vectors', () => {
    const v = vectors[0]!;
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
    const out = execFileSync('node', ['--input-type=module', '-e', script], {
      cwd: project,
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toEqual({
      ok: true,
      signature: v.signature,
      middleware: 'function',
      screen: {
        type: 'screen',
        children: [{ type: 'button', label: 'Go', onTap: { actionType: 'openPage', path: '/x' } }],
      },
    });
  });

  it('ships declarations: a TypeScript origin type-checks, and an unknown widget is a compile error', () => {
    writeFileSync(
      join(project, 'origin.ts'),
      `import { type Widget, screen, text, verifyRequest } from '@miniapps/sdk';
const result = verifyRequest({}, { secret: 's' });
export const reason: string = result.ok ? result.identity.appUserId : result.reason;
export const page: Widget = screen({ children: [text({ text: 'hi' })] });
export const typo: Widget = { type: 'colum' };
`,
    );
    const compilerOptions = { noEmit: true, strict: true, module: 'nodenext', target: 'es2022', types: [] };
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['origin.ts'] }));
    const args = [tsc, '-p', '.'];
    let output = '';
    try {
      execFileSync('node', args, { cwd: project, encoding: 'utf8' });
    } catch (error) {
      output = String((error as { stdout: string }).stdout);
    }
    expect(output).toMatch(/origin\.ts\(5,\d+\): error TS\d+: Type '"colum"' is not assignable/);
    expect(output).toContain('Did you mean \'"column"\'?');
    expect(
      output
        .trim()
        .split('\n')
        .filter((l) => l.includes('error TS')),
    ).toHaveLength(1);
  });
});
