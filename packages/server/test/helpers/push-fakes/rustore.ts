// A fake RuStore push: a service token in Authorization, FCM-shaped messages:send and errors.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isStringMap, parseJson, readBody, Script } from './script.js';

export type RustoreAnswer = 'not_found' | 'invalid_argument' | 'unavailable' | 'internal';

const errors: Record<RustoreAnswer, [number, string]> = {
  not_found: [404, 'NOT_FOUND'],
  invalid_argument: [400, 'INVALID_ARGUMENT'],
  unavailable: [503, 'UNAVAILABLE'],
  internal: [500, 'INTERNAL'],
};

export interface FakeRustore {
  url: string;
  projectId: string;
  serviceToken: string;
  script: Script<RustoreAnswer>;
  close(): Promise<void>;
}

export async function startFakeRustore(): Promise<FakeRustore> {
  const projectId = randomBytes(8).toString('hex');
  const serviceToken = randomBytes(32).toString('base64url');
  const script = new Script<RustoreAnswer>();

  const server = http.createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const fail = (status: number, code: string, message: string) =>
      send(status, { error: { code: status, message, status: code } });
    const raw = await readBody(req);
    if (script.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, script.delayMs));
    const match = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return fail(404, 'NOT_FOUND', 'unknown method');
    if (req.headers.authorization !== `Bearer ${serviceToken}`)
      return fail(401, 'UNAUTHENTICATED', 'invalid service token');
    if (match[1] !== projectId) return fail(403, 'PERMISSION_DENIED', 'the token is not for this project');
    const body = parseJson(raw) as { message?: Record<string, unknown> } | undefined;
    const message = body?.message;
    const note = message?.notification as { title?: unknown; body?: unknown } | undefined;
    if (
      !message ||
      typeof message.token !== 'string' ||
      (message.data !== undefined && !isStringMap(message.data)) ||
      typeof note?.title !== 'string' ||
      typeof note?.body !== 'string'
    )
      return fail(400, 'INVALID_ARGUMENT', 'invalid message');
    const token = message.token;
    const answer = script.answerFor(token);
    if (answer === 'ok') {
      script.accept({ token, payload: body, headers: req.headers });
      return send(200, {});
    }
    const [status, code] = errors[answer];
    return fail(status, code, `scripted ${code}`);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    projectId,
    serviceToken,
    script,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
