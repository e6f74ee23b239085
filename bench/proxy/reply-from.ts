// Baseline: Fastify with @fastify/reply-from, the usual Node proxy plugin, to the same origin.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { rootCertificates } from 'node:tls';
import replyFrom from '@fastify/reply-from';
import Fastify from 'fastify';
import { Pool } from 'undici';
import { announce, originFromEnv } from './ipc.js';

const origin = originFromEnv();
const base = `https://127.0.0.1:${origin.port}`;
const app = Fastify({ logger: false, keepAliveTimeout: 60_000 });
await app.register(replyFrom, {
  base,
  undici: new Pool(base, {
    connect: { servername: 'origin.test', ca: [...rootCertificates, readFileSync(origin.caFile, 'utf8')] },
  }),
});
app.get('/*', (request, reply) => reply.from(request.url));
await app.listen({ port: 0, host: '127.0.0.1' });
announce((app.server.address() as AddressInfo).port);
