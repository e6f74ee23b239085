// What a file's first bytes say it is: the check that a part's declared type is what it holds, and never a program or a page.
import type { UploadType } from '@miniapps/contract';

/** How many of a file's first bytes the check reads (all of a shorter file). */
export const SIGNATURE_BYTES = 512;

/** The verdict on a file's first bytes: fine, refused whatever was declared, or not the declared type. */
export type SignatureVerdict =
  | { ok: true }
  | { ok: false; problem: 'dangerous'; kind: string }
  | { ok: false; problem: 'mismatch' };

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** Each binary type's signature: the bytes it starts with (`undefined` matches any byte). */
const SIGNATURES: Partial<Record<UploadType, readonly (readonly (number | undefined)[])[]>> = {
  'application/pdf': [[0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  'image/png': [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  'image/jpeg': [[0xff, 0xd8, 0xff]],
  'image/gif': [
    [0x47, 0x49, 0x46, 0x38, 0x37, 0x61],
    [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  ],
  // RIFF....WEBP
  'image/webp': [
    [0x52, 0x49, 0x46, 0x46, undefined, undefined, undefined, undefined, 0x57, 0x45, 0x42, 0x50],
  ],
  // Office files are zip archives; which office file it is lies in the archive's entries, beyond the first bytes.
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': [ZIP],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': [ZIP],
};

/** Programs, whatever they are called: Windows (MZ), Linux (ELF), macOS (Mach-O, fat), scripts (#!). */
const PROGRAMS: readonly [string, readonly number[]][] = [
  ['a Windows program', [0x4d, 0x5a]],
  ['a Linux program', [0x7f, 0x45, 0x4c, 0x46]],
  ['a macOS program', [0xfe, 0xed, 0xfa, 0xce]],
  ['a macOS program', [0xfe, 0xed, 0xfa, 0xcf]],
  ['a macOS program', [0xce, 0xfa, 0xed, 0xfe]],
  ['a macOS program', [0xcf, 0xfa, 0xed, 0xfe]],
  ['a macOS program', [0xca, 0xfe, 0xba, 0xbe]],
  ['a script', [0x23, 0x21]],
];

/**
 * Markup a browser would run if the file were ever shown inline: an HTML page, an SVG image (which may hold
 * script), or XML that may declare either. Looked for at the text's start, after a BOM and white space.
 */
const MARKUP =
  /^(?:\xef\xbb\xbf)?\s*<(?:!doctype|html|head|body|script|svg|iframe|object|embed|\?xml|!--|meta|a\s|img\s|div|style|link|title|base)/i;

function startsWith(head: Uint8Array, signature: readonly (number | undefined)[]): boolean {
  if (head.length < signature.length) return false;
  return signature.every((byte, i) => byte === undefined || head[i] === byte);
}

/** Text: no NUL and no control character but tab, line feed, form feed and carriage return. */
function isPlainText(head: Uint8Array): boolean {
  for (const byte of head) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) return false;
    if (byte === 0x7f) return false;
  }
  return true;
}

/**
 * Checks a file's first bytes (up to SIGNATURE_BYTES) against its declared type. Programs and markup are refused
 * whatever the declared type; a binary type must start with its signature, a text type must be plain text.
 */
export function checkSignature(declared: UploadType, head: Uint8Array): SignatureVerdict {
  for (const [kind, signature] of PROGRAMS) {
    if (startsWith(head, signature)) return { ok: false, problem: 'dangerous', kind };
  }
  // latin1 keeps one character per byte, so a cut multi-byte character at the end cannot hide the start.
  if (MARKUP.test(Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('latin1'))) {
    return { ok: false, problem: 'dangerous', kind: 'HTML or SVG markup' };
  }
  const signatures = SIGNATURES[declared];
  if (signatures === undefined) return isPlainText(head) ? { ok: true } : { ok: false, problem: 'mismatch' };
  return signatures.some((signature) => startsWith(head, signature))
    ? { ok: true }
    : { ok: false, problem: 'mismatch' };
}
