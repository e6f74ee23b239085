// The benchmark's origin: https on loopback, keep-alive, answering every request with the same 1.3 KB JSON.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { announce, answerBody } from './ipc.js';

const body = answerBody();
// The benchmark made the certificate (signed by its test CA) and passes the files.
const tls = {
  key: readFileSync(process.env.BENCH_KEY_FILE ?? ''),
  cert: readFileSync(process.env.BENCH_CERT_FILE ?? ''),
};
const server = createServer({ ...tls, keepAliveTimeout: 60_000 }, (req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => announce((server.address() as AddressInfo).port));
