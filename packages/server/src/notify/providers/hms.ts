// Huawei Push Kit: OAuth2 client credentials, one request for up to 1000 tokens, per-token failures in `msg`.
import type { HmsConfig } from '../../config/push.js';
import { AccessTokenCache, requestToken, tokenOrOutcome } from './access-token.js';
import {
  createAgent,
  endpoint,
  InFlightLimit,
  networkFailure,
  post,
  retryAfterMs,
  transient,
} from './http.js';
import { accepted, type PushMessage, type PushProvider, type SendOutcome } from './types.js';

/** Push Kit takes at most 1000 tokens per message. */
export const HMS_BATCH = 1000;
/** Connections to Push Kit, and so batches in flight, shared by all sends. */
const CONNECTIONS = 8;

// Push Kit's result codes (the `code` field of every answer).
const SUCCESS = '80000000';
const PARTIAL = '80100000';
const ALL_TOKENS_INVALID = '80300007';
const OAUTH_ERRORS = new Set(['80200001', '80200003']); // authentication error, token expired
const SYSTEM_ERROR = '81000001';

interface HmsAnswer {
  code?: string;
  msg?: string;
  requestId?: string;
}

export function createHmsProvider(
  config: HmsConfig,
  options: { ca?: string[] | undefined; clock?: () => number } = {},
): PushProvider {
  const agent = createAgent(options.ca, CONNECTIONS);
  const inFlight = new InFlightLimit(CONNECTIONS);
  const clock = options.clock ?? Date.now;
  const sendTo = endpoint(`${config.baseUrl}/v1/${encodeURIComponent(config.appId)}/messages:send`);

  const tokens = new AccessTokenCache(async () => {
    return requestToken(agent, config.tokenUrl, {
      grant_type: 'client_credentials',
      client_id: config.clientId,
      client_secret: config.clientSecret,
    });
  }, clock);

  async function sendBatch(
    message: PushMessage,
    batch: readonly string[],
    renewed = false,
  ): Promise<SendOutcome[]> {
    const all = (outcome: SendOutcome) => batch.map(() => outcome);
    const accessToken = await tokenOrOutcome(tokens);
    if (typeof accessToken !== 'string') return all(accessToken);
    const payload = {
      validate_only: false,
      message: {
        android: {
          urgency: 'HIGH',
          notification: {
            title: message.title,
            body: message.body,
            // type 1: open the app through an intent URI, our deep link.
            click_action: { type: 1, intent: message.link },
          },
        },
        token: batch,
      },
    };
    let answer: Awaited<ReturnType<typeof post>>;
    try {
      answer = await post(
        agent,
        sendTo,
        { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json;charset=utf-8' },
        JSON.stringify(payload),
      );
    } catch (error) {
      return all(networkFailure(error));
    }
    const body = (answer.json ?? {}) as HmsAnswer;
    const code = body.code ?? `HTTP ${answer.status}`;
    if (code === SUCCESS) return all(accepted);
    if (code === PARTIAL) {
      const illegal = new Set(parseIllegalTokens(body.msg));
      return batch.map((token) =>
        illegal.has(token) ? { status: 'dead', reason: 'illegal_token' } : accepted,
      );
    }
    if (code === ALL_TOKENS_INVALID) return all({ status: 'dead', reason: `${code} invalid token` });
    if (OAUTH_ERRORS.has(code) && !renewed) {
      tokens.invalidate(accessToken);
      return sendBatch(message, batch, true);
    }
    if (code === SYSTEM_ERROR || answer.status === 503 || answer.status === 429 || answer.status >= 500)
      return all(transient(code, retryAfterMs(answer.headers['retry-after'], clock())));
    return all({ status: 'failed', reason: `${code} ${body.msg ?? ''}`.trim() });
  }

  return {
    platform: 'huawei',
    async send(message, list) {
      const batches: string[][] = [];
      for (let i = 0; i < list.length; i += HMS_BATCH) batches.push(list.slice(i, i + HMS_BATCH));
      return (await inFlight.map(batches, (batch) => sendBatch(message, batch))).flat();
    },
    close: () => agent.close(),
  };
}

/** Partial success carries `{"success":n,"failure":m,"illegal_tokens":[...]}` as a JSON string in `msg`. */
function parseIllegalTokens(msg: string | undefined): string[] {
  if (!msg) return [];
  try {
    const parsed = JSON.parse(msg) as { illegal_tokens?: unknown };
    return Array.isArray(parsed.illegal_tokens) ? parsed.illegal_tokens.map(String) : [];
  } catch {
    return [];
  }
}
