// Builds <miniapp-view> (the renderer and the host kit on Preact's React-compatible runtime, one ES module) into
// dist/embed/ under a content hash, with a manifest the platform reads to serve it behind the stable name
// /embed/miniapp-view.js.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build, type Plugin as EsbuildPlugin, transform } from 'esbuild';
import type { Plugin } from 'vite';

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
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    conditions: ['source'],
    loader: { '.css': 'text' },
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: ELEMENT_RUNTIME_ALIAS,
    legalComments: 'none',
    plugins: [slim],
    logLevel: 'warning',
  } satisfies BuildOptions;
}

export async function buildEmbedElement(outDir: string): Promise<{ file: string; bytes: number }> {
  const result = await build(embedBuildOptions());
  const code = result.outputFiles[0]!.contents;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 12);
  const file = `miniapp-view.${hash}.js`;
  const dir = join(outDir, 'embed');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, file), code);
  writeFileSync(join(dir, EMBED_MANIFEST), `${JSON.stringify({ 'miniapp-view.js': file })}\n`);
  return { file, bytes: code.length };
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
