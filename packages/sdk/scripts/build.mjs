// Builds the publishable package into dist/: JavaScript with declarations, a package.json whose exports point
// at the built files, the README and the test vectors. Publish with `npm publish packages/sdk/dist`.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist/`;

rmSync(dist, { recursive: true, force: true });
execFileSync('npx', ['tsc', '-p', `${root}tsconfig.build.json`], { stdio: 'inherit' });

const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
/** Source entry `./src/x.ts` becomes `{types: ./x.d.ts, default: ./x.js}`; other files are copied as they are. */
const exports = Object.fromEntries(
  Object.entries(manifest.exports).map(([entry, target]) => {
    if (!target.startsWith('./src/')) return [entry, target];
    const base = target.replace(/^\.\/src\//, './').replace(/\.ts$/, '');
    return [entry, { types: `${base}.d.ts`, default: `${base}.js` }];
  }),
);
const { scripts: _scripts, devDependencies: _dev, ...published } = manifest;
writeFileSync(`${dist}package.json`, `${JSON.stringify({ ...published, exports }, null, 2)}\n`);
cpSync(`${root}README.md`, `${dist}README.md`);
cpSync(`${root}test-vectors`, `${dist}test-vectors`, { recursive: true });
console.log(`built ${dist}`);
