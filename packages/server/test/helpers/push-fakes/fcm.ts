// A fake FCM HTTP v1 on loopback: verifies the service-account JWT exchange, access tokens and message shape.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { importSPKI, jwtVerify } from 'jose';
import { isStringMap, parseJson, readBody, Script } from './script.js';

export type FcmAnswer =
  | 'unregistered'
  | 'unavailable'
  | 'internal'
  | 'quota'
  | 'invalid_argument'
  | 'sender_id_mismatch'
  | 'third_party_auth';

const errors: Record<FcmAnswer, [number, string, string]> = {
  unregistered: [404, 'NOT_FOUND', 'UNREGISTERED'],
  unavailable: [503, 'UNAVAILABLE', 'UNAVAILABLE'],
  internal: [500, 'INTERNAL', 'INTERNAL'],
  quota: [429, 'RESOURCE_EXHAUSTED', 'QUOTA_EXCEEDED'],
  invalid_argument: [400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT'],
  sender_id_mismatch: [403, 'PERMISSION_DENIED', 'SENDER_ID_MISMATCH'],
  third_party_auth: [401, 'UNAUTHENTICATED', 'THIRD_PARTY_AUTH_ERROR'],
};

export interface FakeFcm {
  url: string;
  projectId: string;
  /** The service account JSON the platform is configured with (its private key signs our assertions). */
  serviceAccount: string;
  script: Script<FcmAnswer>;
  /** Access tokens issued so far. */
  tokensIssued(): number;
  /** Every access token issued so far stops working (as if revoked or expired at Google). */
  revokeAccessTokens(): void;
  /** The token endpoint refuses every assertion (a disabled service account). */
  refuseGrants(on: boolean): void;
  close(): Promise<void>;
}

export async function startFakeFcm(): Promise<FakeFcm> {
  const projectId = `proj-${randomBytes(3).toString('hex')}`;
  const clientEmail = `push@${projectId}.iam.gserviceaccount.com`;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const verifyKey = await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RS256');
  const script = new Script<FcmAnswer>();
  const live = new Set<string>();
  let issued = 0;
  let refusing = false;
  let tokenUrl = '';

  const server = http.createServer(async (req, res) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
      res.end(JSON.stringify(body));
    };
    const raw = await readBody(req);
    if (req.method === 'POST' && req.url === '/token') {
      const form = new URLSearchParams(raw);
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || refusing)
        return send(400, { error: 'invalid_grant', error_description: 'Invalid grant' });
      try {
        const { payload } = await jwtVerify(form.get('assertion') ?? '', verifyKey, {
          issuer: clientEmail,
          audience: tokenUrl,
          algorithms: ['RS256'],
        });
        if (!String(payload.scope).split(' ').includes('https://www.googleapis.com/auth/firebase.messaging'))
          return send(400, { error: 'invalid_scope' });
        if ((payload.exp ?? 0) - (payload.iat ?? 0) > 3600)
          return send(400, { error: 'invalid_grant', error_description: 'Invalid JWT: exp too far' });
      } catch (error) {
        return send(400, { error: 'invalid_grant', error_description: String(error) });
      }
      const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
      live.add(accessToken);
      issued++;
      return send(200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' });
    }
    const match = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return send(404, { error: { code: 404, status: 'NOT_FOUND' } });
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !live.has(bearer)) {
      return send(401, {
        error: {
          code: 401,
          message: 'Request had invalid authentication credentials.',
          status: 'UNAUTHENTICATED',
        },
      });
    }
    if (match[1] !== projectId)
      return send(403, { error: { code: 403, message: 'Permission denied', status: 'PERMISSION_DENIED' } });
    const body = parseJson(raw) as { message?: Record<string, unknown> } | undefined;
    const message = body?.message;
    const notification = message?.notification as { title?: unknown; body?: unknown } | undefined;
    const problem = !message
      ? 'message is required'
      : typeof message.token !== 'string' || message.token === ''
        ? 'message.token is required'
        : message.data !== undefined && !isStringMap(message.data)
          ? "Invalid value at 'message.data' (TYPE_STRING)"
          : typeof notification?.title !== 'string' || typeof notification?.body !== 'string'
            ? 'notification.title and notification.body must be strings'
            : undefined;
    if (problem) {
      return send(400, {
        error: {
          code: 400,
          message: problem,
          status: 'INVALID_ARGUMENT',
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.BadRequest',
              fieldViolations: [{ description: problem }],
            },
          ],
        },
      });
    }
    const token = message!.token as string;
    const answer = script.answerFor(token);
    if (answer === 'ok') {
      script.accept({ token, payload: body, headers: req.headers });
      return send(200, { name: `projects/${projectId}/messages/${script.acceptedCount}` });
    }
    const [status, grpc, fcmCode] = errors[answer];
    return send(
      status,
      {
        error: {
          code: status,
          message: `Scripted ${fcmCode}`,
          status: grpc,
          details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: fcmCode }],
        },
      },
      status === 429 || status === 503 ? { 'retry-after': '0' } : {},
    );
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tokenUrl = `${url}/token`;

  return {
    url,
    projectId,
    serviceAccount: JSON.stringify({
      type: 'service_account',
      project_id: projectId,
      private_key_id: randomBytes(8).toString('hex'),
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: clientEmail,
      token_uri: tokenUrl,
    }),
    script,
    tokensIssued: () => issued,
    revokeAccessTokens: () => live.clear(),
    refuseGrants: (on) => {
      refusing = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
