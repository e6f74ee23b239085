// How the CLI's main bundle is made: shared by `npm run build` and the tests, which run the same bundle.
import type { BuildOptions } from 'esbuild';

/** esbuild options for the CLI's entry points, bundled into `outdir` as ESM for Node 20. */
export function cliBundleOptions(entryPoints: Record<string, string>, outdir: string): BuildOptions {
  return {
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    conditions: ['source'],
    // Only `miniapps dev` in a repository checkout builds the renderer at run time; the package ships it built.
    external: ['esbuild'],
    logLevel: 'warning',
  };
}
