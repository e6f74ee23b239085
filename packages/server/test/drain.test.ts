// SIGTERM on a real server process: readiness goes 503 while requests are still served, a proxied request in
// flight gets its answer, the process exits 0; a second signal exits at once; the deadline cuts what is left;
// one Ctrl-C at a terminal (the signal reaching the process twice) drains, a second one later does not wait.

import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNAL_ECHO_MS } from '../src/lifecycle/graceful-shutdown.js';
import { testCertificates } from './helpers/https-origin.js';
import { originEnv, PROXY } from './helpers/proxy-apps.js';
import { type ServerProcess, startServerProcess } from './helpers/server-process.js';

/** An https origin whose answer comes after `?ms=` milliseconds; it counts the requests it has received. */
async function startSlowOrigin(): Promise<{ port: number; received: number; close(): Promise<void> }> {
  const state = { port: 0, received: 0, close: async () => {} };
  const server: Server = createServer(testCertificates(), (req, res) => {
    state.received += 1;
    const ms = Number(new URL(req.url ?? '/', 'https://origin.test').searchParams.get('ms') ?? 0);
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ answered: true, afterMs: ms }));
    }, ms);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  state.port = (server.address() as AddressInfo).port;
  state.close = () =>
    new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    });
  return state;
}

/** /readyz once it no longer answers 200 (polled for up to a second after the signal). */
async function readinessAfterSignal(server: ServerProcess): Promise<Response> {
  let ready = await fetch(`${server.url}/readyz`);
  for (let i = 0; ready.status === 200 && i < 50; i += 1) {
    await new Promise((r) => setTimeout(r, 20));
    ready = await fetch(`${server.url}/readyz`);
  }
  return ready;
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('drain on SIGTERM', () => {
  let origin: Awaited<ReturnType<typeof startSlowOrigin>>;
  const dirs: string[] = [];

  beforeAll(async () => {
    origin = await startSlowOrigin();
  });
  afterAll(async () => {
    await origin.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  /** A platform process with a published remote app on the slow origin, and a user token to call it. */
  async function platformWithApp(env: Record<string, string>, options: { ownGroup?: boolean } = {}) {
    const dataDir = await mkdtemp(join(tmpdir(), 'miniapps-drain-'));
    dirs.push(dataDir);
    const server = await startServerProcess(
      {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        ...originEnv(testCertificates().caFile),
        ...env,
      },
      undefined,
      options,
    );
    const call = async (method: string, path: string, token?: string, body?: object) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          ...(token && { authorization: `Bearer ${token}` }),
          ...(body && { 'content-type': 'application/json' }),
        },
        ...(body && { body: JSON.stringify(body) }),
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    };
    const login = async (email: string, roles: string[] = []) =>
      (await call('POST', '/api/v1/dev/login', undefined, { email, roles })).json.token as string;
    const owner = await login('owner@uni.example', ['moderator']);
    expect((await call('POST', '/api/v1/orgs', owner, { id: 'drain', name: 'Drain' })).status).toBe(201);
    const created = await call('POST', '/api/v1/orgs/drain/apps', owner, {
      slug: 'slow',
      name: 'Slow',
      sourceKind: 'remote',
      origin: `https://origin.test:${origin.port}`,
      scopes: [],
    });
    expect(created.status).toBe(201);
    expect((await call('POST', '/api/v1/moderation/apps/drain/slow/approve', owner, {})).status).toBe(200);
    const user = await login('user@uni.example');
    const slowCall = (ms: number) =>
      fetch(`${server.url}${PROXY}/drain/slow/api/wait?ms=${ms}`, {
        headers: { authorization: `Bearer ${user}` },
      });
    return { server, slowCall };
  }

  it('answers /readyz 503 at once, keeps serving through the delay, finishes the proxied request in flight, exits 0', async () => {
    // A delay wide enough that the checks below land inside it on a loaded machine (1.5 s flaked in CI).
    const { server, slowCall } = await platformWithApp({
      SHUTDOWN_DELAY_MS: '4000',
      SHUTDOWN_TIMEOUT_MS: '10000',
    });
    const before = origin.received;
    const inFlight = slowCall(2500);
    await until(() => origin.received > before);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');

    const ready = await readinessAfterSignal(server);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { error: string }).error).toBe('unavailable');
    // Other requests are still served during the delay.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ answered: true, afterMs: 2500 });
    expect(await server.exited).toBe(0);
    // It waited for the delay, then for the request; it did not stop before the delay was over.
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(4000);
  });

  it('exits at once on a second signal', async () => {
    const { server } = await platformWithApp({ SHUTDOWN_DELAY_MS: '60000' });
    server.child.kill('SIGTERM');
    const ready = await readinessAfterSignal(server);
    expect(ready.status).toBe(503);
    // A repeat within SIGNAL_ECHO_MS is taken for the echo of the first (see the Ctrl-C tests below).
    await new Promise((r) => setTimeout(r, SIGNAL_ECHO_MS + 200));
    const second = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(Date.now() - second).toBeLessThan(5_000);
  });

  it('drains on one Ctrl-C in a terminal (SIGINT to the process group, and once more as npm relays it), then exits 0', async () => {
    const { server, slowCall } = await platformWithApp({ SHUTDOWN_DELAY_MS: '1500' }, { ownGroup: true });
    const before = origin.received;
    const inFlight = slowCall(1000);
    await until(() => origin.received > before);
    const signalledAt = Date.now();
    // The terminal signals the whole foreground group, and `npm start` forwards the signal to its child again.
    server.interrupt();
    server.interrupt();

    expect((await readinessAfterSignal(server)).status).toBe(503);
    expect((await inFlight).status).toBe(200);
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(1500);
    expect(server.output()).toContain('"outcome":"drained"');
    expect(server.output()).not.toContain('exiting at once');
  });

  it('exits at once on a second Ctrl-C pressed while it drains', async () => {
    const { server } = await platformWithApp({ SHUTDOWN_DELAY_MS: '60000' }, { ownGroup: true });
    server.interrupt();
    expect((await readinessAfterSignal(server)).status).toBe(503);
    await new Promise((r) => setTimeout(r, SIGNAL_ECHO_MS + 200));
    const second = Date.now();
    server.interrupt();
    expect(await server.exited).toBe(1);
    expect(Date.now() - second).toBeLessThan(5_000);
    expect(server.output()).toContain('second SIGINT: exiting at once');
  });

  it('cuts requests still in flight at SHUTDOWN_TIMEOUT_MS and exits non-zero', async () => {
    const { server, slowCall } = await platformWithApp({
      SHUTDOWN_DELAY_MS: '0',
      SHUTDOWN_TIMEOUT_MS: '500',
    });
    const before = origin.received;
    const inFlight = slowCall(8000).then(
      (res) => res.status,
      () => 'cut' as const,
    );
    await until(() => origin.received > before);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(Date.now() - signalledAt).toBeLessThan(6_000);
    expect(await inFlight).toBe('cut');
  });
});
