// A real https webhook receiver on loopback (the test CA's origin.test certificate): records each delivery, answers as told.
import { createServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { testCertificates } from './https-origin.js';

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The status it was answered with (0: left hanging). */
  answered: number;
}

export interface WebhookReceiver {
  port: number;
  /** `https://origin.test:<port><path>` (EGRESS_HOSTS sends origin.test to 127.0.0.1). */
  url(path?: string): string;
  received: ReceivedWebhook[];
  /**
   * Answers for the next deliveries, in order; 204 once they run out. 0 leaves the request hanging;
   * `{status, afterMs}` answers that late.
   */
  plan: Array<number | { status: number; afterMs: number }>;
  /** Resolves once `count` deliveries have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** `/redirect` always answers 302 to example.org; every other path follows `plan`. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const tls = testCertificates();
  const sockets = new Set<Socket>();
  const receiver: WebhookReceiver = {
    port: 0,
    url: (path = '/hooks') => `https://origin.test:${receiver.port}${path}`,
    received: [],
    plan: [],
    async waitFor(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (receiver.received.length < count) {
        if (Date.now() > until)
          throw new Error(`expected ${count} webhooks, got ${receiver.received.length} in ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return receiver.received;
    },
    close: async () => {},
  };
  const server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      if (req.method !== 'POST') {
        // The registration probe (HEAD).
        res.writeHead(path.startsWith('/redirect') ? 302 : 405, { location: 'https://example.org/' });
        res.end();
        return;
      }
      const next = path.startsWith('/redirect') ? 302 : (receiver.plan.shift() ?? 204);
      const { status, afterMs } = typeof next === 'number' ? { status: next, afterMs: 0 } : next;
      receiver.received.push({
        path,
        headers: { ...req.headers },
        body: Buffer.concat(chunks).toString('utf8'),
        answered: status,
      });
      if (status === 0) return;
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(status, status === 302 ? { location: 'https://example.org/' } : {});
        res.end(status >= 400 ? 'no' : '');
      }, afterMs);
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.close = () =>
    new Promise<void>((r) => {
      for (const s of sockets) s.destroy();
      server.close(() => r());
    });
  return receiver;
}
