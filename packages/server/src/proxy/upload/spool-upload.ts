// A multipart upload read as it arrives: each part checked (names, type, first bytes, sizes) and written anew to a
// file on disk while it is hashed, so the origin gets only what was checked, signed, and never held in memory.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Busboy, type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import {
  MAX_PROXY_REQUEST_BYTES,
  MAX_UPLOAD_FILE_BYTES,
  MAX_UPLOAD_PARTS,
  MAX_UPLOAD_REQUEST_BYTES,
  uploadTypeOf,
} from '@miniapps/contract';
import { type AppError, isAppError } from '../../errors.js';
import { checkSignature, SIGNATURE_BYTES } from './file-signature.js';
import {
  badPartName,
  badUpload,
  dangerousFile,
  fileTooLarge,
  tooManyParts,
  typeMismatch,
  typeRefused,
  uploadTooLarge,
} from './upload-errors.js';

/** An upload written to disk whole and checked: what the proxy sends the origin, and signs. */
export interface SpooledUpload {
  /** The file holding the multipart body as the origin receives it. */
  path: string;
  /** Its length in bytes (the Content-Length sent). */
  bytes: number;
  /** SHA-256 of those bytes, hex: signature v2's body hash. */
  sha256: string;
  /** `multipart/form-data; boundary=…`, the proxy's own boundary. */
  contentType: string;
  /** The parts as written, in order: a file's bytes lie at `start` in the spool file (form responses read them there). */
  parts: SpooledPart[];
  /** Removes the file; safe to call twice. */
  dispose(): Promise<void>;
}

/** One checked part of a spooled upload: a text field, or a file with its checked type and where its bytes are. */
export type SpooledPart =
  | { kind: 'field'; name: string; value: string }
  | { kind: 'file'; name: string; filename: string; type: string; start: number; bytes: number };

/** Whether a request's declared type is a multipart form (which the proxy reads as an upload). */
export function isMultipart(contentType: string | undefined): boolean {
  return contentType !== undefined && /^multipart\/form-data\s*(;|$)/i.test(contentType);
}

/** A part queued in the order it came: parts are written one after another, whatever order their streams end. */
type Part =
  | { kind: 'field'; name: string; value: string; truncated: boolean }
  | { kind: 'file'; name: string; filename: string; type: string; stream: BusboyFileStream };

// A NUL or any other C0 control or DEL: never in a name the origin will parse.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters refused.
const CONTROL = /[\u0000-\u001f\u007f]/;
/** Form-data names are quoted; a quote is percent-encoded as browsers do (WHATWG multipart/form-data). */
const quoted = (text: string) => `"${text.replaceAll('"', '%22')}"`;

/**
 * Reads `req` as multipart/form-data into a new file under `dir`. Resolves once the last part is written; rejects
 * with a coded error at the first fault, having stopped reading, removed the file and left the rest of the
 * request to be drained by Node. Memory stays at a few stream buffers whatever the upload's size.
 */
export function spoolUpload(req: IncomingMessage, dir: string): Promise<SpooledUpload> {
  return new Promise((resolve, reject) => new Spool(req, dir, resolve, reject).start());
}

class Spool {
  readonly #boundary = `----miniapps-${randomUUID()}`;
  readonly #path: string;
  readonly #hash = createHash('sha256');
  readonly #queue: Part[] = [];
  readonly #parts: SpooledPart[] = [];
  #out: WriteStream | undefined;
  #parser: BusboyInstance | undefined;
  #bytes = 0;
  #received = 0;
  #finished = false;
  #writing = false;
  #settled = false;
  /** Wakes the writer when a part is queued or the parser finishes. */
  #wake: (() => void) | undefined;

  constructor(
    private readonly req: IncomingMessage,
    dir: string,
    private readonly resolve: (upload: SpooledUpload) => void,
    private readonly reject: (error: AppError) => void,
  ) {
    this.#path = join(dir, `miniapps-upload-${randomUUID()}`);
  }

