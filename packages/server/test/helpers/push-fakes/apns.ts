// A fake APNs: a real HTTP/2 TLS server that checks the ES256 provider token, topic, push type and payload.
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import type { TestCertificates } from './certs.js';
import { parseJson, readBody, Script } from './script.js';

export type ApnsAnswer =
  | 'unregistered'
  | 'bad_device_token'
  | 'not_for_topic'
  | 'too_many'
  | 'unavailable'
  | 'internal';

const errors: Record<ApnsAnswer, [number, string]> = {
  unregistered: [410, 'Unregistered'],
  bad_device_token: [400, 'BadDeviceToken'],
  not_for_topic: [400, 'DeviceTokenNotForTopic'],
  too_many: [429, 'TooManyRequests'],
  unavailable: [503, 'ServiceUnavailable'],
  internal: [500, 'InternalServerError'],
};

/** Apple refuses provider tokens issued more than an hour ago. */
const TOKEN_MAX_AGE_SEC = 3600;
const MAX_PAYLOAD = 4096;

export interface FakeApns {
  url: string;
  keyId: string;
  teamId: string;
  topic: string;
  /** The .p8 key the platform signs provider tokens with. */
  keyPem: string;
  script: Script<ApnsAnswer>;
  /** Distinct provider tokens (JWTs) seen, in order of first use. */
  providerTokens: string[];
  /** How many requests were refused with ExpiredProviderToken. */
  expiredRefusals(): number;
  /** Moves the fake's clock (seconds are compared with the token's `iat`). */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

export async function startFakeApns(certs: TestCertificates): Promise<FakeApns> {
  const keyId = randomBytes(5).toString('hex').toUpperCase();
  const teamId = randomBytes(5).toString('hex').toUpperCase();
  const topic = 'edu.example.host';
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const verifyKey = await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'ES256');
  const script = new Script<ApnsAnswer>();
  const providerTokens: string[] = [];
  let expired = 0;
  let offsetMs = 0;
  const nowSec = () => Math.floor((Date.now() + offsetMs) / 1000);

  /**
   * A token's signature is checked once, by its text (Apple, too, validates a token once per connection):
   * the first stream that carries it starts the check and the streams arriving meanwhile share it.
   */
  const verifications = new Map<string, Promise<number | undefined>>(); // jwt → its iat, or undefined if bad
  function verify(jwt: string): Promise<number | undefined> {
    let pending = verifications.get(jwt);
    if (!pending) {
      pending = (async () => {
        try {
          if (decodeProtectedHeader(jwt).kid !== keyId) return undefined;
          const { payload } = await jwtVerify(jwt, verifyKey, {
            issuer: teamId,
            algorithms: ['ES256'],
            currentDate: new Date(nowSec() * 1000),
          });
          providerTokens.push(jwt);
          return payload.iat ?? 0;
        } catch {
          return undefined;
        }
      })();
      verifications.set(jwt, pending);
    }
    return pending;
  }

  async function checkProviderToken(header: string | undefined): Promise<string | undefined> {
    const jwt = /^bearer (.+)$/.exec(header ?? '')?.[1];
    if (!jwt) return 'MissingProviderToken';
    const iat = await verify(jwt);
    if (iat === undefined) return 'InvalidProviderToken';
    if (nowSec() - iat > TOKEN_MAX_AGE_SEC) {
      expired++;
      return 'ExpiredProviderToken';
    }
    return undefined;
  }

  const server = http2.createSecureServer({
    key: certs.keyPem,
    cert: certs.certPem,
    settings: { maxConcurrentStreams: 1000 },
  });
  server.on('stream', async (stream, headers) => {
    const raw = await readBody(stream);
    const answer = (status: number, reason?: string) => {
      if (stream.destroyed) return;
      const apnsId = randomUUID();
      stream.respond({
        ':status': status,
        'apns-id': apnsId,
        ...(reason && { 'content-type': 'application/json' }),
      });
      stream.end(
        reason ? JSON.stringify({ reason, ...(status === 410 && { timestamp: Date.now() }) }) : undefined,
      );
    };
    const match = /^\/3\/device\/([0-9a-fA-F]+)$/.exec(String(headers[':path']));
    if (headers[':method'] !== 'POST') return answer(405, 'MethodNotAllowed');
    if (!match) return answer(400, 'BadDeviceToken');
    const tokenProblem = await checkProviderToken(headers.authorization as string | undefined);
    if (tokenProblem) return answer(403, tokenProblem);
    if (!headers['apns-topic']) return answer(400, 'MissingTopic');
    if (headers['apns-topic'] !== topic) return answer(400, 'BadTopic');
    if (!['alert', 'background'].includes(String(headers['apns-push-type'])))
      return answer(400, 'InvalidPushType');
    if (Buffer.byteLength(raw) > MAX_PAYLOAD) return answer(413, 'PayloadTooLarge');
    const payload = parseJson(raw) as { aps?: { alert?: unknown } } | undefined;
    if (!payload?.aps) return answer(400, 'PayloadEmpty');
    if (headers['apns-push-type'] === 'alert' && !payload.aps.alert) return answer(400, 'BadPayload');
    const token = match[1]!;
    const result = script.answerFor(token);
    if (result === 'ok') {
      script.accept({ token, payload, headers: headers as Record<string, string> });
      return answer(200);
    }
    const [status, reason] = errors[result];
    return answer(status, reason);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });

  return {
    url,
    keyId,
    teamId,
    topic,
    keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    script,
    providerTokens,
    expiredRefusals: () => expired,
    advanceClock: (ms) => {
      offsetMs += ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const session of sessions) session.destroy();
        server.close(() => resolve());
      }),
  };
}
