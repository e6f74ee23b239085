// Errors carry the platform's codes, keep one list with the server's registry, and are recognised across copies.
import { createServer } from 'node:net';
import { errorCodes } from '@miniapps/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHost, HostError, hostErrorCodes, isHostError } from '../src/index.js';
import { type HostPlatform, startHostPlatform } from './helpers/host-platform.js';

describe('host errors', () => {
  let p: HostPlatform;
  beforeAll(async () => {
    p = await startHostPlatform();
  });
  afterAll(async () => p?.close());

  it('lists every code of the platform registry', () => {
    const missing = Object.keys(errorCodes).filter(
      (code) => !(hostErrorCodes as readonly string[]).includes(code),
    );
    expect(missing).toEqual([]);
  });

  it('an expired or wrong token is unauthorized, and the host is told the session ended', async () => {
    let told = 0;
    const host = createHost({
      baseUrl: p.baseUrl,
      getToken: () => 'not-a-jwt',
      onUnauthorized: () => told++,
    });
    const error = await host.catalog.list().catch((e: unknown) => e);
    expect(isHostError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(told).toBe(1);
  });

  it('a platform that is down is a network_error, not a TypeError', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const host = createHost({ baseUrl: `http://127.0.0.1:${port}`, getToken: () => p.user.token });
    const error = await host.catalog.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HostError);
    expect(error).toMatchObject({ code: 'network_error', status: 0 });
  });

  it('a bad base URL or app name is refused before anything is sent', async () => {
    expect(() => createHost({ baseUrl: 'apps.uni.example' })).toThrow(/absolute URL/);
    const error = await p.host.catalog.get('just-a-slug').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'bad_argument' });
  });

  it('an error made by another copy of the package is still a HostError', async () => {
    // A second instance of the module, as two versions of the package in one bundle would load it.
    const secondCopy = '../src/errors.js?second-copy';
    const copy = (await import(secondCopy)) as typeof import('../src/errors.js');
    expect(copy.HostError).not.toBe(HostError);
    const foreign = new copy.HostError('rate_limited', 'Too many requests', { status: 429 });
    expect(isHostError(foreign)).toBe(true);
    expect(foreign instanceof HostError).toBe(true);
    expect(copy.isHostError(new HostError('not_found', 'x', { status: 404 }))).toBe(true);
    expect(isHostError(new Error('plain'))).toBe(false);
    expect(isHostError({ code: 'not_found' })).toBe(false);
  });
});
