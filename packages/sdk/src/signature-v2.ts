// Signature v2: the text the proxy signs over method, target, body and X-Platform-* headers, and its header's parts.
import { createHash, createHmac } from 'node:crypto';
import type { HeaderSource } from './headers.js';

/** The request as the origin received it: what v2 covers besides the headers. */
export interface SignedRequestParts {
  /** The HTTP method. */
  method: string;
  /** Path and query exactly as received (`req.url` in node:http and Express, `request.url` in Fastify). */
  target: string;
  /** The body's raw bytes (a string is taken as its UTF-8 bytes); absent or empty for none. */
  body?: Uint8Array | string | undefined;
}

/** `t=<timestamp>,v2=<hex>[,v2=<hex>]` split; undefined when it is not that shape. */
export function parseSignatureV2(value: string): { timestamp: string; signatures: string[] } | undefined {
  const parts = value.split(',').map((part) => part.trim());
  const first = parts.shift();
  if (first === undefined || !first.startsWith('t=')) return undefined;
  const signatures: string[] = [];
  for (const part of parts) {
    if (!part.startsWith('v2=')) return undefined;
    signatures.push(part.slice(3));
  }
  return signatures.length === 0 ? undefined : { timestamp: first.slice(2), signatures };
}

/** Every X-Platform-* header but the timestamp and the signatures, as sorted `name:value` lines. */
export function platformHeaderLines(headers: HeaderSource): string {
  const named: [string, string][] = [];
  const add = (rawName: string, value: string | readonly string[] | null | undefined) => {
    const name = rawName.toLowerCase();
    if (!name.startsWith('x-platform-') || value === undefined || value === null) return;
    if (name === 'x-platform-timestamp' || name.startsWith('x-platform-signature')) return;
    named.push([name, typeof value === 'string' ? value : value.join(', ')]);
  };
  const fetchLike = headers as { forEach?: (fn: (value: string, name: string) => void) => void };
  if (typeof fetchLike.forEach === 'function') {
    fetchLike.forEach((value, name) => {
      add(name, value);
    });
  } else {
    for (const [name, value] of Object.entries(headers)) add(name, value);
  }
  named.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return named.map(([name, value]) => `${name}:${value}`).join('\n');
}

/** The text v2 signs: lines joined by `\n`, no trailing newline (docs/signing.md). */
export function signatureV2Text(timestamp: string, request: SignedRequestParts, headerLines: string): string {
  const body = request.body ?? '';
  const bodyHash = createHash('sha256')
    .update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body)
    .digest('hex');
  return `miniapps-v2\n${timestamp}\n${request.method.toUpperCase()}\n${request.target}\n${bodyHash}\n${headerLines}`;
}

/** Lowercase hex HMAC-SHA256 of the text with the signing secret: one `v2=` value. */
export function signV2(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}
