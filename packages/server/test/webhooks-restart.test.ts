// Webhooks survive kill -9: a server process killed with a retry pending (or mid-attempt) and another one delivering it.
import { verifyWebhook } from '@miniapps/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_MS } from '../src/webhooks/delivery-loop.js';
import { createTestDatabase, dialects, type TestDatabase } from './helpers/databases.js';
import { testCertificates } from './helpers/https-origin.js';
import { originEnv } from './helpers/proxy-apps.js';
import { type PlatformProcess, startProcess, waitForOutput } from './helpers/push-fakes/processes.js';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.js';

/** The fields of the API's answers these tests read. */
interface Answer {
  token: string;
  secret: string;
  webhook: { id: string };
  deliveries: Array<{ status: string; attempts: Array<{ status: number | null }> }>;
}

describe.each(dialects)('webhook delivery across kill -9 on %s', (dialect) => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  const running: PlatformProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    receiver = await startWebhookReceiver();
    env = {
      NODE_ENV: 'test',
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl && { DATABASE_URL: database.databaseUrl }),
      ...originEnv(testCertificates().caFile),
      WEBHOOK_RETRY_DELAYS: '2s',
      LOG_LEVEL: 'info',
    };
  });
  afterAll(async () => {
    for (const proc of running) if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
    await receiver.close();
    await database.drop();
  });

  async function server(): Promise<{ proc: PlatformProcess; url: string }> {
    // Under node itself, so SIGKILL hits the server and not a wrapper.
    const proc = startProcess('server', env);
    running.push(proc);
    const url = await waitForOutput(proc, /Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
    return { proc, url };
  }

  async function call(url: string, method: string, body?: object, token?: string) {
    const res = await fetch(url, {
      method,
      headers: {
        ...(body && { 'content-type': 'application/json' }),
        ...(token && { authorization: `Bearer ${token}` }),
      },
      ...(body && { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: (await res.json()) as Answer };
  }

  /** The delivery log once its newest delivery is recorded as delivered (the receiver sees it a moment earlier). */
  async function deliveredLog(base: string, hooks: string, token: string) {
    for (let i = 0; i < 100; i++) {
      const log = await call(`${base}${hooks}/deliveries`, 'GET', undefined, token);
      if (log.json.deliveries[0]?.status === 'delivered') return log;
      await new Promise((r) => setTimeout(r, 100));
    }
    return call(`${base}${hooks}/deliveries`, 'GET', undefined, token);
  }

  async function kill(proc: PlatformProcess): Promise<void> {
    proc.child.kill('SIGKILL');
    await proc.exited;
  }

  async function setUp(base: string, slug: string) {
    const login = await call(`${base}/api/v1/dev/login`, 'POST', { email: `${slug}@uni.example` });
    const token = login.json.token;
    const org = `${slug}-org`;
    expect((await call(`${base}/api/v1/orgs`, 'POST', { id: org, name: org }, token)).status).toBe(201);
    const app = await call(
      `${base}/api/v1/orgs/${org}/apps`,
      'POST',
      { slug, name: slug, sourceKind: 'hosted' },
      token,
    );
    expect(app.status).toBe(201);
    const hooks = `/api/v1/orgs/${org}/apps/${slug}/webhooks`;
    const made = await call(
      `${base}${hooks}`,
      'POST',
      { url: receiver.url(), events: ['app.approved'] },
      token,
    );
    expect(made.status).toBe(201);
    return { token, hooks: `${hooks}/${made.json.webhook.id}`, secret: made.json.secret };
  }

  it('a retry pending when the process is killed is delivered by the next one, same webhook-id', async () => {
    const first = await server();
    const { token, hooks, secret } = await setUp(first.url, 'pending');
    const before = receiver.received.length;
    receiver.plan.push(500);
    expect((await call(`${first.url}${hooks}/test`, 'POST', undefined, token)).status).toBe(202);
    // Killed once the failed attempt is recorded and the retry waits its 2 s.
    for (;;) {
      const log = await call(`${first.url}${hooks}/deliveries`, 'GET', undefined, token);
      if (log.json.deliveries[0]?.attempts.length === 1) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await kill(first.proc);
    expect(receiver.received.length).toBe(before + 1);

    const second = await server();
    const [failed, delivered] = (await receiver.waitFor(before + 2, 30_000)).slice(before);
    expect(delivered!.headers['webhook-id']).toBe(failed!.headers['webhook-id']);
    expect(verifyWebhook(secret, delivered!.headers, delivered!.body).ok).toBe(true);
    const log = await deliveredLog(second.url, hooks, token);
    expect(log.json.deliveries[0]).toMatchObject({ status: 'delivered' });
    expect(log.json.deliveries[0]!.attempts.map((a) => a.status)).toEqual([500, 204]);
    await second.proc.stop();
  }, 90_000);

  it.runIf(dialect === 'sqlite')(
    'an attempt cut by kill -9 mid-request is made again once its lease runs out',
    async () => {
      const first = await server();
      const { token, hooks, secret } = await setUp(first.url, 'inflight');
      const before = receiver.received.length;
      receiver.plan.push(0); // left hanging: the process dies while waiting for the answer
      expect((await call(`${first.url}${hooks}/test`, 'POST', undefined, token)).status).toBe(202);
      await receiver.waitFor(before + 1);
      const killedAt = Date.now();
      await kill(first.proc);

      const second = await server();
      const [cut, again] = (await receiver.waitFor(before + 2, LEASE_MS + 15_000)).slice(before);
      expect(Date.now() - killedAt).toBeGreaterThan(LEASE_MS - 5_000);
      expect(again!.headers['webhook-id']).toBe(cut!.headers['webhook-id']);
      expect(verifyWebhook(secret, again!.headers, again!.body).ok).toBe(true);
      const log = await deliveredLog(second.url, hooks, token);
      // The cut attempt left no record (the process died before writing it); the one that answered did.
      expect(log.json.deliveries[0]).toMatchObject({ status: 'delivered' });
      expect(log.json.deliveries[0]!.attempts.map((a) => a.status)).toEqual([204]);
      await second.proc.stop();
    },
    120_000,
  );
});
