// Sends a multipart form (files) with upload progress: XMLHttpRequest where there is one (fetch tells no upload
// progress in browsers), else the host's fetch.
import { HostError } from './errors.js';

/** Told as the body goes out: bytes sent so far and the body's total. */
export type UploadProgress = (sent: number, total: number) => void;

export interface FormRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  form: FormData;
  onProgress?: UploadProgress | undefined;
  signal?: AbortSignal | undefined;
}

/** What this file uses of XMLHttpRequest: the host kit is typed without the DOM library (it runs in Node too). */
interface Xhr {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
  readonly status: number;
  readonly responseText: string;
  abort(): void;
  send(body: FormData): void;
}

/** The answer's status and text; a network failure rejects with `network_error`. */
export async function sendForm(
  request: FormRequest,
  fetchImpl: typeof fetch,
): Promise<{ status: number; text: string }> {
  // The browser writes the multipart Content-Type with its boundary: never set it here.
  const headers = { ...request.headers };
  delete headers['content-type'];
  const Request = (globalThis as { XMLHttpRequest?: new () => Xhr }).XMLHttpRequest;
  if (Request === undefined || request.onProgress === undefined) {
    let response: Response;
    try {
      response = await fetchImpl(request.url, {
        method: request.method,
        headers,
        body: request.form,
        ...(request.signal && { signal: request.signal }),
      });
    } catch (error) {
      if (request.signal?.aborted) throw error;
      throw unreachable();
    }
    return { status: response.status, text: await response.text() };
  }
  const onProgress = request.onProgress;
  return new Promise((resolve, reject) => {
    const xhr = new Request();
    xhr.open(request.method, request.url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(unreachable());
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(request.form);
  });
}

function unreachable(): HostError {
  return new HostError('network_error', 'The platform could not be reached. Check your connection.');
}
