// `npm run build`: the CLI and its library as self-contained ESM bundles in dist/ (the schema validator inside,
// resolved from the workspace's sources), their declarations, and the prebuilt preview renderer. The package
// publishes from this folder (`files`: bin, dist, README.md) and has no dependencies.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildRendererBundle } from '../src/dev/renderer-bundle.js';
import { cliBundleOptions } from './bundle-options.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist/`;
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

rmSync(dist, { recursive: true, force: true });
await build(cliBundleOptions({ main: `${root}src/main.ts`, index: `${root}src/index.ts` }, dist));
execFileSync(process.execPath, [tsc, '-p', `${root}tsconfig.build.json`], { stdio: 'inherit' });

const renderer = await buildRendererBundle();
mkdirSync(`${dist}preview`, { recursive: true });
writeFileSync(`${dist}preview/renderer.js`, renderer.js);
writeFileSync(`${dist}preview/renderer.css`, renderer.css);
console.log(`built ${dist}`);
