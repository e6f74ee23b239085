// Runs the example origin: https when TLS_CERT_FILE and TLS_KEY_FILE are set, else http behind your TLS proxy.
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createOrigin } from './origin.js';

const secret = process.env.MINIAPP_SECRET;
if (!secret) {
  console.error(
    'Set MINIAPP_SECRET to the signing secret generated for the app (Mini-apps → the app → signing secret).',
  );
  process.exit(1);
}
const handler = createOrigin({
  secret,
  previousSecret: process.env.MINIAPP_PREVIOUS_SECRET || undefined,
  onRefused: (refusal) => console.warn(`refused: ${refusal.reason}`),
});
const port = Number(process.env.PORT ?? 8443);
const certFile = process.env.TLS_CERT_FILE;
const keyFile = process.env.TLS_KEY_FILE;
const server =
  certFile && keyFile
    ? createHttpsServer({ cert: readFileSync(certFile), key: readFileSync(keyFile) }, handler)
    : createHttpServer(handler);
server.listen(port, process.env.HOST ?? '127.0.0.1', () => {
  console.log(
    `example origin on ${certFile ? 'https' : 'http'}://${process.env.HOST ?? '127.0.0.1'}:${port}`,
  );
});
