// `npm run build`: compiles src/ into dist/ (JavaScript and declarations), starting from an empty dist/ so no file
// of a removed source survives. The package publishes from this folder: `files` in package.json picks dist/.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

rmSync(`${root}dist`, { recursive: true, force: true });
execFileSync(process.execPath, [tsc, '-p', `${root}tsconfig.build.json`], { stdio: 'inherit' });
