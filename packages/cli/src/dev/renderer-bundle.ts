// The renderer (@miniapps/react) for the preview page: prebuilt in a published CLI, bundled with esbuild in the repo.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RendererBundle {
  js: string;
  css: string;
}

export type RendererState = { ok: true; bundle: RendererBundle } | { ok: false; reason: string };

/** Where `npm run build` puts the bundle, beside the CLI's own bundle. */
const PREBUILT = fileURLToPath(new URL('./preview/', import.meta.url));
const CLIENT_ENTRY = fileURLToPath(new URL('./preview-client.js', import.meta.url));

let cached: Promise<RendererState> | undefined;

/** Loads or builds the renderer once per process; the reason says why the preview falls back to plain JSON. */
export function rendererBundle(): Promise<RendererState> {
  cached ??= load();
  return cached;
}

async function load(): Promise<RendererState> {
  if (existsSync(join(PREBUILT, 'renderer.js'))) {
    return {
      ok: true,
      bundle: {
        js: readFileSync(join(PREBUILT, 'renderer.js'), 'utf8'),
        css: readFileSync(join(PREBUILT, 'renderer.css'), 'utf8'),
      },
    };
  }
  try {
    return { ok: true, bundle: await buildRendererBundle() };
  } catch (error) {
    return {
      ok: false,
      reason: (error as Error).message.split('\n')[0] ?? 'the renderer could not be built',
    };
  }
}

/** Bundles the preview client with React and the renderer (and its stylesheet) for the browser. */
export async function buildRendererBundle(): Promise<RendererBundle> {
  const { build } = await import('esbuild');
  const stylesheet = fileURLToPath(import.meta.resolve('@miniapps/react/miniapp.css'));
  const result = await build({
    stdin: {
      contents: `import ${JSON.stringify(CLIENT_ENTRY)};\nimport ${JSON.stringify(stylesheet)};\n`,
      resolveDir: dirname(CLIENT_ENTRY),
      loader: 'js',
    },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    // Workspace packages bundle from their TypeScript sources, built or not.
    conditions: ['source'],
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    outdir: 'preview',
    // The barcode reader's WebAssembly (`?url`) is not served by the preview: a scan there uses the browser's
    // BarcodeDetector or says it failed, while everything else of the renderer runs.
    external: ['*?url'],
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'silent',
  });
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'));
  const css = result.outputFiles.find((f) => f.path.endsWith('.css'));
  if (!js) throw new Error('esbuild produced no JavaScript');
  return { js: js.text, css: css?.text ?? '' };
}
