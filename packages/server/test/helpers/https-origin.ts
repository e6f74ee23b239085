import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { makeTestCa } from './test-ca.js';

export interface TestCertificates {
  /** The test CA, as a file for NODE_EXTRA_CA_CERTS. */
  caFile: string;
  /** Leaf for origin.test and *.origin.test, signed by the test CA. */
  key: string;
  cert: string;
  /** Self-signed leaf for badcert.test: no CA vouches for it. */
  badKey: string;
  badCert: string;
}

let made: TestCertificates | undefined;

/** Makes a CA and two leaves, once per test process. */
export function testCertificates(): TestCertificates {
  if (made) return made;
  const ca = makeTestCa('miniapps test CA');
  const leaf = ca.issue('origin.test', 'DNS:origin.test,DNS:*.origin.test');
  const bad = ca.selfSigned('badcert.test', 'DNS:badcert.test');
  made = {
    caFile: ca.caFile,
    key: leaf.keyPem,
    cert: leaf.certPem,
    badKey: bad.keyPem,
    badCert: bad.certPem,
  };
  return made;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface HttpsOrigin {
  port: number;
  /** Every request the origin received, in order. */
  requests: RecordedRequest[];
  /** Bytes written by the endless routes, to show the proxy stopped reading. */
  endlessBytes: number;
  /** TCP connections accepted so far. */
  connections: number;
  close(): Promise<void>;
}

/** Valid JSON of exactly `bytes` bytes (at least 8). */
export function jsonOfSize(bytes: number): Buffer {
  return Buffer.from(`{"a":"${'x'.repeat(bytes - 8)}"}`, 'utf8');
}

/**
 * Routes (by path prefix): `/redirect`, `/drip/<bytes>` (one byte a second), `/big/<bytes>` with a
 * length, `/big-chunked/<bytes>` without, `/endless`, `/gzip/<inflated bytes>`, `/gzip-endless`,
 * `/html`, `/latin1` (JSON with a byte that is not UTF-8), `/reset`, `/array`, `/status/<code>`, `/hang`; anything else echoes the request as JSON.
 */
export async function startHttpsOrigin(
  tls: { key: string; cert: string } = testCertificates(),
): Promise<HttpsOrigin> {
  const sockets = new Set<import('node:net').Socket>();
  const state: HttpsOrigin = {
    port: 0,
    requests: [],
    endlessBytes: 0,
    connections: 0,
    close: async () => {},
  };
  const server: Server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = req.url ?? '/';
      const body = Buffer.concat(chunks).toString('utf8');
      state.requests.push({ method: req.method ?? '', url, headers: { ...req.headers }, body });
      const [, route = '', arg = ''] = /^\/([^/?]*)\/?([^/?]*)/.exec(url) ?? [];
      const json = (status: number, value: unknown) => {
        const text = JSON.stringify(value);
        res.writeHead(status, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
        });
        res.end(text);
      };
      switch (route) {
        case 'redirect':
          res.writeHead(302, {
            location: 'https://example.org/elsewhere',
            'content-type': 'application/json',
          });
          res.end('{}');
          return;
        case 'drip': {
          const data = jsonOfSize(Number(arg));
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': data.length });
          let i = 0;
          const timer = setInterval(() => {
            if (i >= data.length || res.destroyed) {
              clearInterval(timer);
              res.end();
              return;
            }
            res.write(data.subarray(i, i + 1));
            i++;
          }, 1000);
          res.on('close', () => clearInterval(timer));
          return;
        }
        case 'big':
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': Number(arg) });
          res.end(jsonOfSize(Number(arg)));
          return;
        case 'big-chunked': {
          const data = jsonOfSize(Number(arg));
          res.writeHead(200, { 'content-type': 'application/json' });
          for (let i = 0; i < data.length; i += 16 * 1024) res.write(data.subarray(i, i + 16 * 1024));
          res.end();
          return;
        }
        case 'endless':
        case 'gzip-endless': {
          const gzip = route === 'gzip-endless';
          res.writeHead(200, {
            'content-type': 'application/json',
            ...(gzip && { 'content-encoding': 'gzip' }),
          });
          // 64 KB of zeros compress to about 100 bytes: the gzip variant is a bomb that never ends.
          const block = gzip ? gzipSync(Buffer.alloc(64 * 1024, 0x20)) : Buffer.alloc(64 * 1024, 0x20);
          res.write('[');
          const pump = () => {
            while (!res.destroyed && res.write(block)) state.endlessBytes += block.length;
            if (!res.destroyed) res.once('drain', pump);
          };
          pump();
          return;
        }
        case 'gzip': {
          const data = gzipSync(jsonOfSize(Number(arg)));
          res.writeHead(200, {
            'content-type': 'application/json',
            'content-encoding': 'gzip',
            'content-length': data.length,
          });
          res.end(data);
          return;
        }
        case 'html':
          res.writeHead(500, { 'content-type': 'text/html' });
          res.end('<!doctype html><h1>Internal Server Error</h1>');
          return;
        case 'latin1':
          res.writeHead(200, { 'content-type': 'application/json; charset=iso-8859-1' });
          res.end(Buffer.from('{"name":"Jos\xe9"}', 'latin1'));
          return;
        case 'reset': {
          // A TLS socket cannot send RST itself; the TCP socket under it can.
          const tcp =
            (req.socket as unknown as { _parent?: import('node:net').Socket })._parent ?? req.socket;
          tcp.resetAndDestroy();
          return;
        }
        case 'hang':
          return;
        case 'array':
          json(200, [1, 2, 3]);
          return;
        case 'status':
          json(Number(arg), { ok: false, error: `status_${arg}` });
          return;
        default:
          json(200, { method: req.method, url, headers: req.headers, body });
      }
    });
  });
  server.on('connection', (socket: import('node:net').Socket) => {
    sockets.add(socket);
    state.connections++;
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return state;
}
