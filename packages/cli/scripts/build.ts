// Builds the publishable package into dist/: the CLI and its library as self-contained ESM bundles (the schema
// validator inside), declarations, the prebuilt preview renderer, and a package.json without workspace
// dependencies. Publish with `npm publish packages/cli/dist`.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildRendererBundle } from '../src/dev/renderer-bundle.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist/`;

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: { main: `${root}src/main.ts`, index: `${root}src/index.ts` },
  outdir: `${dist}lib`,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Only `miniapps dev` in a repository checkout builds the renderer at run time; the package ships it built.
  external: ['esbuild'],
  logLevel: 'warning',
});
execFileSync('npx', ['tsc', '-p', `${root}tsconfig.build.json`], { stdio: 'inherit' });

const renderer = await buildRendererBundle();
mkdirSync(`${dist}lib/preview`, { recursive: true });
writeFileSync(`${dist}lib/preview/renderer.js`, renderer.js);
writeFileSync(`${dist}lib/preview/renderer.css`, renderer.css);

mkdirSync(`${dist}bin`);
cpSync(`${root}bin/miniapps.js`, `${dist}bin/miniapps.js`);
chmodSync(`${dist}bin/miniapps.js`, 0o755);
cpSync(`${root}README.md`, `${dist}README.md`);

const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
const published = {
  name: manifest.name,
  version: manifest.version,
  type: 'module',
  description: manifest.description,
  license: manifest.license,
  engines: manifest.engines,
  bin: manifest.bin,
  exports: { '.': { types: './lib/index.d.ts', default: './lib/index.js' } },
};
writeFileSync(`${dist}package.json`, `${JSON.stringify(published, null, 2)}\n`);
console.log(`built ${dist}`);
