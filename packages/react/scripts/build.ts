// `npm run build`: dist/index.js (esbuild, ES module; React and @miniapps/host stay imports, the screen registry and
// the message catalogues are bundled in since @miniapps/schema is not published), declarations by tsc, and the
// stylesheet beside them.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
await build({
  entryPoints: [join(root, 'src/index.ts')],
  outdir: dist,
  // QR drawing and the barcode reader stay dynamic imports of their own files, so a host's bundler splits them too.
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  jsx: 'automatic',
  conditions: ['source'],
  // What the package declares it needs stays an import (react/jsx-runtime and react-dom/client included).
  external: [...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies)].flatMap(
    (name) => [name, `${name}/*`],
  ),
  logLevel: 'warning',
});
execFileSync(
  process.execPath,
  [join(root, '../../node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')],
  {
    stdio: 'inherit',
  },
);
copyFileSync(join(root, 'src/miniapp.css'), join(dist, 'miniapp.css'));
console.log('built @miniapps/react into dist/');
