// A fake Huawei Push Kit: OAuth client credentials, batches of at most 1000 tokens, Push Kit's result codes.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseJson, readBody, Script } from './script.js';

/** `invalid_token` lands in illegal_tokens; `unavailable` (503) and `internal` (81000001) fail the whole request. */
export type HmsAnswer = 'invalid_token' | 'unavailable' | 'internal';

export const HMS_MAX_TOKENS = 1000;

export interface FakeHms {
  url: string;
  appId: string;
  clientSecret: string;
  script: Script<HmsAnswer>;
  /** Tokens per send request, in order. */
  batchSizes: number[];
  tokensIssued(): number;
  /** Every access token issued so far expires now. */
  expireAccessTokens(): void;
  close(): Promise<void>;
}

export async function startFakeHms(): Promise<FakeHms> {
  const appId = String(100_000_000 + Math.floor(Math.random() * 9_000_000));
  const clientSecret = randomBytes(32).toString('hex');
  const script = new Script<HmsAnswer>();
  const live = new Set<string>();
  const expired = new Set<string>();
  const batchSizes: number[] = [];
  let issued = 0;

  const server = http.createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    const requestId = randomBytes(8).toString('hex');
    const raw = await readBody(req);
    if (req.method === 'POST' && req.url === '/oauth2/v3/token') {
      const form = new URLSearchParams(raw);
      if (form.get('grant_type') !== 'client_credentials')
        return send(400, { error: 1102, sub_error: 20152, error_description: 'unsupported grant_type' });
      if (form.get('client_id') !== appId || form.get('client_secret') !== clientSecret)
        return send(400, { error: 1101, sub_error: 20186, error_description: 'invalid client_secret' });
      const accessToken = `CgB6e3x9${randomBytes(24).toString('base64url')}`;
      live.add(accessToken);
      issued++;
      return send(200, { access_token: accessToken, expires_in: 3600, token_type: 'Bearer' });
    }
    const match = /^\/v1\/([^/]+)\/messages:send$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return send(404, { code: '80300001', msg: 'Not found', requestId });
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (bearer && expired.has(bearer))
      return send(401, { code: '80200003', msg: 'OAuth token expired', requestId });
    if (!bearer || !live.has(bearer) || match[1] !== appId)
      return send(401, { code: '80200001', msg: 'Oauth authentication error', requestId });
    const body = parseJson(raw) as {
      message?: { token?: unknown; android?: { notification?: Record<string, unknown> } };
    };
    const tokens = body?.message?.token;
    if (!Array.isArray(tokens) || tokens.length === 0 || tokens.length > HMS_MAX_TOKENS) {
      return send(400, {
        code: '80300010',
        msg: 'The number of tokens in the message body exceeds the default value',
        requestId,
      });
    }
    const note = body.message?.android?.notification;
    const click = note?.click_action as { type?: unknown; intent?: unknown } | undefined;
    if (
      typeof note?.title !== 'string' ||
      typeof note?.body !== 'string' ||
      (click && click.type === 1 && !click.intent)
    )
      return send(400, { code: '80100003', msg: 'Illegal payload', requestId });
    batchSizes.push(tokens.length);
    const answers = (tokens as string[]).map((token) => [token, script.answerFor(token)] as const);
    if (answers.some(([, a]) => a === 'unavailable'))
      return send(503, { code: '80000001', msg: 'Flow control', requestId });
    if (answers.some(([, a]) => a === 'internal'))
      return send(500, { code: '81000001', msg: 'System inner error', requestId });
    const illegal = answers.filter(([, a]) => a === 'invalid_token').map(([t]) => t);
    for (const [token, a] of answers)
      if (a === 'ok') script.accept({ token, payload: body, headers: req.headers });
    if (illegal.length === 0) return send(200, { code: '80000000', msg: 'Success', requestId });
    if (illegal.length === tokens.length)
      return send(400, { code: '80300007', msg: 'All the tokens are invalid', requestId });
    return send(200, {
      code: '80100000',
      msg: JSON.stringify({
        success: tokens.length - illegal.length,
        failure: illegal.length,
        illegal_tokens: illegal,
      }),
      requestId,
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    appId,
    clientSecret,
    script,
    batchSizes,
    tokensIssued: () => issued,
    expireAccessTokens: () => {
      for (const token of live) expired.add(token);
      live.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
