// Configuration: defaults, validation messages, generated keys that persist, production refusing to start without keys.
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'miniapps-config-'));
const KEY = 'ab'.repeat(32);
const SECRET = 's'.repeat(32);

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('has the documented defaults on the embedded path', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 8787,
      host: '0.0.0.0',
      dataDir: dir,
      env: 'development',
      devLogin: true,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('generates keys once under DATA_DIR (mode 0600) and reuses them after a restart', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    const file = join(dir, 'keys.json');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.keys.platformKey.equals(first.keys.platformKey)).toBe(true);
    expect(second.keys.serviceRoleKey).toBe(first.keys.serviceRoleKey);
    expect(second.keys.authJwtSecret).toBe(first.keys.authJwtSecret);
    expect(first.keys.platformKey).toHaveLength(32);
    expect(readFileSync(file, 'utf8')).toContain(first.keys.serviceRoleKey);
  });

  it('prefers keys from the environment', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PLATFORM_KEY: KEY,
      SERVICE_ROLE_KEY: SECRET,
      AUTH_JWT_SECRET: SECRET,
    });
    expect(config.keys.platformKey.toString('hex')).toBe(KEY);
    expect(config.keys.serviceRoleKey).toBe(SECRET);
  });

  it('reports every bad value at once, with a clear message each', () => {
    const problems = problemsOf({
      DATA_DIR: tempDir(),
      PORT: '70000',
      NODE_ENV: 'staging',
      DATABASE_URL: 'mysql://x',
      REDIS_URL: 'not a url',
      PLATFORM_KEY: 'short',
      AUTH_JWT_SECRET: 'short',
      EGRESS_HOSTS: 'origin.test=nowhere',
      EGRESS_ALLOW_RANGES: '127.0.0.0/40',
    });
    expect(problems).toEqual([
      'NODE_ENV must be development, production or test (got "staging")',
      'PORT must be an integer from 0 to 65535 (got "70000")',
      'DATABASE_URL must use postgres: or postgresql: (got "mysql:")',
      'REDIS_URL is not a valid URL',
      'AUTH_JWT_SECRET must be at least 32 characters',
      'PLATFORM_KEY must be 64 hexadecimal characters (32 bytes)',
      'EGRESS_HOSTS entry "origin.test=nowhere" must look like host=address (an IPv4 or IPv6 address)',
      'EGRESS_ALLOW_RANGES entry "127.0.0.0/40" is not a CIDR range such as 127.0.0.0/8',
    ]);
  });

  it.each([
    ['0', 0],
    ['65535', 65535],
  ])('accepts PORT %s', (raw, port) => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: raw }).port).toBe(port);
  });

  it.each(['-1', '65536', '80.5', 'http'])('refuses PORT %s', (raw) => {
    expect(problemsOf({ DATA_DIR: tempDir(), PORT: raw })).toHaveLength(1);
  });

  it('refuses to start in production without keys, and writes no key file', () => {
    const dir = tempDir();
    expect(problemsOf({ DATA_DIR: dir, NODE_ENV: 'production' })).toEqual([
      'AUTH_JWT_SECRET, AUTH_JWKS_URL or OIDC_ISSUER is required in production',
      'PLATFORM_KEY is required in production (64 hex characters)',
      'SERVICE_ROLE_KEY is required in production',
    ]);
    expect(existsSync(join(dir, 'keys.json'))).toBe(false);
  });

  it('starts in production with keys, and never offers the dev login', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      NODE_ENV: 'production',
      PLATFORM_KEY: KEY,
      SERVICE_ROLE_KEY: SECRET,
      AUTH_JWT_SECRET: SECRET,
    });
    expect(config.devLogin).toBe(false);
    expect(
      problemsOf({
        DATA_DIR: tempDir(),
        NODE_ENV: 'production',
        PLATFORM_KEY: KEY,
        SERVICE_ROLE_KEY: SECRET,
        AUTH_JWT_SECRET: SECRET,
        DEV_LOGIN: 'true',
      }),
    ).toEqual(['DEV_LOGIN cannot be enabled in production']);
  });

  it('parses egress settings', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      EGRESS_HOSTS: 'Origin.Test=127.0.0.1, api.example.org=::1',
      EGRESS_ALLOW_RANGES: '127.0.0.0/8,::1/128',
      INTERNAL_HOSTS: 'db.corp.example,Cache.Corp.Example.',
      PUBLIC_URL: 'https://miniapps.uni.example',
    });
    expect([...config.egress.hosts]).toEqual([
      ['origin.test', '127.0.0.1'],
      ['api.example.org', '::1'],
    ]);
    expect(config.egress.allowRanges).toEqual([
      { address: '127.0.0.0', prefix: 8, family: 4 },
      { address: '::1', prefix: 128, family: 6 },
    ]);
    expect(config.egress.internalHosts).toEqual([
      'db.corp.example',
      'cache.corp.example',
      'miniapps.uni.example',
    ]);
  });

  it('reads MAP_LINK_TEMPLATE once: OpenStreetMap by default, an https template with both coordinates, else a problem', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).mapLink).toBe(
      'https://www.openstreetmap.org/?mlat={latitude}&mlon={longitude}#map=17/{latitude}/{longitude}',
    );
    const own = 'https://maps.uni.example/?ll={latitude},{longitude}&q={label}';
    expect(loadConfig({ DATA_DIR: tempDir(), MAP_LINK_TEMPLATE: own }).mapLink).toBe(own);
    for (const bad of [
      'http://maps.uni.example/?ll={latitude},{longitude}',
      'javascript:alert({latitude},{longitude})',
      'https://maps.uni.example/?ll={latitude}',
      'maps.uni.example/{latitude}/{longitude}',
    ]) {
      const problems = problemsOf({ DATA_DIR: tempDir(), MAP_LINK_TEMPLATE: bad });
      expect(problems, bad).toHaveLength(1);
      expect(problems[0], bad).toMatch(/^MAP_LINK_TEMPLATE /);
    }
  });
});
