// The https side of `miniapps dev --origin`: TLS with the local certificate on loopback, each request passed to the developer's origin.
import { request as httpRequest } from 'node:http';
import { createServer, request as httpsRequest, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface OriginProxy {
  port: number;
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1:`port` (0: a free one) and forwards every request, headers and body as they are (the
 * signature covers them), to `target` (http or https; a self-signed https origin is accepted, it is the
 * developer's own). The answer comes back as it is; an origin that does not answer is a 502 JSON error.
 */
export function startOriginProxy(options: {
  target: URL;
  cert: string;
  key: string;
  port: number;
  /** Said once per failure run, not per request: the origin is down or still starting. */
  onUnreachable(reason: string): void;
}): Promise<OriginProxy> {
  const { target } = options;
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const base = target.pathname.replace(/\/$/, '');
  let failing = false;
  const server: Server = createServer({ cert: options.cert, key: options.key }, (req, res) => {
    const upstream = send(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: `${base}${req.url ?? '/'}`,
        headers: { ...req.headers, host: target.host },
        rejectUnauthorized: false,
      },
      (answer) => {
        failing = false;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (!failing) options.onUnreachable(error.code ?? error.message);
      failing = true;
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          ok: false,
          error: 'origin_unreachable',
          message: `${target.origin}: ${error.code}`,
        }),
      );
    });
    req.pipe(upstream);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
