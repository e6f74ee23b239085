// An https origin (Fastify with the SDK's plugin, v2 required) that takes multipart uploads and says what reached it.
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Busboy } from '@fastify/busboy';
import { miniappPlugin } from '@miniapps/sdk/fastify';
import Fastify from 'fastify';
import { testCertificates } from './https-origin.js';

/** One part as the origin parsed it. */
export interface ReceivedPart {
  name: string;
  filename?: string;
  type?: string;
  bytes: number;
  sha256: string;
  value?: string;
}

export interface UploadOrigin {
  port: number;
  /** Every request that reached a handler (signed, v2 verified), in order. */
  received: { url: string; parts: ReceivedPart[]; appUserId: string | undefined }[];
  /** Requests the SDK refused (a failed signature). */
  refused: number;
  /** Requests whose headers arrived at all, signed or not. */
  arrived: number;
  close(): Promise<void>;
}

export const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** Parses a multipart body held whole (the origin's side: 25 MB at most). */
function partsOf(body: Buffer, contentType: string): Promise<ReceivedPart[]> {
  return new Promise((resolve, reject) => {
    const parts: ReceivedPart[] = [];
    const parser = new Busboy({
      headers: { 'content-type': contentType },
      limits: { fileSize: 64 * 1024 * 1024 },
    });
    parser.on('field', (name, value) => {
      parts.push({ name, bytes: Buffer.byteLength(value), sha256: sha256(Buffer.from(value)), value });
    });
    parser.on('file', (name, stream, filename, _encoding, type) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const data = Buffer.concat(chunks);
        parts.push({ name, filename, type, bytes: data.length, sha256: sha256(data) });
      });
    });
    parser.on('finish', () => resolve(parts));
    parser.on('error', reject);
    parser.end(body);
  });
}

/** `screen`: what GET of any path answers (the browser tests' screen); without it, GETs are 404. */
export async function startUploadOrigin(secret: () => string, screen?: object): Promise<UploadOrigin> {
  const certs = testCertificates();
  const state: UploadOrigin = { port: 0, received: [], refused: 0, arrived: 0, close: async () => {} };
  const app = Fastify({ https: { key: certs.key, cert: certs.cert }, bodyLimit: 30 * 1024 * 1024 });
  app.addHook('onRequest', async () => {
    state.arrived++;
  });
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  // The secret is read on each request: the test makes it after the origin starts.
  await app.register(async (scope) => {
    await scope.register(miniappPlugin, {
      get secret() {
        return secret();
      },
      requireV2: true,
      onRefused: () => {
        state.refused++;
      },
    });
    scope.get('/*', async (_request, reply) => (screen ? screen : reply.code(404).send({ ok: false })));
    scope.post('/*', async (request) => {
      const parts = await partsOf(request.body as Buffer, request.headers['content-type'] ?? '');
      state.received.push({ url: request.url, parts, appUserId: request.miniappVerified?.appUserId });
      return { ok: true, parts };
    });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  state.port = (app.server.address() as AddressInfo).port;
  state.close = () => app.close();
  return state;
}

/** One part of a multipart body a test sends. */
export interface SentPart {
  name: string;
  filename?: string;
  type?: string;
  data: string | Buffer;
}

/** A multipart/form-data body as a browser writes it, and its Content-Type. */
export function multipart(parts: SentPart[], boundary = '----test-boundary-7MA4YWxkTrZu0gW') {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    if (part.type !== undefined) head += `\r\nContent-Type: ${part.type}`;
    pieces.push(Buffer.from(`${head}\r\n\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(pieces), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A PNG of exactly `bytes` bytes (the signature, then filler): enough for a check that reads first bytes. */
export function pngOfSize(bytes: number): Buffer {
  const data = Buffer.alloc(bytes, 0x41);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(data);
  return data;
}

/** A PDF of exactly `bytes` bytes. */
export function pdfOfSize(bytes: number): Buffer {
  const data = Buffer.alloc(bytes, 0x20);
  data.write('%PDF-1.7\n');
  return data;
}
