// Builds the client's service worker (src/offline/service-worker.ts) into dist/sw.js with the list of files it keeps:
// the shell `/`, every file of the client's bundle, the public files (manifest, icons) and <miniapp-view>'s files.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';
import { EMBED_MANIFEST, type EmbedManifest } from './embed-element.js';

const source = join(import.meta.dirname, '..', 'src', 'offline', 'service-worker.ts');

/** The worker's file in the build; the platform serves it at /sw.js (packages/server/src/web/). */
export const SERVICE_WORKER = 'sw.js';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** Writes dist/sw.js; `bundleFiles` are the client bundle's names (`assets/index-….js`), index.html excluded. */
export async function buildServiceWorker(outDir: string, publicDir: string, bundleFiles: readonly string[]) {
  const embed = JSON.parse(readFileSync(join(outDir, 'embed', EMBED_MANIFEST), 'utf8')) as EmbedManifest;
  const publicFiles = filesUnder(publicDir);
  const precache = [
    '/',
    ...bundleFiles.map((name) => `/${name}`),
    ...publicFiles.map((name) => `/${name}`),
    ...[embed['miniapp-view.js'], ...embed.lazy].map((name) => `/embed/${name}`),
  ];
  // Bundle and embed names carry content hashes; the public files do not, so their bytes join the hash.
  const hash = createHash('sha256').update(precache.join('\n'));
  for (const name of publicFiles) hash.update(readFileSync(join(publicDir, name)));
  const result = await build({
    entryPoints: [source],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    define: {
      __PRECACHE__: JSON.stringify(precache),
      __BUILD__: JSON.stringify(hash.digest('hex').slice(0, 12)),
    },
    logLevel: 'warning',
  });
  writeFileSync(join(outDir, SERVICE_WORKER), result.outputFiles[0]!.contents);
  return precache;
}

/** Vite plugin: after the bundle and the element (written in closeBundle by embedElement) are on disk. */
export function serviceWorker(outDir: string, publicDir: string): Plugin {
  let bundleFiles: string[] = [];
  return {
    name: 'miniapps-service-worker',
    apply: 'build',
    writeBundle(_options, bundle) {
      bundleFiles = Object.keys(bundle).filter((name) => name !== 'index.html');
    },
    closeBundle: {
      order: 'post',
      // Waits for the other plugins' closeBundle (the element's build) to finish first.
      sequential: true,
      async handler() {
        await buildServiceWorker(outDir, publicDir, bundleFiles);
      },
    },
  };
}
