// Firebase Cloud Messaging HTTP v1: a service-account JWT exchanged for an access token, one send per token.
import { importPKCS8, SignJWT } from 'jose';
import type { Agent } from 'undici';
import type { FcmConfig } from '../../config/push.js';
import { dataOf } from '../message.js';
import { AccessTokenCache, requestToken, tokenOrOutcome } from './access-token.js';
import {
  bodyWithToken,
  createAgent,
  endpoint,
  InFlightLimit,
  networkFailure,
  post,
  retryAfterMs,
  transient,
} from './http.js';
import { accepted, type PushMessage, type PushProvider, type SendOutcome } from './types.js';

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** Connections to FCM, and so requests in flight (HTTP/1.1: one each), shared by all sends. */
const CONNECTIONS = 64;

interface FcmErrorBody {
  error?: { code?: number; status?: string; message?: string; details?: Array<Record<string, unknown>> };
}

export function createFcmProvider(
  config: FcmConfig,
  options: { ca?: string[] | undefined; clock?: () => number } = {},
): PushProvider {
  const agent: Agent = createAgent(options.ca, CONNECTIONS);
  const inFlight = new InFlightLimit(CONNECTIONS);
  const clock = options.clock ?? Date.now;
  const keyPromise = importPKCS8(config.privateKey, 'RS256');
  const sendTo = endpoint(
    `${config.baseUrl}/v1/projects/${encodeURIComponent(config.projectId)}/messages:send`,
  );

  // OAuth2 for service accounts (RFC 7523): a signed assertion, exchanged at the token URI.
  const tokens = new AccessTokenCache(async () => {
    const now = Math.floor(clock() / 1000);
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(config.clientEmail)
      .setAudience(config.tokenUrl)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(await keyPromise);
    return requestToken(agent, config.tokenUrl, {
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion,
    });
  }, clock);

  async function sendOne(
    body: (token: string) => string,
    token: string,
    renewed = false,
  ): Promise<SendOutcome> {
    const accessToken = await tokenOrOutcome(tokens);
    if (typeof accessToken !== 'string') return accessToken;
    let answer: Awaited<ReturnType<typeof post>>;
    try {
      answer = await post(
        agent,
        sendTo,
        { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body(token),
        true,
      );
    } catch (error) {
      return networkFailure(error);
    }
    if (answer.status === 200) return accepted;
    const error = (answer.json as FcmErrorBody | undefined)?.error;
    const fcmCode = error?.details?.find((d) =>
      String(d['@type']).endsWith('google.firebase.fcm.v1.FcmError'),
    )?.errorCode as string | undefined;
    const code = fcmCode ?? error?.status ?? `HTTP ${answer.status}`;
    // An expired or revoked access token: fetch a new one and try once more.
    if (answer.status === 401 && !fcmCode && !renewed) {
      tokens.invalidate(accessToken);
      return sendOne(body, token, true);
    }
    if (fcmCode === 'UNREGISTERED') return { status: 'dead', reason: 'UNREGISTERED' };
    if (answer.status === 429 || answer.status >= 500)
      return transient(code, retryAfterMs(answer.headers['retry-after'], clock()));
    // INVALID_ARGUMENT, SENDER_ID_MISMATCH, THIRD_PARTY_AUTH_ERROR, PERMISSION_DENIED: the token stays.
    return { status: 'failed', reason: code };
  }

  /** FCM HTTP v1 message, the same for every token of a send. */
  function messageBody(message: PushMessage): (token: string) => string {
    return bodyWithToken({
      notification: { title: message.title, body: message.body },
      data: dataOf(message),
      android: { priority: 'HIGH' },
    });
  }

  return {
    platform: 'android',
    send(message, list) {
      const body = messageBody(message);
      return inFlight.map(list, (token) => sendOne(body, token));
    },
    close: () => agent.close(),
  };
}
