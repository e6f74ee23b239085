// Signature v2: one HMAC-SHA256 over the method, the target, the body and the X-Platform-* headers as sent (docs/signing.md).
import { createHash, createHmac } from 'node:crypto';
import type { HeaderList } from '../../egress/header-list.js';
import type { SigningKeys } from '../../signing/repository.js';

export const SIGNATURE_V2_HEADER = 'x-platform-signature-v2';

const EMPTY_BODY_SHA256 = createHash('sha256').digest('hex');

/** One signed header: its lower-case name and its value. */
type Line = readonly [name: string, value: string];

/** A context's signed headers, sorted once, and their text: what every request of the context starts from. */
export interface V2Lines {
  lines: readonly Line[];
  text: string;
}

/**
 * The header lines of the signed text: every x-platform-* header of the list, lower case, sorted by
 * name, leaving out the timestamp (a line of its own) and the signatures.
 */
export function v2HeaderLines(headers: HeaderList): string {
  return joined(signedLines(headers));
}

/** v2HeaderLines of a prepared context's headers, made once per context (the same for every request of one user to one app). */
export function v2Lines(headers: HeaderList): V2Lines {
  const lines = signedLines(headers);
  return { lines, text: joined(lines) };
}

/**
 * v2HeaderLines of the context's headers followed by `extra` (a request's own headers), the context's
 * lines merged in as sorted already: a browser's Accept-Language adds a locale line to most requests.
 */
export function v2LinesWith(base: V2Lines, extra: HeaderList): string {
  const more = signedLines(extra);
  if (more.length === 0) return base.text;
  const merged: Line[] = [];
  let i = 0;
  let j = 0;
  while (i < base.lines.length && j < more.length) {
    merged.push(more[j]![0] < base.lines[i]![0] ? more[j++]! : base.lines[i++]!);
  }
  while (i < base.lines.length) merged.push(base.lines[i++]!);
  while (j < more.length) merged.push(more[j++]!);
  return joined(merged);
}

function signedLines(headers: HeaderList): Line[] {
  const named: Line[] = [];
  for (let i = 0; i < headers.length; i += 2) {
    const name = headers[i]!.toLowerCase();
    if (!name.startsWith('x-platform-')) continue;
    if (name === 'x-platform-timestamp' || name.startsWith('x-platform-signature')) continue;
    named.push([name, headers[i + 1]!]);
  }
  // By name alone: sorting whole lines would put `x-platform-a-b` before `x-platform-a` (- sorts before :).
  named.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  return named;
}

function joined(lines: readonly Line[]): string {
  let text = '';
  for (const [name, value] of lines) text += text === '' ? `${name}:${value}` : `\n${name}:${value}`;
  return text;
}

/** A body hashed while it was written elsewhere (a spooled upload, proxy/upload): its SHA-256 in hex. */
export interface BodyDigest {
  sha256: string;
}

/** The text v2 signs, lines joined by `\n`, no trailing newline. */
export function v2Text(
  timestamp: number | string,
  method: string,
  target: string,
  body: Uint8Array | BodyDigest | undefined,
  headerLines: string,
): string {
  const bodyHash =
    body === undefined
      ? EMPTY_BODY_SHA256
      : 'sha256' in body
        ? body.sha256
        : body.length === 0
          ? EMPTY_BODY_SHA256
          : createHash('sha256').update(body).digest('hex');
  return `miniapps-v2\n${timestamp}\n${method.toUpperCase()}\n${target}\n${bodyHash}\n${headerLines}`;
}

/** `t=<timestamp>,v2=<hex>`, with a second `,v2=<hex>` made with the previous secret during a rotation. */
export function signatureV2Value(keys: SigningKeys, timestamp: number, text: string): string {
  let value = `t=${timestamp},v2=${createHmac('sha256', keys.current).update(text).digest('hex')}`;
  if (keys.previous) value += `,v2=${createHmac('sha256', keys.previous).update(text).digest('hex')}`;
  return value;
}
