// Each provider client against its loopback fake: real auth exchanges, request shapes and error mapping.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createApnsProvider, PROVIDER_TOKEN_TTL_MS } from '../src/notify/providers/apns.js';
import { createFcmProvider } from '../src/notify/providers/fcm.js';
import { createHmsProvider } from '../src/notify/providers/hms.js';
import { InFlightLimit } from '../src/notify/providers/http.js';
import { createRustoreProvider } from '../src/notify/providers/rustore.js';
import type { PushMessage } from '../src/notify/providers/types.js';
import { type PushFakes, startPushFakes } from './helpers/push-fakes/index.js';

const message: PushMessage = {
  notificationId: 'ntf_test',
  organizationId: 'acme',
  slug: 'news',
  title: 'News: Exam moved',
  body: 'The exam is on Friday.',
  page: '/exams/42',
  link: 'miniapps://open/acme/news?page=%2Fexams%2F42',
};

const apnsToken = (n: number) => n.toString(16).padStart(64, 'a');
const opaque = (prefix: string, n: number) => `${prefix}-${String(n).padStart(20, '0')}`;

describe('push provider clients against fake providers', () => {
  let fakes: PushFakes;
  let push: ReturnType<typeof loadConfig>['push'];

  beforeAll(async () => {
    fakes = await startPushFakes();
    push = loadConfig({ NODE_ENV: 'test', DATA_DIR: fakes.certs.dir, ...fakes.env }).push;
  });
  afterAll(() => fakes.close());
  beforeEach(() => fakes.reset());

  describe('FCM HTTP v1', () => {
    it('exchanges a signed service-account JWT for an access token once and sends the message shape', async () => {
      const fcm = createFcmProvider(push.fcm!, { ca: push.ca });
      const before = fakes.fcm.tokensIssued();
      const outcomes = await fcm.send(message, [opaque('fcm', 1), opaque('fcm', 2)]);
      expect(outcomes).toEqual([{ status: 'accepted' }, { status: 'accepted' }]);
      expect(fakes.fcm.tokensIssued() - before).toBe(1);
      const [first] = fakes.fcm.script.deliveredTo(opaque('fcm', 1));
      expect(first?.payload).toMatchObject({
        message: {
          token: opaque('fcm', 1),
          notification: { title: 'News: Exam moved', body: 'The exam is on Friday.' },
          data: { link: message.link, page: '/exams/42', notificationId: 'ntf_test' },
        },
      });
      await fcm.close();
    });

    it('maps UNREGISTERED to a dead token, 503/429/500 to retries, and config errors to failures', async () => {
      const fcm = createFcmProvider(push.fcm!, { ca: push.ca });
      const tokens = [
        'unregistered',
        'unavailable',
        'quota',
        'internal',
        'sender_id_mismatch',
        'invalid_argument',
        'third_party_auth',
      ] as const;
      for (const [i, answer] of tokens.entries()) fakes.fcm.script.next(opaque('fcm', i), answer);
      const outcomes = await fcm.send(
        message,
        tokens.map((_, i) => opaque('fcm', i)),
      );
      expect(outcomes.map((o) => o.status)).toEqual([
        'dead',
        'retry',
        'retry',
        'retry',
        'failed',
        'failed',
        'failed',
      ]);
      expect(outcomes[0]).toMatchObject({ reason: 'UNREGISTERED' });
      expect(outcomes[2]).toMatchObject({ reason: 'QUOTA_EXCEEDED', retryAfterMs: 0 });
      await fcm.close();
    });

    it('fetches a new access token when FCM stops accepting the old one', async () => {
      const fcm = createFcmProvider(push.fcm!, { ca: push.ca });
      await fcm.send(message, [opaque('fcm', 1)]);
      const issued = fakes.fcm.tokensIssued();
      fakes.fcm.revokeAccessTokens();
      expect(await fcm.send(message, [opaque('fcm', 2)])).toEqual([{ status: 'accepted' }]);
      expect(fakes.fcm.tokensIssued()).toBe(issued + 1);
      await fcm.close();
    });

    it('a refused grant fails the send without calling the token dead', async () => {
      const fcm = createFcmProvider(push.fcm!, { ca: push.ca });
      fakes.fcm.refuseGrants(true);
      try {
        const [outcome] = await fcm.send(message, [opaque('fcm', 1)]);
        expect(outcome?.status).toBe('failed');
        expect(fakes.fcm.script.attempts.size).toBe(0);
      } finally {
        fakes.fcm.refuseGrants(false);
        await fcm.close();
      }
    });
  });

  describe('APNs', () => {
    it('sends over HTTP/2 with an ES256 provider token, apns-topic and apns-push-type', async () => {
      const apns = createApnsProvider(push.apns!, { ca: push.ca });
      expect(await apns.send(message, [apnsToken(1)])).toEqual([{ status: 'accepted' }]);
      const [sent] = fakes.apns.script.deliveredTo(apnsToken(1));
      expect(sent?.headers).toMatchObject({
        'apns-topic': fakes.apns.topic,
        'apns-push-type': 'alert',
        'apns-priority': '10',
        'apns-collapse-id': 'ntf_test',
      });
      expect(sent?.payload).toMatchObject({
        aps: { alert: { title: 'News: Exam moved', body: 'The exam is on Friday.' } },
        link: message.link,
      });
      await apns.close();
    });

    it('410 Unregistered and BadDeviceToken are dead; DeviceTokenNotForTopic is not; 429/503/500 retry', async () => {
      const apns = createApnsProvider(push.apns!, { ca: push.ca });
      const answers = [
        'unregistered',
        'bad_device_token',
        'not_for_topic',
        'too_many',
        'unavailable',
        'internal',
      ] as const;
      for (const [i, answer] of answers.entries()) fakes.apns.script.next(apnsToken(i), answer);
      const outcomes = await apns.send(
        message,
        answers.map((_, i) => apnsToken(i)),
      );
      expect(outcomes.map((o) => o.status)).toEqual(['dead', 'dead', 'failed', 'retry', 'retry', 'retry']);
      expect(outcomes[0]).toMatchObject({ reason: 'Unregistered' });
      await apns.close();
    });

    it('renews the provider token before it is an hour old, so Apple never refuses it as expired', async () => {
      let now = Date.now();
      const apns = createApnsProvider(push.apns!, { ca: push.ca, clock: () => now });
      const seen = fakes.apns.providerTokens.length;
      await apns.send(message, [apnsToken(1)]);
      now += PROVIDER_TOKEN_TTL_MS - 60_000; // still the same token
      fakes.apns.advanceClock(PROVIDER_TOKEN_TTL_MS - 60_000);
      await apns.send(message, [apnsToken(2)]);
      expect(fakes.apns.providerTokens.length - seen).toBe(1);
      now += 15 * 60_000; // 59 minutes after the first token: a new one, not an ExpiredProviderToken round trip
      fakes.apns.advanceClock(15 * 60_000);
      expect(await apns.send(message, [apnsToken(3)])).toEqual([{ status: 'accepted' }]);
      expect(fakes.apns.providerTokens.length - seen).toBe(2);
      expect(fakes.apns.expiredRefusals()).toBe(0);
      fakes.apns.advanceClock(-(PROVIDER_TOKEN_TTL_MS + 14 * 60_000));
      await apns.close();
    });

    it('a connection refused by a stopped server is a retry, not a failure', async () => {
      const apns = createApnsProvider({ ...push.apns!, baseUrl: 'https://127.0.0.1:1' }, { ca: push.ca });
      const [outcome] = await apns.send(message, [apnsToken(1)]);
      expect(outcome?.status).toBe('retry');
      await apns.close();
    });
  });

  describe('HMS Push Kit', () => {
    it('sends 1000 tokens per request at most, with a client-credentials access token', async () => {
      const hms = createHmsProvider(push.hms!, { ca: push.ca });
      const tokens = Array.from({ length: 2001 }, (_, i) => opaque('hms', i));
      const outcomes = await hms.send(message, tokens);
      expect(outcomes.every((o) => o.status === 'accepted')).toBe(true);
      expect(fakes.hms.batchSizes.slice(-3).sort((a, b) => b - a)).toEqual([1000, 1000, 1]);
      const [sent] = fakes.hms.script.deliveredTo(opaque('hms', 0));
      expect(sent?.payload).toMatchObject({
        message: {
          android: {
            notification: {
              title: message.title,
              body: message.body,
              click_action: { type: 1, intent: message.link },
            },
          },
        },
      });
      await hms.close();
    });

    it('illegal tokens of a partial success are dead, the rest accepted; all invalid is dead too', async () => {
      const hms = createHmsProvider(push.hms!, { ca: push.ca });
      fakes.hms.script.next(opaque('hms', 2), 'invalid_token');
      const outcomes = await hms.send(message, [opaque('hms', 1), opaque('hms', 2), opaque('hms', 3)]);
      expect(outcomes.map((o) => o.status)).toEqual(['accepted', 'dead', 'accepted']);
      fakes.hms.script.next(opaque('hms', 4), 'invalid_token');
      expect((await hms.send(message, [opaque('hms', 4)])).map((o) => o.status)).toEqual(['dead']);
      await hms.close();
    });

    it('renews an expired OAuth token (80200003) and retries flow control (503) and system errors', async () => {
      const hms = createHmsProvider(push.hms!, { ca: push.ca });
      await hms.send(message, [opaque('hms', 1)]);
      const issued = fakes.hms.tokensIssued();
      fakes.hms.expireAccessTokens();
      expect(await hms.send(message, [opaque('hms', 1)])).toEqual([{ status: 'accepted' }]);
      expect(fakes.hms.tokensIssued()).toBe(issued + 1);
      fakes.hms.script.next(opaque('hms', 5), 'unavailable');
      fakes.hms.script.next(opaque('hms', 6), 'internal');
      expect((await hms.send(message, [opaque('hms', 5)]))[0]?.status).toBe('retry');
      expect((await hms.send(message, [opaque('hms', 6)]))[0]?.status).toBe('retry');
      await hms.close();
    });

    it('a wrong client secret fails the send and never calls tokens dead', async () => {
      const hms = createHmsProvider({ ...push.hms!, clientSecret: 'wrong' }, { ca: push.ca });
      const [outcome] = await hms.send(message, [opaque('hms', 1)]);
      expect(outcome?.status).toBe('failed');
      await hms.close();
    });
  });

  describe('RuStore', () => {
    it('sends with the service token and a deep-link click action', async () => {
      const rustore = createRustoreProvider(push.rustore!, { ca: push.ca });
      expect(await rustore.send(message, [opaque('ru', 1)])).toEqual([{ status: 'accepted' }]);
      const [sent] = fakes.rustore.script.deliveredTo(opaque('ru', 1));
      expect(sent?.payload).toMatchObject({
        message: {
          token: opaque('ru', 1),
          notification: { title: message.title, body: message.body },
          android: { notification: { click_action: message.link, click_action_type: 1 } },
          data: { page: '/exams/42' },
        },
      });
      await rustore.close();
    });

    it('NOT_FOUND is dead; a wrong service token fails without removing; 503 retries', async () => {
      const rustore = createRustoreProvider(push.rustore!, { ca: push.ca });
      fakes.rustore.script.next(opaque('ru', 1), 'not_found');
      fakes.rustore.script.next(opaque('ru', 2), 'unavailable');
      const outcomes = await rustore.send(message, [opaque('ru', 1), opaque('ru', 2)]);
      expect(outcomes.map((o) => o.status)).toEqual(['dead', 'retry']);
      const wrong = createRustoreProvider({ ...push.rustore!, serviceToken: 'nope' }, { ca: push.ca });
      expect((await wrong.send(message, [opaque('ru', 3)]))[0]).toMatchObject({
        status: 'failed',
        reason: 'UNAUTHENTICATED',
      });
      await rustore.close();
      await wrong.close();
    });
  });
});

describe("a provider's shared budget of requests in flight", () => {
  it("never exceeds it across concurrent sends, lets them take turns, and keeps each send's order", async () => {
    const limit = new InFlightLimit(3);
    let active = 0;
    let peak = 0;
    const started: string[] = [];
    const work = async (item: string) => {
      started.push(item);
      active++;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setTimeout(resolve, 1));
      active--;
      return item.toUpperCase();
    };
    const [a, b, empty] = await Promise.all([
      limit.map(['a1', 'a2', 'a3', 'a4', 'a5'], work),
      limit.map(['b1', 'b2', 'b3'], work),
      limit.map([], work),
    ]);
    expect(a).toEqual(['A1', 'A2', 'A3', 'A4', 'A5']);
    expect(b).toEqual(['B1', 'B2', 'B3']);
    expect(empty).toEqual([]);
    expect(peak).toBe(3);
    // The second send did not wait for the first to finish: it got its turn as slots freed.
    expect(started.indexOf('b1')).toBeLessThan(started.indexOf('a5'));
  });
});
