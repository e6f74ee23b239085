// Step 7 for documents: one GET to the origin whose answer streams on to the client, never held whole: refused
// before a byte is read when it declares more than the cap, counted as it flows and cut off past it.
import type { Readable } from 'node:stream';
import { Readable as ReadableStream } from 'node:stream';
import type { Dispatcher } from 'undici';
import { AppError } from '../errors.js';
import { originError } from './call-origin.js';
import { allowedType, checkStart, SNIFF_BYTES } from './document-type.js';
import type { HeaderList } from './header-list.js';

export interface DocumentRequest {
  origin: string;
  /** Path and query, as checked and filtered. */
  path: string;
  headers: HeaderList;
}

/** A document on its way: the Content-Type to send, its length when the origin gave one, and its bytes. */
export interface DocumentStream {
  type: string;
  length: number | undefined;
  body: Readable;
}

export interface DocumentLimits {
  maxBytes: number;
  /** For the answer's head, and again for each pause between chunks. */
  deadlineMs: number;
}

function tooLarge(maxBytes: number): AppError {
  return new AppError('origin_too_large', {
    key: 'proxy.document_too_large',
    values: { mb: maxBytes / 1024 / 1024 },
  });
}

/**
 * Resolves once the answer's head is checked and its first bytes match its type; what follows streams. A failure
 * past that point (the cap, a broken connection) destroys the stream, which cuts the client's answer off.
 */
export async function streamDocument(
  dispatcher: Dispatcher,
  request: DocumentRequest,
  limits: DocumentLimits,
): Promise<DocumentStream> {
  let answer: Dispatcher.ResponseData;
  try {
    answer = await dispatcher.request({
      origin: request.origin,
      path: request.path,
      method: 'GET',
      headers: request.headers as string[],
      headersTimeout: limits.deadlineMs,
      bodyTimeout: limits.deadlineMs,
    });
  } catch (error) {
    throw originError(error as Error);
  }
  const { statusCode, headers, body } = answer;
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  try {
    if (statusCode >= 300 && statusCode < 400) {
      throw new AppError(
        'origin_redirect',
        { key: 'proxy.origin_redirect', values: { status: statusCode } },
        { status: statusCode },
      );
    }
    if (statusCode < 200 || statusCode >= 300) {
      throw new AppError(
        'origin_bad_document',
        { key: 'proxy.document_status', values: { status: statusCode } },
        { status: statusCode },
      );
    }
    // Counted bytes must be the bytes sent: a compressed answer would be counted small and saved unreadable.
    const encoding = String(headers['content-encoding'] ?? 'identity')
      .trim()
      .toLowerCase();
    if (encoding !== 'identity' && encoding !== '') {
      throw new AppError('origin_bad_document', {
        key: 'proxy.document_encoded',
        values: { encoding: encoding.slice(0, 40) },
      });
    }
    const rule = allowedType(headers['content-type'] as string | undefined);
    const declared = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
    if (declared !== undefined && declared > limits.maxBytes) throw tooLarge(limits.maxBytes);
    // The first bytes, enough to tell the type, before anything goes to the client.
    const start: Buffer[] = [];
    let size = 0;
    while (size < SNIFF_BYTES) {
      const next = await chunks.next();
      if (next.done) break;
      start.push(next.value);
      size += next.value.length;
    }
    if (size > limits.maxBytes) throw tooLarge(limits.maxBytes);
    const head = Buffer.concat(start, size);
    checkStart(rule, head.subarray(0, SNIFF_BYTES));
    return {
      type: rule.sent,
      length: Number.isSafeInteger(declared) ? declared : undefined,
      body: ReadableStream.from(rest(head, size, chunks, limits.maxBytes, body), { objectMode: false }),
    };
  } catch (error) {
    close(body);
    throw error instanceof AppError ? error : originError(error as Error);
  }
}

/** The bytes after the checked start, counted: past the cap the origin's stream is closed and this one fails. */
async function* rest(
  head: Buffer,
  counted: number,
  chunks: AsyncIterator<Buffer>,
  maxBytes: number,
  source: Readable,
): AsyncGenerator<Buffer> {
  let size = counted;
  try {
    if (head.length > 0) yield head;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      size += next.value.length;
      if (size > maxBytes) throw tooLarge(maxBytes);
      yield next.value;
    }
  } finally {
    close(source);
  }
}

/** Stops reading the origin: its connection is closed, and the abort it reports is expected, not an error. */
function close(source: Readable): void {
  source.on('error', () => {});
  source.destroy();
}
