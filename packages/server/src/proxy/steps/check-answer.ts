// Step 8: the origin's answer must be JSON (a screen must be a JSON object) and stay within 512 KB once inflated.
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { OriginAnswer } from '../../egress/call-origin.js';
import { AppError } from '../../errors.js';
import { jsonShape } from '../answers/json-text.js';

export type ProxyKind = 'screen' | 'api';

/**
 * The answer's JSON text, uncompressed. We ask for `identity`, but an origin may compress anyway:
 * inflation stops at the same 512 KB cap, so a small gzip bomb costs at most 512 KB of memory.
 * The bytes are checked as JSON without building the value (json-text.ts: a third of JSON.parse's
 * cost, which was the largest share of the proxy's own work); they must be UTF-8 as RFC 8259 asks.
 * The same bytes go back to the client.
 */
export function checkAnswer(answer: OriginAnswer, kind: ProxyKind, maxBytes: number): Buffer {
  const bytes = decode(answer, maxBytes);
  const shape = jsonShape(bytes);
  if (shape === 'invalid') {
    const type = String(answer.headers['content-type'] ?? 'no content type');
    throw new AppError(
      'origin_invalid_json',
      { key: 'errors.origin_invalid_json' },
      {
        status: answer.status,
        contentType: type.slice(0, 100),
      },
    );
  }
  if (kind === 'screen' && answer.status < 300 && shape !== 'object') {
    throw new AppError('origin_invalid_json', { key: 'proxy.screen_not_object' }, { status: answer.status });
  }
  return bytes;
}

function decode(answer: OriginAnswer, maxBytes: number): Buffer {
  const encoding = String(answer.headers['content-encoding'] ?? 'identity')
    .trim()
    .toLowerCase();
  if (encoding === 'identity' || encoding === '') return answer.body;
  const inflate = inflaters[encoding];
  if (!inflate) {
    throw new AppError('origin_invalid_json', {
      key: 'proxy.unsupported_encoding',
      values: { encoding: encoding.slice(0, 40) },
    });
  }
  try {
    return inflate(answer.body, { maxOutputLength: maxBytes });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new AppError('origin_too_large', {
        key: 'proxy.origin_inflates',
        values: { kb: maxBytes / 1024 },
      });
    }
    throw new AppError('origin_invalid_json', { key: 'proxy.bad_encoding', values: { encoding } });
  }
}

const inflaters: Record<string, (body: Buffer, options: { maxOutputLength: number }) => Buffer> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
};
