#!/usr/bin/env node
// The `miniapps` command: the TypeScript source through tsx inside the repository, the built bundle when installed.
import { existsSync } from 'node:fs';
import { register } from 'node:module';

const source = new URL('../src/main.ts', import.meta.url);
if (existsSync(source)) {
  // Workspace packages resolve to their sources too (the `source` export condition), as `--conditions=source` would.
  const addSource = `export async function resolve(specifier, context, next) {
    return next(specifier, { ...context, conditions: [...context.conditions, 'source'] });
  }`;
  register(`data:text/javascript,${encodeURIComponent(addSource)}`);
  const { register: registerTsx } = await import('tsx/esm/api');
  registerTsx();
  await import(source.href);
} else {
  await import('../dist/main.js');
}
