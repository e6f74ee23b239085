// The list of known environment variables is the truth: loadConfig reads nothing else, and the README documents each.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from '../src/config.js';

const known = new Set<string>(CONFIG_VARIABLES);
const dataDir = mkdtempSync(join(tmpdir(), 'miniapps-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Every name loadConfig asks the environment for, with the given values set. */
function namesRead(values: Record<string, string>): string[] {
  const read = new Set<string>();
  const env = new Proxy(values, {
    get(target, name) {
      if (typeof name === 'string') read.add(name);
      return Reflect.get(target, name);
    },
  });
  loadConfig(env);
  return [...read];
}

describe('CONFIG_VARIABLES', () => {
  it('holds every name loadConfig reads, in development and in production', () => {
    const development = namesRead({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const production = namesRead({
      NODE_ENV: 'production',
      PLATFORM_KEY: 'ab'.repeat(32),
      SERVICE_ROLE_KEY: 'cd'.repeat(32),
      AUTH_JWT_SECRET: 'j'.repeat(32),
      HMS_APP_ID: 'app',
      HMS_CLIENT_SECRET: 'secret',
      RUSTORE_PROJECT_ID: 'project',
      RUSTORE_SERVICE_TOKEN: 'token',
    });
    expect(development.length).toBeGreaterThan(20);
    expect([...development, ...production].filter((name) => !known.has(name))).toEqual([]);
  });

  it('each is documented in the README', () => {
    const readme = readFileSync(resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    expect(CONFIG_VARIABLES.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });
});
