// Apple Push Notification service: HTTP/2, an ES256 provider token renewed well inside its hour, one stream per token.
import http2 from 'node:http2';
import { importPKCS8, SignJWT } from 'jose';
import type { ApnsConfig } from '../../config/push.js';
import { dataOf } from '../message.js';
import { mapLimit, retryAfterMs, transient } from './http.js';
import { accepted, type PushMessage, type PushProvider, type SendOutcome } from './types.js';

/** Apple refuses provider tokens older than an hour and throttles renewals more often than every 20 minutes. */
export const PROVIDER_TOKEN_TTL_MS = 45 * 60_000; // 45 min
const PARALLEL = 100;
const STREAM_TIMEOUT_MS = 30_000;
/** How long the device may hold an undelivered push: a day, the value a daily quota makes sensible. */
const EXPIRATION_SEC = 24 * 3600;

interface Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: string;
}

export function createApnsProvider(
  config: ApnsConfig,
  options: { ca?: string[] | undefined; clock?: () => number } = {},
): PushProvider {
  const clock = options.clock ?? Date.now;
  const keyPromise = importPKCS8(config.privateKey, 'ES256');
  let providerToken: { jwt: string; issuedAt: number } | undefined;
  let session: http2.ClientHttp2Session | undefined;

  async function bearer(): Promise<string> {
    if (!providerToken || clock() - providerToken.issuedAt >= PROVIDER_TOKEN_TTL_MS) {
      const issuedAt = clock();
      const jwt = await new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: config.keyId })
        .setIssuer(config.teamId)
        .setIssuedAt(Math.floor(issuedAt / 1000))
        .sign(await keyPromise);
      providerToken = { jwt, issuedAt };
    }
    return providerToken.jwt;
  }

  function connection(): http2.ClientHttp2Session {
    if (session && !session.closed && !session.destroyed) return session;
    const fresh = http2.connect(config.baseUrl, options.ca ? { ca: options.ca } : {});
    // A failed or retired connection is replaced on the next send; streams in flight see their own errors.
    const forget = () => {
      if (session === fresh) session = undefined;
    };
    fresh.on('error', forget);
    fresh.on('goaway', forget);
    fresh.on('close', forget);
    session = fresh;
    return fresh;
  }

  function request(headers: http2.OutgoingHttpHeaders, body: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const stream = connection().request(headers);
      const chunks: Buffer[] = [];
      let status = 0;
      let responseHeaders: http2.IncomingHttpHeaders = {};
      stream.setTimeout(STREAM_TIMEOUT_MS, () => stream.close(http2.constants.NGHTTP2_CANCEL));
      stream.on('response', (h) => {
        responseHeaders = h;
        status = Number(h[':status']);
      });
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () =>
        resolve({ status, headers: responseHeaders, body: Buffer.concat(chunks).toString() }),
      );
      stream.on('error', reject);
      stream.on('close', () => {
        if (status === 0) reject(new Error(`stream closed (${stream.rstCode ?? 'no answer'})`));
      });
      stream.end(body);
    });
  }

  /** What every token of a send shares: the JSON payload and the headers but path and token. */
  interface Prepared {
    payload: string;
    collapseId: string;
  }

  function prepare(message: PushMessage): Prepared {
    const payload = {
      aps: { alert: { title: message.title, body: message.body }, sound: 'default' },
      ...dataOf(message),
    };
    return { payload: JSON.stringify(payload), collapseId: message.notificationId };
  }

  async function sendOne(prepared: Prepared, token: string, renewed = false): Promise<SendOutcome> {
    const jwt = await bearer();
    let answer: Answer;
    try {
      answer = await request(
        {
          ':method': 'POST',
          ':path': `/3/device/${token}`,
          authorization: `bearer ${jwt}`,
          'apns-topic': config.topic,
          'apns-push-type': 'alert',
          'apns-priority': '10',
          'apns-expiration': String(Math.floor(clock() / 1000) + EXPIRATION_SEC),
          // A device shows one banner per collapse id, so a re-send after a crash replaces, not repeats.
          'apns-collapse-id': prepared.collapseId,
          'content-type': 'application/json',
        },
        prepared.payload,
      );
    } catch (error) {
      return transient(`network: ${(error as Error).message}`);
    }
    if (answer.status === 200) return accepted;
    let reason = `HTTP ${answer.status}`;
    try {
      reason = (JSON.parse(answer.body) as { reason?: string }).reason ?? reason;
    } catch {
      // no JSON body: keep the status as the reason
    }
    if (answer.status === 410 || reason === 'Unregistered' || reason === 'BadDeviceToken')
      return { status: 'dead', reason };
    if ((reason === 'ExpiredProviderToken' || reason === 'InvalidProviderToken') && !renewed) {
      providerToken = undefined;
      return sendOne(prepared, token, true);
    }
    if (answer.status === 429 || answer.status >= 500)
      return transient(reason, retryAfterMs(answer.headers['retry-after'], clock()));
    // DeviceTokenNotForTopic, BadTopic, TopicDisallowed, InvalidProviderToken…: configuration, the token stays.
    return { status: 'failed', reason };
  }

  return {
    platform: 'ios',
    send(message, list) {
      const prepared = prepare(message);
      return mapLimit(list, PARALLEL, (token) => sendOne(prepared, token));
    },
    async close() {
      const open = session;
      session = undefined;
      if (open && !open.closed) await new Promise<void>((resolve) => open.close(() => resolve()));
    },
  };
}
