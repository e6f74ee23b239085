// The built <miniapp-view> module: its content-hashed file name from the build's manifest, re-read when it changes.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface EmbedScript {
  /** `miniapp-view.<hash>.js`, or undefined while the client (which builds the element) is not built. */
  current(): { file: string; code: Buffer } | undefined;
}

/** `dir` is the web build's `embed/` folder, written by packages/web/scripts/embed-element.ts. */
export function embedScript(dir: string): EmbedScript {
  const manifest = join(dir, 'manifest.json');
  let cached: { mtimeMs: number; file: string; code: Buffer } | undefined;
  return {
    current() {
      const stat = statSync(manifest, { throwIfNoEntry: false });
      if (!stat) return undefined;
      if (cached?.mtimeMs !== stat.mtimeMs) {
        const names = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string>;
        const file = names['miniapp-view.js'];
        if (!file || !/^miniapp-view\.[0-9a-f]+\.js$/.test(file)) return undefined;
        cached = { mtimeMs: stat.mtimeMs, file, code: readFileSync(join(dir, file)) };
      }
      return { file: cached.file, code: cached.code };
    },
  };
}
