// A file from the platform read as it arrives (progress as bytes, and CSV rows counted on the way), then saved under
// the name the platform gave it.
import { errorOfAnswer, HostError } from '@miniapps/host';

export interface Progress {
  bytes: number;
  /** CSV records ended so far, the heading's included; 0 for other files. */
  records: number;
}

export interface Downloaded {
  blob: Blob;
  /** The name of Content-Disposition, else `fallback`. */
  name: string;
}

/** The file name of a Content-Disposition header (`filename*=UTF-8''…` preferred, then `filename="…"`). */
export function fileNameOf(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // Malformed escapes: the plain name below, if any.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;\s]+)/i.exec(header);
  const name = plain?.[1] ?? plain?.[2];
  return name || undefined;
}

const QUOTE = 0x22;
const LINE_FEED = 0x0a;

/**
 * Counts CSV records as bytes arrive: a line feed outside quotes ends one (RFC 4180: a quoted cell may hold line
 * breaks). Byte-wise is safe in UTF-8, where no byte of a multi-byte character is a quote or a line feed.
 */
export function recordCounter(): (chunk: Uint8Array) => number {
  let quoted = false;
  return (chunk) => {
    let ended = 0;
    for (const byte of chunk) {
      if (byte === QUOTE) quoted = !quoted;
      else if (byte === LINE_FEED && !quoted) ended++;
    }
    return ended;
  };
}

/** The envelope of a refused request as the host kit's error, so the page shows the platform's message and code. */
async function refusal(response: Response): Promise<HostError> {
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = { ok: false, error: 'bad_answer', message: `The answer was not JSON (HTTP ${response.status}).` };
  }
  return errorOfAnswer({ status: response.status, body });
}

/** The connection broke after the answer began: part of the file came, not all of it. */
export class BrokenDownload extends Error {
  override name = 'BrokenDownload';
}

/**
 * Fetches `url` and reads its answer whole, telling `onProgress` after each chunk. A refusal throws the platform's
 * error, no connection `network_error`, a connection broken midway BrokenDownload; an abort throws fetch's
 * AbortError.
 */
export async function downloadFile(
  fetchFile: (url: string, signal?: AbortSignal) => Promise<Response>,
  request: { url: string; signal: AbortSignal; fallbackName: string; countRecords: boolean },
  onProgress: (progress: Progress) => void,
): Promise<Downloaded> {
  let response: Response;
  try {
    response = await fetchFile(request.url, request.signal);
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new HostError('network_error', 'The platform could not be reached. Check your connection.');
  }
  if (!response.ok) throw await refusal(response);
  return readAnswer(response, request.fallbackName, request.countRecords, onProgress);
}

async function readAnswer(
  response: Response,
  fallback: string,
  countRecords: boolean,
  onProgress: (progress: Progress) => void,
): Promise<Downloaded> {
  const name = fileNameOf(response.headers.get('content-disposition')) ?? fallback;
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const reader = response.body?.getReader();
  if (!reader) return { blob: await response.blob(), name };
  const count = countRecords ? recordCounter() : () => 0;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const progress: Progress = { bytes: 0, records: 0 };
  for (;;) {
    let part: ReadableStreamReadResult<Uint8Array<ArrayBuffer>>;
    try {
      part = await reader.read();
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new BrokenDownload('The connection broke while the file was read.');
    }
    if (part.done) break;
    chunks.push(part.value);
    progress.bytes += part.value.byteLength;
    progress.records += count(part.value);
    onProgress({ ...progress });
  }
  return { blob: new Blob(chunks, { type }), name };
}

/** Hands a blob to the browser as a download named `name`. */
export function saveFile({ blob, name }: Downloaded): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL is freed a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const isAbort = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';
