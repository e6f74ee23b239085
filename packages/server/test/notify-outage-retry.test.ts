// A push chunk that meets a database outage runs again after a pause doubling from 1 s to 30 s, for as long as the
// outage lasts: after 20 s without PostgreSQL (past the old five tries in 15 s) the push still finishes by itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLog } from '../src/log.js';
import { MAX_OUTAGE_PAUSE_MS, outagePause, retryThroughOutage } from '../src/notify/outage-retry.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { deployToken, grant, publishedApp, waitFor } from './helpers/push-fakes/audience.js';
import { type PushFakes, startPushFakes } from './helpers/push-fakes/index.js';
import { startTcpGate, type TcpGate } from './helpers/tcp-gate.js';

const adminUrl = process.env.TEST_DATABASE_URL;
const job = { notificationId: 'ntf_1', chunk: 0 };
const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

describe('the pause before a chunk runs again during an outage', () => {
  it('doubles from 1 s, taken from its upper half, up to 30 s: 16 s at the 5th, 30 s from the 6th on', () => {
    expect([0, 1].map((r) => outagePause(1, () => r))).toEqual([500, 1_000]);
    expect(outagePause(2, () => 1)).toBe(2_000);
    expect(outagePause(5, () => 1)).toBe(16_000);
    expect(outagePause(6, () => 1)).toBe(MAX_OUTAGE_PAUSE_MS);
    expect(outagePause(7, () => 1)).toBe(MAX_OUTAGE_PAUSE_MS);
    expect(outagePause(60, () => 0)).toBe(MAX_OUTAGE_PAUSE_MS / 2);
  });

  it('asks to run again only for an unreachable database; other errors fail the job as before', async () => {
    let fail: Error | undefined = refused;
    const handler = retryThroughOutage(async () => {
      if (fail) throw fail;
      return {};
    }, createLog('silent'));
    const pauses: number[] = [];
    for (let i = 0; i < 7; i++) pauses.push((await handler(job)).againInMs!);
    pauses.forEach((pause, i) => {
      const full = Math.min(MAX_OUTAGE_PAUSE_MS, 1_000 * 2 ** i);
      expect(pause).toBeGreaterThanOrEqual(full / 2);
      expect(pause).toBeLessThanOrEqual(full);
    });
    fail = undefined;
    expect(await handler(job)).toEqual({});
    // The count starts again after a run got through.
    fail = refused;
    expect((await handler(job)).againInMs).toBeLessThanOrEqual(1_000);
    fail = new Error('a bug');
    await expect(handler(job)).rejects.toThrow('a bug');
  });
});

describe.runIf(adminUrl)('PostgreSQL stopped while a push chunk is being sent', () => {
  let gate: TcpGate;
  let fakes: PushFakes;
  let t: TestPlatform;
  let owner: SignedIn;
  const token = 'rustore-outage-retry-0001';

  beforeAll(async () => {
    const server = new URL(adminUrl!);
    gate = await startTcpGate(server.hostname, Number(server.port || 5432));
    const gated = new URL(adminUrl!);
    gated.host = gate.address;
    process.env.TEST_DATABASE_URL = gated.toString();
    fakes = await startPushFakes();
    // In-process sends (no Redis): the queue this process runs is the one that must not give up.
    t = await startTestPlatform('postgres', fakes.env);
    owner = await t.login('owner@uni.example');
    const fan = await t.login('fan@uni.example');
    const app = await publishedApp(t, t.platform.db, owner.auth, 'acme', 'news');
    await t.request({
      method: 'POST',
      url: '/api/v1/me/devices',
      headers: fan.auth,
      payload: { platform: 'rustore', token },
    });
    await grant(t.platform.db, app.id, [fan.user.id]);
  });
  afterAll(async () => {
    await gate?.open().catch(() => {});
    await t?.close();
    await fakes?.close();
    await gate?.close();
    process.env.TEST_DATABASE_URL = adminUrl;
  });

  it('the chunk waits out a 20 s outage and finishes once the database is back', async () => {
    // The provider takes 2 s to answer, so the outage begins with the chunk's send in flight.
    fakes.rustore.script.delayMs = 2_000;
    const res = await t.request({
      method: 'POST',
      url: '/functions/v1/miniapp-notify',
      headers: { authorization: `Bearer ${await deployToken(t, owner.auth)}` },
      payload: { organizationId: 'acme', slug: 'news', title: 'Hello', body: 'Through the outage' },
    });
    expect(res.json()).toEqual({ ok: true, delivered: 1, users: 1 });
    await waitFor(async () => (fakes.rustore.script.attempts.get(token) ? true : undefined));
    await gate.shut();
    fakes.rustore.script.delayMs = 0;
    await new Promise((r) => setTimeout(r, 20_000));
    await gate.open();

    const location = res.headers.location as string;
    const done = await waitFor(async () => {
      const answer = await t.request({ method: 'GET', url: location, headers: owner.auth });
      if (answer.statusCode !== 200) return undefined;
      const { notification } = answer.json();
      return notification.finishedAt ? notification : undefined;
    }, 40_000);
    expect(done).toMatchObject({ devices: 1, accepted: 1, failed: 0, pending: 0 });
    // Sent before the outage and again after it: the send in flight was never recorded (at least once).
    expect(fakes.rustore.script.deliveredTo(token).length).toBeGreaterThanOrEqual(1);
  }, 90_000);
});
