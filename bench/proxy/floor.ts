// Reference: the bare passthrough plus the work no proxy with these checks can skip, to show where the floor is.
// Per request: a dozen identity headers to the origin, one HMAC-SHA256 signature, the answer parsed as JSON, and
// one write of headers and text back; no token, limiter, database, cache or path rule. undici's dispatch API
// (as the platform uses) instead of the bare row's `pool.request` streams.
// With BENCH_FLOOR_DATA_DIR set, the process first builds the whole platform (seeded, its app ready, serving nothing)
// and then runs the same handler: the difference to the plain floor is what sharing the platform's process costs each
// request (V8's caches in Node's own stream and socket code see the platform's many shapes), not the proxy's checks.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { Agent, type Dispatcher } from 'undici';
import { benchPlatform } from './bench-platform.js';
import { announce, originFromEnv } from './ipc.js';

const origin = originFromEnv();
const platformDir = process.env.BENCH_FLOOR_DATA_DIR;
if (platformDir) {
  const { app } = await benchPlatform({
    origin,
    dataDir: platformDir,
    tokensFile: join(platformDir, 'tokens.txt'),
    users: 2000,
  });
  await app.ready();
}
const base = `https://127.0.0.1:${origin.port}`;
const agent = new Agent({
  connect: { servername: 'origin.test', ca: [...rootCertificates, readFileSync(origin.caFile, 'utf8')] },
});
const secret = 'mapp_ss_0123456789abcdef0123456789abcdef';
const appUser = 'a3f1c2e4b5d6a7f8c9e0d1b2a3f4c5e6a3f1c2e4b5d6a7f8c9e0d1b2a3f4c5e6';

const server = createServer((req, res) => {
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    accept: 'application/json',
    'accept-encoding': 'identity',
    'user-agent': 'miniapps-proxy/1',
    'x-platform-app-user': appUser,
    'x-platform-scopes': 'identity,email,profile,group',
    'x-platform-user': '0c7e7a8e-1b2c-4d5e-8f90-123456789abc',
    'x-platform-email': 'user17@bench.example',
    'x-platform-name': 'U3R1ZGVudCBOdW1iZXIgMTc=',
    'x-platform-course': '3',
    'x-platform-group': 'Q1MtMTc=',
    'x-platform-timestamp': String(timestamp),
    'x-platform-signature': createHmac('sha256', secret).update(`${appUser}.${timestamp}`).digest('hex'),
  };
  const chunks: Buffer[] = [];
  let status = 502;
  const handler: Dispatcher.DispatchHandler = {
    onRequestStart() {},
    onResponseStart(_controller, statusCode) {
      status = statusCode;
    },
    onResponseData(_controller, chunk) {
      chunks.push(chunk);
    },
    onResponseEnd() {
      const text = Buffer.concat(chunks).toString('utf8');
      JSON.parse(text);
      res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'private, no-store',
        'content-length': String(Buffer.byteLength(text)),
      });
      res.end(text);
    },
    onResponseError(_controller, error) {
      res.writeHead(502).end(String(error));
    },
  };
  agent.dispatch({ origin: base, path: req.url ?? '/', method: 'GET', headers }, handler);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => announce((server.address() as AddressInfo).port));
