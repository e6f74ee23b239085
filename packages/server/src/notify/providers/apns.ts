// Apple Push Notification service: HTTP/2, an ES256 provider token renewed well inside its hour, one stream per token.
import http2 from 'node:http2';
import { importPKCS8, SignJWT } from 'jose';
import type { ApnsConfig } from '../../config/push.js';
import { dataOf } from '../message.js';
import { InFlightLimit, retryAfterMs, transient } from './http.js';
import { accepted, type PushMessage, type PushProvider, type SendOutcome } from './types.js';

/** Apple refuses provider tokens older than an hour and throttles renewals more often than every 20 minutes. */
export const PROVIDER_TOKEN_TTL_MS = 45 * 60_000; // 45 min
/** Streams in flight on the connection, shared by all sends (each open stream costs CPU at both ends). */
const STREAMS = 100;
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
  const inFlight = new InFlightLimit(STREAMS);

  /** The provider token while it is young enough: no promise per message on the hot path. */
  function freshBearer(): string | undefined {
    if (providerToken && clock() - providerToken.issuedAt < PROVIDER_TOKEN_TTL_MS) return providerToken.jwt;
    return undefined;
  }

  async function bearer(): Promise<string> {
    const fresh = freshBearer();
    if (fresh) return fresh;
    const issuedAt = clock();
    const jwt = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: config.keyId })
      .setIssuer(config.teamId)
      .setIssuedAt(Math.floor(issuedAt / 1000))
      .sign(await keyPromise);
    providerToken = { jwt, issuedAt };
    return jwt;
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

  /**
   * One stream. Costs are per message at volume, so: no timer per stream (the send's one timer cancels
   * streams still open, see `send`), no body collected for a 200 (APNs answers success with headers only).
   */
  function request(
    headers: http2.OutgoingHttpHeaders,
    body: string,
    open: Map<http2.ClientHttp2Stream, number>,
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const stream = connection().request(headers);
      open.set(stream, clock());
      let status = 0;
      let responseHeaders: http2.IncomingHttpHeaders = {};
      const chunks: Buffer[] = [];
      let failure: Error | undefined;
      stream.on('response', (h) => {
        responseHeaders = h;
        status = Number(h[':status']);
      });
      stream.on('data', (chunk: Buffer) => {
        if (status !== 200) chunks.push(chunk);
      });
      stream.on('error', (error) => {
        failure = error;
      });
      stream.on('close', () => {
        open.delete(stream);
        if (status !== 0 && !failure)
          resolve({ status, headers: responseHeaders, body: Buffer.concat(chunks).toString() });
        else reject(failure ?? new Error(`stream closed (${stream.rstCode ?? 'no answer'})`));
      });
      stream.end(body);
    });
  }

  /** What every token of a send shares: the JSON payload and the headers' values but path and token. */
  interface Prepared {
    payload: string;
    expiration: string;
    collapseId: string;
    /** Streams of this send still open, with when they started (the send's timer cancels stalled ones). */
    open: Map<http2.ClientHttp2Stream, number>;
  }

  function prepare(message: PushMessage): Prepared {
    const payload = {
      aps: { alert: { title: message.title, body: message.body }, sound: 'default' },
      ...dataOf(message),
    };
    return {
      payload: JSON.stringify(payload),
      expiration: String(Math.floor(clock() / 1000) + EXPIRATION_SEC),
      collapseId: message.notificationId,
      open: new Map(),
    };
  }

  async function sendOne(prepared: Prepared, token: string, renewed = false): Promise<SendOutcome> {
    const jwt = freshBearer() ?? (await bearer());
    let answer: Answer;
    try {
      // One literal of fixed shape per stream (cheaper than spreading shared headers into a new object).
      const headers = {
        ':method': 'POST',
        ':path': `/3/device/${token}`,
        authorization: `bearer ${jwt}`,
        'apns-topic': config.topic,
        'apns-push-type': 'alert',
        'apns-priority': '10',
        'apns-expiration': prepared.expiration,
        // A device shows one banner per collapse id, so a re-send after a crash replaces, not repeats.
        'apns-collapse-id': prepared.collapseId,
        'content-type': 'application/json',
      };
      answer = await request(headers, prepared.payload, prepared.open);
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
    async send(message, list) {
      const prepared = prepare(message);
      // One timer for the whole send: a stream open for STREAM_TIMEOUT_MS is cancelled (and retried).
      const timer = setInterval(() => {
        const stalled = clock() - STREAM_TIMEOUT_MS;
        for (const [stream, since] of prepared.open)
          if (since <= stalled) stream.close(http2.constants.NGHTTP2_CANCEL);
      }, STREAM_TIMEOUT_MS / 10);
      try {
        return await inFlight.map(list, (token) => sendOne(prepared, token));
      } finally {
        clearInterval(timer);
      }
    },
    async close() {
      const open = session;
      session = undefined;
      if (open && !open.closed) await new Promise<void>((resolve) => open.close(() => resolve()));
    },
  };
}