  start(): void {
    const { req } = this;
    let parser: BusboyInstance;
    try {
      parser = new Busboy({
        headers: req.headers as { 'content-type': string },
        limits: {
          fileSize: MAX_UPLOAD_FILE_BYTES,
          parts: MAX_UPLOAD_PARTS,
          fieldSize: MAX_PROXY_REQUEST_BYTES,
          fieldNameSize: 200,
          headerPairs: 20,
        },
      });
    } catch {
      // No boundary, or not multipart at all.
      this.fail(badUpload('no_boundary'));
      return;
    }
    this.#parser = parser;
    this.#out = createWriteStream(this.#path, { flags: 'wx', mode: 0o600 });
    this.#out.on('error', (error) => this.fail(badUpload(`spool: ${error.message}`)));
    parser.on('field', (name, value, nameTruncated, valueTruncated) => {
      if (nameTruncated) return this.fail(badUpload('name_too_long'));
      this.#push({ kind: 'field', name, value, truncated: valueTruncated });
    });
    parser.on('file', (name, stream, filename, _encoding, type) => {
      // A part cut off errs on its stream; the parser's own error answers for it.
      stream.on('error', () => {});
      this.#push({ kind: 'file', name, filename, type, stream });
    });
    parser.on('partsLimit', () => this.fail(tooManyParts()));
    parser.on('error', () => this.fail(badUpload('malformed')));
    parser.on('finish', () => {
      this.#finished = true;
      this.#wake?.();
    });
    req.on('data', (chunk: Buffer) => {
      this.#received += chunk.length;
      if (this.#received > MAX_UPLOAD_REQUEST_BYTES) this.fail(uploadTooLarge());
    });
    req.on('aborted', () => this.fail(badUpload('cut_off')));
    req.on('error', () => this.fail(badUpload('cut_off')));
    req.pipe(parser);
    void this.#writeParts();
  }

  fail(error: AppError): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#wake?.();
    if (this.#parser !== undefined) {
      this.req.unpipe(this.#parser);
      this.#parser.removeAllListeners('file');
      this.#parser.removeAllListeners('field');
      // Whatever it still holds is dropped; a later parse error has a listener to land on.
      this.#parser.on('error', () => {});
    }
    for (const part of this.#queue) if (part.kind === 'file') part.stream.resume();
    // The rest of the request is read and dropped, so the client can read the answer it is sent.
    this.req.resume();
    // Removed once closed: a file still being opened when this runs would otherwise be created after the unlink.
    const out = this.#out;
    if (out !== undefined) {
      out.once('close', () => void unlink(this.#path).catch(() => {}));
      out.destroy();
    }
    this.reject(error);
  }

  #push(part: Part): void {
    if (this.#settled) {
      if (part.kind === 'file') part.stream.resume();
      return;
    }
    this.#queue.push(part);
    this.#wake?.();
  }

  /** Waits for the next part, or undefined when the parser has finished and every part is written. */
  async #next(): Promise<Part | undefined> {
    while (!this.#settled) {
      const part = this.#queue.shift();
      if (part !== undefined) return part;
      if (this.#finished) return undefined;
      await new Promise<void>((wake) => {
        this.#wake = wake;
      });
      this.#wake = undefined;
    }
    return undefined;
  }

  async #writeParts(): Promise<void> {
    if (this.#writing) return;
    this.#writing = true;
    try {
      for (let part = await this.#next(); part !== undefined; part = await this.#next()) {
        if (part.kind === 'field') await this.#writeField(part);
        else await this.#writeFile(part);
      }
      if (this.#settled) return;
      await this.#write(`--${this.#boundary}--\r\n`);
      await new Promise<void>((done, failed) =>
        this.#out!.end((error?: Error | null) => (error ? failed(error) : done())),
      );
    } catch (error) {
      this.fail(isAppError(error) ? error : badUpload('spool'));
      return;
    }
    if (this.#settled) return;
    this.#settled = true;
    const path = this.#path;
    let disposed = false;
    this.resolve({
      path,
      bytes: this.#bytes,
      sha256: this.#hash.digest('hex'),
      contentType: `multipart/form-data; boundary=${this.#boundary}`,
      parts: this.#parts,
      dispose: async () => {
        if (disposed) return;
        disposed = true;
        await unlink(path).catch(() => {});
      },
    });
  }

  async #writeField(part: Extract<Part, { kind: 'field' }>): Promise<void> {
    if (CONTROL.test(part.name)) throw badPartName();
    if (part.truncated) throw uploadTooLarge();
    await this.#write(
      `--${this.#boundary}\r\nContent-Disposition: form-data; name=${quoted(part.name)}\r\n\r\n${part.value}\r\n`,
    );
    this.#parts.push({ kind: 'field', name: part.name, value: part.value });
  }

  async #writeFile(part: Extract<Part, { kind: 'file' }>): Promise<void> {
    const { name, filename, stream } = part;
    if (CONTROL.test(name) || CONTROL.test(filename)) throw badPartName();
    // What a browser's form sends for a file input left empty: no file, so no part.
    if (filename === '') {
      for await (const chunk of stream as AsyncIterable<Buffer>)
        if (chunk.length > 0) throw badUpload('unnamed_file');
      return;
    }
    const type = uploadTypeOf(part.type);
    if (type === undefined) throw typeRefused(filename, part.type.slice(0, 100));
    // The first bytes are held until there are enough to judge; nothing of a refused file is written.
    let head: Buffer | undefined = Buffer.alloc(0);
    let start = 0;
    const judge = async (bytes: Buffer) => {
      const verdict = checkSignature(type, bytes);
      if (!verdict.ok) {
        throw verdict.problem === 'dangerous'
          ? dangerousFile(filename, type, verdict.kind)
          : typeMismatch(filename, type);
      }
      await this.#write(
        `--${this.#boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}; filename=${quoted(filename)}\r\nContent-Type: ${type}\r\n\r\n`,
      );
      start = this.#bytes;
      await this.#write(bytes);
    };
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (this.#settled) return;
      // Busboy stops a file at the limit and marks it cut: the part is refused, not sent short.
      if (stream.truncated) throw fileTooLarge(filename);
      if (head === undefined) {
        await this.#write(chunk);
        continue;
      }
      head = Buffer.concat([head, chunk]);
      if (head.length >= SIGNATURE_BYTES) {
        const held = head;
        head = undefined;
        await judge(held);
      }
    }
    if (stream.truncated) throw fileTooLarge(filename);
    if (head !== undefined) await judge(head);
    this.#parts.push({ kind: 'file', name, filename, type, start, bytes: this.#bytes - start });
    await this.#write('\r\n');
  }

  /** Writes to the file and the hash, waiting while the disk is behind (so the request is read no faster). */
  #write(data: string | Buffer): Promise<void> {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    this.#hash.update(bytes);
    this.#bytes += bytes.length;
    const out = this.#out!;
    if (out.write(bytes)) return Promise.resolve();
    // A file that fails closes instead of draining (and `fail` has answered by then).
    return new Promise((drained) => {
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        drained();
      };
      out.on('drain', done);
      out.on('close', done);
    });
  }
}
