// Builds <miniapp-view> (the renderer and the host kit on Preact's React-compatible runtime, one ES module, plus the
// pieces it loads on first use: QR drawing, the barcode decoder and its WebAssembly) into dist/embed/ under content
// hashes, with a manifest the platform reads to serve them, the module behind the stable name /embed/miniapp-view.js.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build, type Plugin as EsbuildPlugin, transform } from 'esbuild';
import type { Plugin } from 'vite';
import { ASSET_LOADERS, assetUrl } from '../../react/scripts/asset-url.js';

const reactSrc = fileURLToPath(new URL('../../react/src/', import.meta.url));

const schemaSrc = fileURLToPath(new URL('../../schema/src/', import.meta.url));
/** A string literal in single or double quotes. */
const LITERAL = String.raw`(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")`;
/** A registry field's or node's `description: '…'`: one string literal, or several joined by `+` (a long one). */
const DESCRIPTION = new RegExp(String.raw`\bdescription:\s*${LITERAL}(?:\s*\+\s*${LITERAL})*,?`, 'g');

/**
 * Bytes a page downloads (the target is 80 KB gzipped with the runtime): the registry without its descriptions (they
 * are for the spec and editors), only the schema modules the renderer uses, and the stylesheet minified.
 */
const slim: EsbuildPlugin = {
  name: 'miniapps-embed-slim',
  setup(build) {
    build.onLoad({ filter: /schema\/src\/(widgets|actions)\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replace(DESCRIPTION, ''),
      loader: 'ts',
    }));
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === 'slim' || !args.importer.startsWith(schemaSrc)) return undefined;
      // Registry modules compute tables at load; none of it is needed unless imported by name.
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: 'slim',
      });
      return { ...resolved, sideEffects: false };
    });
    build.onLoad({ filter: /miniapp\.css$/ }, async (args) => ({
      contents: (await transform(readFileSync(args.path, 'utf8'), { loader: 'css', minify: true })).code,
      loader: 'text',
    }));
  },
};

/**
 * The element runs on `preact/compat` instead of React and ReactDOM (67 KB of an 80 KB budget, gzipped): its
 * own page, so no host React to share. The published `@miniapps/react` and the web client keep React. A prefix
 * alias also maps `react/jsx-runtime` and `react-dom/client`. The conformance fixtures run on this runtime too.
 */
export const ELEMENT_RUNTIME_ALIAS = { react: 'preact/compat', 'react-dom': 'preact/compat' };

/** The manifest's name, read by the platform (packages/server/src/embed/). */
export const EMBED_MANIFEST = 'manifest.json';

/** esbuild's options for the element: one ES module holding Preact, the host kit and the renderer. */
export function embedBuildOptions() {
  return {
    stdin: {
      contents: [
        `import { defineMiniAppView } from ${JSON.stringify(join(reactSrc, 'element/miniapp-view.tsx'))};`,
        `import stylesheet from ${JSON.stringify(join(reactSrc, 'miniapp.css'))};`,
        // The platform that served this module, unless a view's `platform` attribute says otherwise.
        "defineMiniAppView(stylesheet, 'miniapp-view', new URL(import.meta.url).origin);",
      ].join('\n'),
      resolveDir: reactSrc,
      loader: 'js',
    },
    bundle: true,
    write: false,
    // What a screen may never use (a QR code, a scanner) is split off and loaded by dynamic import when it does.
    splitting: true,
    outdir: 'embed',
    entryNames: 'miniapp-view',
    chunkNames: 'lazy.[hash]',
    assetNames: '[name].[hash]',
    metafile: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    conditions: ['source'],
    loader: { '.css': 'text', ...ASSET_LOADERS },
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: ELEMENT_RUNTIME_ALIAS,
    legalComments: 'none',
    plugins: [slim, assetUrl],
    logLevel: 'warning',
  } satisfies BuildOptions;
}

/** The manifest: the module's hashed name, and every file it may load later (chunks named by esbuild's hash). */
export interface EmbedManifest {
  'miniapp-view.js': string;
  lazy: string[];
}

export async function buildEmbedElement(outDir: string): Promise<{ file: string; bytes: number }> {
  const result = await build(embedBuildOptions());
  const files = result.outputFiles.map((output) => ({ name: basename(output.path), code: output.contents }));
  const entry = files.find((f) => f.name === 'miniapp-view.js');
  if (!entry) throw new Error('the element build wrote no miniapp-view.js');
  // Nothing imports the module by name (chunks never import their entry), so it can take its own hash.
  const hash = createHash('sha256').update(entry.code).digest('hex').slice(0, 12);
  const file = `miniapp-view.${hash}.js`;
  const lazy = files.filter((f) => f !== entry);
  const dir = join(outDir, 'embed');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, file), entry.code);
  for (const f of lazy) writeFileSync(join(dir, f.name), f.code);
  const manifest: EmbedManifest = { 'miniapp-view.js': file, lazy: lazy.map((f) => f.name) };
  writeFileSync(join(dir, EMBED_MANIFEST), `${JSON.stringify(manifest)}\n`);
  return { file, bytes: entry.code.length };
}

/** Vite plugin: every client build also writes the element, after the client (which empties dist first). */
export function embedElement(outDir: string): Plugin {
  return {
    name: 'miniapps-embed-element',
    apply: 'build',
    async closeBundle() {
      await buildEmbedElement(outDir);
    },
  };
}
