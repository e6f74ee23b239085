// Puts the registry metadata of the published packages' outside dependencies (and theirs) in npm's cache, so the
// packaging test can install the packed tarballs offline: `npm ci` caches tarballs but not that metadata.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const published = ['packages/contract', 'packages/host', 'packages/react', 'packages/sdk', 'packages/cli'];

const wanted = new Set();
const visit = (name) => {
  const entry = lock.packages[`node_modules/${name}`];
  if (!entry || entry.link || wanted.has(`${name}@${entry.version}`)) return;
  wanted.add(`${name}@${entry.version}`);
  for (const dep of Object.keys(entry.dependencies ?? {})) visit(dep);
};
for (const folder of published) {
  for (const dep of Object.keys(lock.packages[folder]?.dependencies ?? {})) {
    if (!dep.startsWith('@miniapps/')) visit(dep);
  }
}
if (wanted.size > 0) execFileSync('npm', ['cache', 'add', ...wanted], { stdio: 'ignore' });
console.log(`cached ${[...wanted].join(' ')}`);
