#!/usr/bin/env node
// The `miniapps` command: the TypeScript source through tsx inside the repository, the built bundle when published.
import { existsSync } from 'node:fs';

const source = new URL('../src/main.ts', import.meta.url);
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(source.href);
} else {
  await import('../lib/main.js');
}
