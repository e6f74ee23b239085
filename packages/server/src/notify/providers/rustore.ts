// RuStore push: a static service token, one FCM-shaped `messages:send` per device token.
import type { RustoreConfig } from '../../config/push.js';
import { dataOf } from '../message.js';
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

/** Connections to RuStore, and so requests in flight (HTTP/1.1: one each), shared by all sends. */
const CONNECTIONS = 64;

interface RustoreError {
  error?: { code?: number; message?: string; status?: string };
}

export function createRustoreProvider(
  config: RustoreConfig,
  options: { ca?: string[] | undefined; clock?: () => number } = {},
): PushProvider {
  const agent = createAgent(options.ca, CONNECTIONS);
  const inFlight = new InFlightLimit(CONNECTIONS);
  const clock = options.clock ?? Date.now;
  const sendTo = endpoint(
    `${config.baseUrl}/v1/projects/${encodeURIComponent(config.projectId)}/messages:send`,
  );
  const headers = { authorization: `Bearer ${config.serviceToken}`, 'content-type': 'application/json' };

  async function sendOne(body: (token: string) => string, token: string): Promise<SendOutcome> {
    let answer: Awaited<ReturnType<typeof post>>;
    try {
      answer = await post(agent, sendTo, headers, body(token), true);
    } catch (error) {
      return networkFailure(error);
    }
    if (answer.status === 200) return accepted;
    const status = (answer.json as RustoreError | undefined)?.error?.status ?? `HTTP ${answer.status}`;
    if (status === 'NOT_FOUND') return { status: 'dead', reason: status };
    if (answer.status === 429 || answer.status >= 500)
      return transient(status, retryAfterMs(answer.headers['retry-after'], clock()));
    // UNAUTHENTICATED, PERMISSION_DENIED (service token), INVALID_ARGUMENT: the token stays.
    return { status: 'failed', reason: status };
  }

  function messageBody(message: PushMessage): (token: string) => string {
    return bodyWithToken({
      notification: { title: message.title, body: message.body },
      data: dataOf(message),
      // click_action_type 1: click_action is a deep link.
      android: { notification: { click_action: message.link, click_action_type: 1 } },
    });
  }

  return {
    platform: 'rustore',
    send(message, list) {
      const body = messageBody(message);
      return inFlight.map(list, (token) => sendOne(body, token));
    },
    close: () => agent.close(),
  };
}
