// Temporary folders of screen files for CLI tests.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Writes `files` (relative name → JSON value or raw text) into a new folder and returns its path. */
export function screensFolder(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'miniapps-screens-'));
  for (const [name, content] of Object.entries(files)) {
    const file = join(dir, name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

export const textScreen = (text: string) => ({
  type: 'screen',
  title: text,
  children: [{ type: 'text', text }],
});
