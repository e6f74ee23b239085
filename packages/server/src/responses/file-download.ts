// A response's file sent to a member: always a download (attachment under its UTF-8 name), never sniffed or run as
// a page, with the type the upload's checks gave it.
import type { FastifyReply } from 'fastify';
import { AppError } from '../errors.js';
import type { FileStore } from '../file-store/file-store.js';

/** RFC 8187's ext-value: UTF-8, percent-encoded but for its attr-chars. */
function extValue(text: string): string {
  return encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `attachment` with an ASCII stand-in for old clients and the exact name in `filename*`. */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${extValue(name)}`;
}

export async function sendFile(
  reply: FastifyReply,
  store: FileStore,
  file: { name: string; contentType: string; bytes: number; key: string },
): Promise<FastifyReply> {
  const body = await store.get(file.key);
  // A row whose bytes are gone (deleted by hand, a store restored from an older copy): as missing as the row.
  if (body === undefined) throw new AppError('not_found', { key: 'responses.no_file' });
  return reply
    .type(file.contentType)
    .header('content-length', String(file.bytes))
    .header('content-disposition', attachment(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(body as never);
}
