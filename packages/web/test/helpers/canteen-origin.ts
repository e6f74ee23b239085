// A remote mini-app for the browser tests: an https origin on loopback that answers screens and a small API.
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { testCertificates } from '../../../server/test/helpers/https-origin.js';

export interface CanteenOrder {
  body: Record<string, unknown>;
  headers: IncomingHttpHeaders;
}

export interface CanteenOrigin {
  port: number;
  orders: CanteenOrder[];
  close(): Promise<void>;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function screens(path: string, headers: IncomingHttpHeaders, orders: CanteenOrder[]): unknown {
  const scopes = header(headers, 'x-platform-scopes') || 'none';
  switch (path) {
    case '/':
      return {
        type: 'screen',
        title: 'Canteen',
        children: [
          { type: 'text', text: `Granted scopes: ${scopes}` },
          { type: 'carousel', items: [] },
          { type: 'button', label: 'Order lunch', onTap: { actionType: 'openPage', path: '/order' } },
          {
            type: 'button',
            label: 'Broken',
            style: 'secondary',
            onTap: { actionType: 'networkRequest', url: '/api/broken' },
          },
        ],
      };
    case '/order':
      return {
        type: 'screen',
        title: 'Order',
        children: [
          {
            type: 'form',
            id: 'order',
            onSubmit: {
              actionType: 'networkRequest',
              url: '/api/orders',
              method: 'POST',
              body: { source: 'web' },
              onSuccess: [
                { actionType: 'showToast', message: 'Order sent' },
                { actionType: 'openPage', path: '/orders/last', replace: true },
              ],
            },
            children: [
              { type: 'textField', name: 'dish', label: 'Dish', required: true },
              {
                type: 'select',
                name: 'size',
                label: 'Size',
                options: [
                  { label: 'Small', value: 'small' },
                  { label: 'Large', value: 'large' },
                ],
              },
              { type: 'checkbox', name: 'takeaway', label: 'Take away' },
              { type: 'button', label: 'Send order', onTap: { actionType: 'submitForm', formId: 'order' } },
            ],
          },
        ],
      };
    case '/orders/last': {
      const last = orders.at(-1);
      const who = last ? (header(last.headers, 'x-platform-email') ?? 'anonymous') : '';
      return {
        type: 'screen',
        title: 'Your order',
        children: [
          {
            type: 'text',
            text: last
              ? `Last order: ${String(last.body.dish)} (${String(last.body.size)}) for ${who}`
              : 'No orders yet',
          },
        ],
      };
    }
    default:
      return undefined;
  }
}

export async function startCanteenOrigin(): Promise<CanteenOrigin> {
  const tls = testCertificates();
  const orders: CanteenOrder[] = [];
  const sockets = new Set<Duplex>();
  const server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.method === 'POST' && path === '/api/orders') {
        orders.push({ body: JSON.parse(Buffer.concat(chunks).toString('utf8')), headers: req.headers });
        return json(200, { ok: true, id: orders.length });
      }
      if (path === '/api/broken') {
        // An HTML error page: the proxy must refuse it as not JSON.
        res.writeHead(500, { 'content-type': 'text/html' });
        return res.end('<h1>Internal Server Error</h1>');
      }
      const screen = req.method === 'GET' ? screens(path, req.headers, orders) : undefined;
      if (screen === undefined) return json(404, { error: 'not_found', message: `No screen ${path}` });
      json(200, screen);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    orders,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
