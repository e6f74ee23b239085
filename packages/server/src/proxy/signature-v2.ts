// Signature v2: one HMAC-SHA256 over the method, the target, the body and the X-Platform-* headers as sent (docs/signing.md).
import { createHash, createHmac } from 'node:crypto';
import type { SigningKeys } from '../signing/repository.js';
import type { HeaderList } from './header-list.js';

export const SIGNATURE_V2_HEADER = 'x-platform-signature-v2';

const EMPTY_BODY_SHA256 = createHash('sha256').digest('hex');

/**
 * The header lines of the signed text: every x-platform-* header of the list, lower case, sorted by
 * name, leaving out the timestamp (a line of its own) and the signatures. Made once per prepared
 * context, since these headers are the same for every request of one user to one app.
 */
export function v2HeaderLines(headers: HeaderList): string {
  const named: [string, string][] = [];
  for (let i = 0; i < headers.length; i += 2) {
    const name = headers[i]!.toLowerCase();
    if (!name.startsWith('x-platform-')) continue;
    if (name === 'x-platform-timestamp' || name.startsWith('x-platform-signature')) continue;
    named.push([name, headers[i + 1]!]);
  }
  // By name alone: sorting whole lines would put `x-platform-a-b` before `x-platform-a` (- sorts before :).
  named.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  return named.map(([name, value]) => `${name}:${value}`).join('\n');
}

/** The text v2 signs, lines joined by `\n`, no trailing newline. */
export function v2Text(
  timestamp: number | string,
  method: string,
  target: string,
  body: Uint8Array | undefined,
  headerLines: string,
): string {
  const bodyHash =
    body === undefined || body.length === 0
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
