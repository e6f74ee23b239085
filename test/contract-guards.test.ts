// Holds the contract written once: server routes take their schemas from the table, clients call it by operation,
// every path parameter is declared, and the limits other packages must repeat agree with the contract's.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Endpoint,
  methodOf,
  pathOf,
  type RouteKey,
  SIGNATURE_TOLERANCE_SECONDS,
} from '@miniapps/contract';
import { endpoints } from '@miniapps/contract/api';
import { DEFAULT_TOLERANCE_SECONDS } from '@miniapps/sdk';
import { describe, expect, it } from 'vitest';

const PACKAGES = fileURLToPath(new URL('../packages', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}
const read = (file: string) => readFileSync(file, 'utf8');
const named = (file: string) => relative(PACKAGES, file);

/**
 * Server files that register routes outside the contract's table, each for a reason: the proxy, health, the
 * service calls and the web client are not the management API.
 */
const SERVED_OUTSIDE_THE_TABLE = new Set(['server/src/health/routes.ts', 'server/src/services/routes.ts']);

describe('the server serves the contract', () => {
  const routeFiles = sources(join(PACKAGES, 'server/src')).filter((file) =>
    /\bapp\.(get|post|put|patch|delete|route)\(/.test(read(file)),
  );

  it('finds the route files it guards', () => {
    expect(routeFiles.map(named)).toEqual(expect.arrayContaining(['server/src/tokens/routes.ts']));
  });

  it('declares no request or answer schema in a route file: each comes from @miniapps/contract', () => {
    const offenders = routeFiles
      .filter((file) => !SERVED_OUTSIDE_THE_TABLE.has(named(file)))
      .filter((file) => /from 'typebox'|Type\.(Object|String|Integer|Array|Union)\(/.test(read(file)))
      .map(named);
    expect(offenders).toEqual([]);
  });

  it('keeps no interface restating an answer (no *View or *Reply, no error envelope of its own)', () => {
    const offenders = sources(join(PACKAGES, 'server/src'))
      .filter((file) => /^export interface (\w*(View|Reply)|ErrorBody|NotifyAnswer)\b/m.test(read(file)))
      .map(named);
    expect(offenders).toEqual([]);
  });
});

describe('clients call the API by operation', () => {
  const clientFiles = ['web/src', 'cli/src', 'host/src'].flatMap((dir) => sources(join(PACKAGES, dir)));

  it('has no get<T>/post<T>/… call on an /api/v1 path, and no /api/v1 path written by hand', () => {
    const offenders = clientFiles
      .filter((file) => {
        const text = read(file);
        return (
          /\.(get|post|put|patch|delete)\s*<[^>]*>\s*\(\s*['"`]\/api\/v1/.test(text) ||
          /['"`]\/api\/v1\//.test(text)
        );
      })
      .map(named);
    expect(offenders).toEqual([]);
  });

  it('calls only operations the table has (the type check holds the rest)', () => {
    const keys = new Set(Object.keys(endpoints));
    const called = clientFiles.flatMap((file) =>
      [...read(file).matchAll(/\.request\(\s*'((?:GET|POST|PUT|PATCH|DELETE) \/[^']+)'/g)].map((m) => m[1]!),
    );
    expect(called.length).toBeGreaterThan(20);
    expect(called.filter((key) => !keys.has(key))).toEqual([]);
  });
});

describe('the endpoint table', () => {
  const entries = Object.entries(endpoints) as [RouteKey, Endpoint][];

  it('declares each path parameter, and only those, in its params schema', () => {
    for (const [key, endpoint] of entries) {
      const inPath = [...pathOf(key).matchAll(/:(\w+)/g)].map((m) => m[1]!).sort();
      const declared = Object.keys(
        (endpoint.params as { properties?: Record<string, unknown> } | undefined)?.properties ?? {},
      ).sort();
      expect(declared, key).toEqual(inPath);
    }
  });

  it('gives every operation a summary, a tag, a success answer (or a redirect) and the error envelope for its failures', () => {
    for (const [key, endpoint] of entries) {
      expect(endpoint.summary, key).not.toBe('');
      expect(endpoint.tags.length, key).toBeGreaterThan(0);
      const statuses = Object.keys(endpoint.response).map(Number);
      expect(
        // The browser sign-in's steps answer a redirect (302) and nothing else.
        statuses.some((s) => (s >= 200 && s < 300) || s === 302),
        key,
      ).toBe(true);
      for (const status of statuses.filter((s) => s >= 400))
        expect((endpoint.response[status] as { $id?: string }).$id, `${key} ${status}`).toBe('Error');
      if (methodOf(key) === 'GET') expect(endpoint.body, key).toBeUndefined();
    }
  });
});

describe('limits other packages state for themselves', () => {
  it("the SDK's signature window is the contract's (the SDK ships without the contract)", () => {
    expect(DEFAULT_TOLERANCE_SECONDS).toBe(SIGNATURE_TOLERANCE_SECONDS);
  });
});
