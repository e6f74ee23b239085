// Calls the platform with the user's token: JSON in and out, failures as HostErrors with the envelope's code.
import { errorOfAnswer, HostError } from './errors.js';
import { sendForm, type UploadProgress } from './form-upload.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The user's JWT, fetched before each call (so a host may refresh it); nothing means an anonymous call. */
export type TokenSource = () => string | null | undefined | Promise<string | null | undefined>;

export interface HttpOptions {
  /** The platform's base URL, e.g. `https://apps.uni.example` (a path prefix is kept). */
  baseUrl: string;
  getToken?: TokenSource | undefined;
  /** Told about a 401 on a call that carried a token: the session has ended. */
  onUnauthorized?: (() => void) | undefined;
  /** Defaults to the global `fetch` (browsers, React Native, Node 20). */
  fetch?: typeof fetch | undefined;
}

export interface RawAnswer {
  status: number;
  body: unknown;
  /** A 2xx answer asked for as a file (`file: true`): its bytes and media type; `body` is then null. */
  file?: { data: Blob; type: string };
  /** The answer's `ETag`, when it is one a host may keep and revalidate (not `no-store`). */
  etag?: string;
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A multipart form sent as the body instead of JSON (a form's files); `onProgress` follows its upload. */
  form?: FormData;
  onProgress?: UploadProgress | undefined;
  /** Read a 2xx answer as a file (a document), not JSON; an error answer is still read as the JSON envelope. */
  file?: boolean;
  /**
   * Sent as the bearer instead of the user's token (an app session token, app-session.ts): the user's token is
   * then not even asked for, and a 401 is the app session's to renew, not the end of the user's session.
   */
  bearer?: string;
}

export interface Http {
  /** A JSON call; a 2xx answer's body comes back, anything else throws a HostError. The typed calls (`api.ts`) use it. */
  call(method: Method, path: string, options?: RequestOptions): Promise<unknown>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  patch<T>(path: string, body?: unknown): Promise<T>;
  delete<T>(path: string, body?: unknown): Promise<T>;
  /** Any status comes back as it is; only a network failure throws. For the proxy, whose answers pass through. */
  raw(method: Method, path: string, options?: RequestOptions): Promise<RawAnswer>;
  /** The full URL of a platform path. */
  url(path: string, query?: RequestOptions['query']): string;
}

function joinUrl(baseUrl: string, path: string, query: RequestOptions['query']): string {
  let url = baseUrl.replace(/\/+$/, '') + path;
  const pairs = Object.entries(query ?? {}).filter(([, value]) => value !== undefined && value !== '');
  if (pairs.length > 0) {
    const search = new URLSearchParams(
      pairs.map(([key, value]): [string, string] => [key, String(value)]),
    ).toString();
    url += `${url.includes('?') ? '&' : '?'}${search}`;
  }
  return url;
}

function parseBody(text: string, status: number): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { ok: false, error: 'bad_answer', message: `The answer was not JSON (HTTP ${status}).` };
  }
}

export function createHttp(options: HttpOptions): Http {
  let base: URL;
  try {
    base = new URL(options.baseUrl);
  } catch {
    throw new HostError('bad_argument', `The platform's baseUrl is not an absolute URL: ${options.baseUrl}`);
  }
  const baseUrl = base.href;
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const url = (path: string, query?: RequestOptions['query']) => joinUrl(baseUrl, path, query);

  async function raw(method: Method, path: string, request: RequestOptions = {}): Promise<RawAnswer> {
    const headers: Record<string, string> = {
      accept: request.file ? '*/*' : 'application/json',
      ...request.headers,
    };
    const token = request.bearer ?? (await options.getToken?.()) ?? null;
    if (token) headers.authorization = `Bearer ${token}`;
    if (request.form !== undefined) {
      const sent = { method, url: url(path, request.query), headers, form: request.form };
      const answer = await sendForm(
        { ...sent, onProgress: request.onProgress, signal: request.signal },
        fetchImpl,
      );
      if (answer.status === 401 && token && request.bearer === undefined) options.onUnauthorized?.();
      return { status: answer.status, body: parseBody(answer.text, answer.status) };
    }
    const init: RequestInit = { method, headers };
    if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(request.body);
    }
    if (request.signal) init.signal = request.signal;
    let response: Response;
    try {
      response = await fetchImpl(url(path, request.query), init);
    } catch (error) {
      if (request.signal?.aborted) throw error;
      throw new HostError('network_error', 'The platform could not be reached. Check your connection.');
    }
    if (request.file && response.status >= 200 && response.status < 300) {
      try {
        const data = await response.blob();
        return { status: response.status, body: null, file: { data, type: data.type } };
      } catch {
        throw new HostError('network_error', 'The connection broke while the file was read.', {
          status: response.status,
        });
      }
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new HostError('network_error', 'The connection broke while the answer was read.', {
        status: response.status,
      });
    }
    if (response.status === 401 && token && request.bearer === undefined) options.onUnauthorized?.();
    const answer: RawAnswer = { status: response.status, body: parseBody(text, response.status) };
    const etag = response.headers?.get('etag');
    if (etag && !/no-store/i.test(response.headers.get('cache-control') ?? '')) answer.etag = etag;
    return answer;
  }

  async function call<T = unknown>(method: Method, path: string, request?: RequestOptions): Promise<T> {
    const answer = await raw(method, path, request);
    if (answer.status >= 200 && answer.status < 300) return answer.body as T;
    throw errorOfAnswer(answer);
  }

  return {
    call,
    get: (path, request) => call('GET', path, request),
    post: (path, body) => call('POST', path, { body }),
    put: (path, body) => call('PUT', path, { body }),
    patch: (path, body) => call('PATCH', path, { body }),
    delete: (path, body) => call('DELETE', path, { body }),
    raw,
    url,
  };
}
