// `import url from 'pkg/file.wasm?url'` for esbuild builds, as Vite does it: the file is emitted beside the bundle and
// the import is its path, which the importing module resolves against its own URL (import.meta.url).
import type { Plugin } from 'esbuild';

export const assetUrl: Plugin = {
  name: 'miniapps-asset-url',
  setup(build) {
    build.onResolve({ filter: /\?url$/ }, async (args) => {
      const resolved = await build.resolve(args.path.slice(0, -'?url'.length), {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
      });
      return resolved.errors.length > 0 ? { errors: resolved.errors } : { path: resolved.path };
    });
  },
};

/** The loaders the imported files need: a WebAssembly module becomes a file of its own. */
export const ASSET_LOADERS = { '.wasm': 'file' } as const;
