// Baseline: the barest passthrough, node:http in front of an undici Pool to the origin.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rootCertificates } from 'node:tls';
import { Pool } from 'undici';
import { announce, originFromEnv } from './ipc.js';

const origin = originFromEnv();
const pool = new Pool(`https://127.0.0.1:${origin.port}`, {
  connect: { servername: 'origin.test', ca: [...rootCertificates, readFileSync(origin.caFile, 'utf8')] },
});

const server = createServer(async (req, res) => {
  try {
    const answer = await pool.request({ path: req.url ?? '/', method: 'GET' });
    res.writeHead(answer.statusCode, { 'content-type': String(answer.headers['content-type']) });
    for await (const chunk of answer.body) res.write(chunk);
    res.end();
  } catch (error) {
    res.writeHead(502).end(String(error));
  }
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => announce((server.address() as AddressInfo).port));
