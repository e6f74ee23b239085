// The built <miniapp-view> module and the files it loads on first use (QR drawing, the barcode decoder and its
// WebAssembly): their content-hashed names from the build's manifest, re-read when it changes.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface EmbedFiles {
  /** `miniapp-view.<hash>.js`. */
  file: string;
  code: Buffer;
  /** Files the module imports later, by name (`lazy.<hash>.js`, `zxing_reader.<hash>.wasm`). */
  lazy: ReadonlyMap<string, Buffer>;
}

export interface EmbedScript {
  /** The module and its later files, or undefined while the client (which builds the element) is not built. */
  current(): EmbedFiles | undefined;
}

/** A later file's name as the build writes it: one segment, a hash, a script or WebAssembly. */
const LAZY_NAME = /^[A-Za-z0-9_-]+\.[A-Za-z0-9]+\.(js|wasm)$/;

/** `dir` is the web build's `embed/` folder, written by packages/web/scripts/embed-element.ts. */
export function embedScript(dir: string): EmbedScript {
  const manifest = join(dir, 'manifest.json');
  let cached: (EmbedFiles & { mtimeMs: number }) | undefined;
  return {
    current() {
      const stat = statSync(manifest, { throwIfNoEntry: false });
      if (!stat) return undefined;
      if (cached?.mtimeMs !== stat.mtimeMs) {
        const names = JSON.parse(readFileSync(manifest, 'utf8')) as {
          'miniapp-view.js'?: string;
          lazy?: unknown;
        };
        const file = names['miniapp-view.js'];
        if (!file || !/^miniapp-view\.[0-9a-f]+\.js$/.test(file)) return undefined;
        const lazy = new Map<string, Buffer>();
        for (const name of Array.isArray(names.lazy) ? names.lazy : []) {
          if (typeof name === 'string' && LAZY_NAME.test(name)) lazy.set(name, readFileSync(join(dir, name)));
        }
        cached = { mtimeMs: stat.mtimeMs, file, code: readFileSync(join(dir, file)), lazy };
      }
      return { file: cached.file, code: cached.code, lazy: cached.lazy };
    },
  };
}
