// Writes spec/screen.schema.json and spec/registry.json from the registry (`npm run spec -w @miniapps/schema`);
// a test fails while the committed files differ from what this would write.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { specFiles } from '../src/index.js';

export const SPEC_DIR = fileURLToPath(new URL('../spec/', import.meta.url));

/** The files as committed: the documents' text in the tree's own JSON formatting (Biome). */
export function formattedSpecFiles(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(specFiles()).map(([name, text]) => [
      name,
      execFileSync('npx', ['biome', 'format', `--stdin-file-path=${SPEC_DIR}${name}`], {
        input: text,
        encoding: 'utf8',
      }),
    ]),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [name, text] of Object.entries(formattedSpecFiles())) {
    writeFileSync(SPEC_DIR + name, text);
    console.log(`wrote packages/schema/spec/${name}`);
  }
}
