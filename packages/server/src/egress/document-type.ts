// The document route's type rule: the origin's declared type must be one of seven, and the file's first bytes must
// be of that type, so an HTML page renamed `.pdf` (or sent as text/plain) never reaches a browser as a document.
import { AppError } from '../errors.js';

/** How many bytes of the start the check needs (the PNG signature is the longest). */
export const SNIFF_BYTES = 8;

const PDF = Buffer.from('%PDF-');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
// DOCX and XLSX are ZIP archives (ECMA-376 Open Packaging): a local file header first.
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

type Check = (start: Buffer) => boolean;
const startsWith =
  (magic: Buffer): Check =>
  (start) =>
    start.length >= magic.length && start.subarray(0, magic.length).equals(magic);

/**
 * Text has no signature: it must not hold a NUL (a binary file) nor open with `<` after a BOM and white space,
 * which is how HTML, XML and SVG open (the WHATWG sniffing rules' first test); nothing a browser would render.
 */
const plainText: Check = (start) => {
  if (start.includes(0)) return false;
  let text = start.toString('latin1');
  if (text.startsWith('\xef\xbb\xbf')) text = text.slice(3);
  return !text.trimStart().startsWith('<');
};

/** Allowed types by their media type as the origin declares it (parameters and case aside). */
const TYPES: Record<string, { check: Check; sent: string }> = {
  'application/pdf': { check: startsWith(PDF), sent: 'application/pdf' },
  'image/png': { check: startsWith(PNG), sent: 'image/png' },
  'image/jpeg': { check: startsWith(JPEG), sent: 'image/jpeg' },
  'text/plain': { check: plainText, sent: 'text/plain; charset=utf-8' },
  'text/csv': { check: plainText, sent: 'text/csv; charset=utf-8' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    check: startsWith(ZIP),
    sent: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    check: startsWith(ZIP),
    sent: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
};

/** The media type of a Content-Type header, lower case without parameters. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The declared type if allowed (the Content-Type sent on), else 502 `origin_bad_document` naming it. */
export function allowedType(header: string | undefined): { type: string; check: Check; sent: string } {
  const type = mediaType(header);
  const rule = TYPES[type];
  if (!rule) {
    throw new AppError(
      'origin_bad_document',
      { key: 'proxy.document_type', values: { type: type.slice(0, 100) || 'none' } },
      { type: type.slice(0, 100) },
    );
  }
  return { type, ...rule };
}

/** The file's first bytes against its declared type: 502 `origin_bad_document` when they are of another. */
export function checkStart(rule: { type: string; check: Check }, start: Buffer): void {
  if (!rule.check(start)) {
    throw new AppError(
      'origin_bad_document',
      { key: 'proxy.document_disguised', values: { type: rule.type } },
      { type: rule.type },
    );
  }
}
