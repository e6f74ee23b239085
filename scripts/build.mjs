// `npm run build`: runs each workspace's own `build` script, dependencies first (the order comes from the
// packages' @miniapps dependencies, so a new package needs no entry here). Plain Node: nothing to compile first.
// `node scripts/build.mjs @miniapps/sdk @miniapps/cli` builds only those (without their dependencies).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Workspace folders as the root package.json lists them (`dir/*` globs expanded one level). */
function workspaceDirs() {
  return readJson(join(root, 'package.json')).workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return readdirSync(join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`);
  });
}

const workspaces = new Map();
for (const dir of workspaceDirs()) {
  const file = join(root, dir, 'package.json');
  if (existsSync(file)) workspaces.set(readJson(file).name, { dir, manifest: readJson(file) });
}

/** Names of workspaces this one depends on in any way (a dev dependency may be bundled into its build). */
function workspaceDependencies(manifest) {
  const kinds = [manifest.dependencies, manifest.devDependencies, manifest.peerDependencies];
  return [...new Set(kinds.flatMap((deps) => Object.keys(deps ?? {})))].filter((name) =>
    workspaces.has(name),
  );
}

/** Depth-first topological order; a cycle is a mistake in the manifests, reported by name. */
function buildOrder() {
  const order = [];
  const state = new Map();
  const visit = (name, path) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting')
      throw new Error(`workspace dependency cycle: ${[...path, name].join(' → ')}`);
    state.set(name, 'visiting');
    for (const dependency of workspaceDependencies(workspaces.get(name).manifest))
      visit(dependency, [...path, name]);
    state.set(name, 'done');
    order.push(name);
  };
  for (const name of workspaces.keys()) visit(name, []);
  return order.filter((name) => workspaces.get(name).manifest.scripts?.build);
}

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !workspaces.get(name)?.manifest.scripts?.build);
if (unknown.length > 0) {
  console.error(`No workspace with a build script is named ${unknown.join(', ')}.`);
  process.exit(2);
}
const order = buildOrder().filter((name) => requested.length === 0 || requested.includes(name));
for (const name of order) {
  const started = Date.now();
  try {
    execFileSync('npm', ['run', 'build', '--silent', '-w', name], { cwd: root, stdio: 'inherit' });
  } catch {
    // The build printed its own errors above; name which one failed and stop before its dependents.
    console.error(`The build of ${name} (${workspaces.get(name).dir}) failed.`);
    process.exit(1);
  }
  console.log(
    `built ${name} (${workspaces.get(name).dir}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
