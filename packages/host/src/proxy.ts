// An app's screens and API calls through the platform's proxy; failures name what was asked and why.
import type { AnswerCache } from './answer-cache.js';
import type { AppSessions } from './app-session.js';
import type { DocumentFile } from './capabilities.js';
import { errorOfAnswer, type HostError, isHostError, withMessage } from './errors.js';
import type { UploadProgress } from './form-upload.js';
import type { Method, RawAnswer, RequestOptions } from './http.js';
import { proxyPath } from './paths.js';
import type { AppRef, JsonValue } from './types.js';

/** Asks the proxy for the head (draft or in-review) version; members of the app's organization and moderators. */
export const PREVIEW_HEADER = 'x-miniapps-preview';

export interface ApiCall {
  method: Method;
  /** A path on the app's origin, starting with `/`, possibly with a query. */
  url: string;
  /** JSON sent as the body (POST, PUT, PATCH). */
  body?: JsonValue;
  /**
   * A form with files, sent as multipart/form-data instead of `body` (POST, PUT, PATCH), within the proxy's upload
   * limits (docs/contract.md "Files through the proxy"); `onProgress` follows the bytes sent.
   */
  form?: FormData;
  onProgress?: UploadProgress;
}

/** How the user opened the app; the proxy tells remote origins (X-Platform-Launch-Source). */
export type LaunchSource = 'catalog' | 'link' | 'push' | 'other';

export interface ProxyOptions {
  /** The head version instead of the live one (a developer's or moderator's preview). */
  preview?: boolean;
  signal?: AbortSignal;
  /** A launch link's start parameter (`[A-Za-z0-9_-]{1,64}`), sent as `X-Miniapps-Start-Param`. */
  startParam?: string | undefined;
  /** Sent as `X-Miniapps-Launch-Source`. */
  launchSource?: LaunchSource | undefined;
  /** The user's language (a BCP 47 tag), sent as `Accept-Language`. */
  locale?: string | undefined;
}

/**
 * What a renderer is told after it was given a kept answer at once (stale-while-revalidate): the platform is
 * asked with the kept `ETag` in the background, and its verdict comes here.
 */
export interface Revalidation<T> {
  /** A newer version than the one given (a deploy): draw it in place. */
  newer?(value: T): void;
  /** Whether the platform was reached: false means what is shown is the kept copy, offline. */
  reached?(reached: boolean): void;
  /** The platform refused (the app gone, its consent withdrawn): the kept copy is forgotten. */
  refused?(error: HostError): void;
}

/** Where one app's screens and API answers come from: what a renderer needs of a host. */
export interface ScreenSource {
  /**
   * The screen at `path` (with `params` as its query), as parsed JSON. Rejects with a HostError. A screen kept
   * from an earlier open comes at once; `updates` then hears how its revalidation went.
   */
  loadScreen(
    path: string,
    params?: Record<string, string>,
    updates?: Revalidation<unknown>,
  ): Promise<unknown>;
  /** An API call of a networkRequest or submitForm; resolves with the parsed JSON answer. */
  request(call: ApiCall): Promise<unknown>;
  /** The app's strings in the user's language for `${t.key}` (hosted apps); none without it. */
  strings?(updates?: Revalidation<AppStrings>): Promise<AppStrings>;
  /** A document of the app (`openDocument`) through the platform's document route, checked there. */
  document?(url: string, filename: string): Promise<DocumentFile>;
  /** A hosted app's form responses (submitForm to `responses`, `${responses.<name>…}`); none without it. */
  responses?: AppResponses;
}

/** A response as the platform kept it. */
export interface StoredResponse {
  id: string;
  createdAt: string;
  updatedAt: string;
  values: Record<string, JsonValue>;
}

/** What a hosted screen may read of one collection (docs/renderer-spec.md "Form responses"). */
export interface ResponseAggregates {
  count: number;
  left: number | null;
  closed: boolean;
  counts: Record<string, Record<string, number>>;
  mine: StoredResponse | null;
}

/**
 * The files of a response's fileFields, by field name: sent with the values as multipart/form-data (a part
 * `values` with their JSON, a part per file), within the proxy's upload limits; `onProgress` follows the bytes sent.
 */
export interface ResponseUpload {
  files: Record<string, readonly Blob[]>;
  onProgress?: UploadProgress | undefined;
}

/** One app's collections through the proxy (`…/responses/{name}`); rejects with the platform's refusal. */
export interface AppResponses {
  submit(name: string, values: Record<string, JsonValue>, upload?: ResponseUpload): Promise<StoredResponse>;
  /** A fileField sent without files keeps the response's earlier files; one sent with files has them replaced. */
  edit(
    name: string,
    id: string,
    values: Record<string, JsonValue>,
    upload?: ResponseUpload,
  ): Promise<StoredResponse>;
  aggregates(name: string): Promise<ResponseAggregates>;
}

/** A hosted app's strings in one locale: the one fitting the user's language, else the app's first. */
export interface AppStrings {
  /** The locale chosen, or null when the app has no strings. */
  locale: string | null;
  /** Every locale the app has, its default first. */
  locales: string[];
  strings: Record<string, string>;
}

function storedOf(body: unknown): StoredResponse {
  const { id, createdAt, updatedAt, values } = body as StoredResponse;
  return { id, createdAt, updatedAt, values };
}

/** The answer's error, its message prefixed with what failed and followed by the code a user can report. */
function failure(answer: RawAnswer, what: string): HostError {
  const error = errorOfAnswer(answer);
  const shown = error.sentCode ? ` (${error.sentCode})` : '';
  return withMessage(error, `${what}: ${error.message}${shown}`);
}

/** A response with files as multipart/form-data: its values' JSON as the part `values`, each file a part; none without files. */
function responseForm(values: JsonValue | undefined, files: ResponseUpload['files']): FormData | undefined {
  const chosen = Object.entries(files).filter(([, list]) => list.length > 0);
  if (chosen.length === 0) return undefined;
  const form = new FormData();
  form.append('values', JSON.stringify(values ?? {}));
  for (const [name, list] of chosen) {
    for (const file of list) form.append(name, file, (file as { name?: string }).name ?? 'file');
  }
  return form;
}

const ok = (answer: RawAnswer) => answer.status >= 200 && answer.status < 300;

/**
 * Every call carries the app's session token (app-session.ts), never the user's. With a cache, screens and strings
 * are kept per user and app and given at once on the next open while the platform is asked again (If-None-Match);
 * datasets (GET answers with an ETag) are asked first and the kept copy answers when the network does not.
 * A preview is never kept: it is the head version, for its developers only.
 */
export function createProxy(sessions: AppSessions, cache?: AnswerCache) {
  const keyOf = (app: AppRef, options: ProxyOptions, ...parts: string[]) =>
    cache && !options.preview ? cache.key(app, options.locale ?? '', ...parts) : Promise.resolve(null);
  const withTag = (request: RequestOptions, etag: string | undefined): RequestOptions =>
    etag === undefined ? request : { ...request, headers: { ...request.headers, 'if-none-match': etag } };

  /** One cacheable GET: the kept answer at once and revalidated behind it, else the platform's answer kept. */
  async function staleWhileRevalidate<T>(
    key: string | null,
    send: (etag: string | undefined) => Promise<RawAnswer>,
    read: (body: unknown) => T,
    refusal: (answer: RawAnswer) => HostError,
    updates: Revalidation<T> | undefined,
  ): Promise<T> {
    const held = key && cache ? await cache.read(key) : undefined;
    const since = cache?.epoch();
    const fresh = async (): Promise<{ value: T; changed: boolean }> => {
      const answer = await send(held?.etag);
      if (answer.status === 304 && held) return { value: read(held.body), changed: false };
      if (!ok(answer)) {
        if (key) await cache?.forget(key);
        throw refusal(answer);
      }
      if (key && answer.etag) await cache?.write(key, answer.etag, answer.body, since);
      else if (key) await cache?.forget(key);
      return { value: read(answer.body), changed: true };
    };
    if (!held) return (await fresh()).value;
    // Asked in a later task: the kept copy is drawn in this one, before a request (or a session exchange) is made.
    setTimeout(() => revalidate(fresh, updates), 0);
    return read(held.body);
  }

  /** Tells `updates` what the platform said of a kept answer given at once. */
  function revalidate<T>(
    fresh: () => Promise<{ value: T; changed: boolean }>,
    updates: Revalidation<T> | undefined,
  ): void {
    fresh().then(
      ({ value, changed }) => {
        if (changed) updates?.newer?.(value);
        updates?.reached?.(true);
      },
      (error: unknown) => {
        if (isHostError(error) && error.code === 'network_error') updates?.reached?.(false);
        else if (isHostError(error)) updates?.refused?.(error);
      },
    );
  }
  const headersOf = (options: ProxyOptions) => {
    const headers: Record<string, string> = {};
    if (options.preview) headers[PREVIEW_HEADER] = '1';
    // The platform checks both against their patterns (400 bad_request) before an origin sees them.
    if (options.startParam !== undefined) headers['x-miniapps-start-param'] = options.startParam;
    if (options.launchSource !== undefined) headers['x-miniapps-launch-source'] = options.launchSource;
    if (options.locale !== undefined) headers['accept-language'] = options.locale;
    return headers;
  };

  async function screen(
    app: AppRef,
    path: string,
    params?: Record<string, string>,
    options: ProxyOptions = {},
    updates?: Revalidation<unknown>,
  ): Promise<unknown> {
    // Built (and refused as `bad_path`) before anything is sent.
    const url = proxyPath(app, 'screen', path);
    const request: RequestOptions = {
      headers: headersOf(options),
      ...(params && { query: params }),
      ...(options.signal && { signal: options.signal }),
    };
    const query = params ? new URLSearchParams(params).toString() : '';
    return staleWhileRevalidate(
      await keyOf(app, options, 'screen', options.startParam ?? '', `${url}?${query}`),
      (etag) => sessions.raw(app, !!options.preview, 'GET', url, withTag(request, etag)),
      (body) => body,
      (answer) => failure(answer, `The page ${path} could not be loaded`),
      updates,
    );
  }

  async function api(app: AppRef, call: ApiCall, options: ProxyOptions = {}) {
    const url = proxyPath(app, 'api', call.url);
    const request: RequestOptions = {
      headers: headersOf(options),
      ...(call.form !== undefined
        ? { form: call.form, onProgress: call.onProgress }
        : call.body !== undefined && { body: call.body }),
      ...(options.signal && { signal: options.signal }),
    };
    const what = `${call.method} ${call.url.split('?')[0]} failed`;
    if (call.method !== 'GET') {
      const answer = await sessions.raw(app, !!options.preview, call.method, url, request);
      if (ok(answer)) return answer.body;
      throw failure(answer, what);
    }
    // A dataset is asked for first (it may change without a deploy's notice); the kept copy answers offline.
    const key = await keyOf(app, options, 'api', options.startParam ?? '', url);
    const held = key && cache ? await cache.read(key) : undefined;
    const since = cache?.epoch();
    let answer: RawAnswer;
    try {
      answer = await sessions.raw(app, !!options.preview, 'GET', url, withTag(request, held?.etag));
    } catch (error) {
      if (held && isHostError(error) && error.code === 'network_error') return held.body;
      throw error;
    }
    if (answer.status === 304 && held) return held.body;
    if (key && ok(answer) && answer.etag) await cache?.write(key, answer.etag, answer.body, since);
    else if (key && held) await cache?.forget(key);
    if (ok(answer)) return answer.body;
    throw failure(answer, what);
  }

  async function strings(
    app: AppRef,
    options: ProxyOptions = {},
    updates?: Revalidation<AppStrings>,
  ): Promise<AppStrings> {
    const request = { headers: headersOf(options), ...(options.signal && { signal: options.signal }) };
    const url = proxyPath(app, 'strings', '');
    return staleWhileRevalidate(
      await keyOf(app, options, 'strings'),
      (etag) => sessions.raw(app, !!options.preview, 'GET', url, withTag(request, etag)),
      (body) => {
        const { locale, locales, strings } = body as AppStrings;
        return { locale, locales, strings };
      },
      (answer) => failure(answer, 'The app’s strings could not be loaded'),
      updates,
    );
  }

  async function fetchDocument(
    app: AppRef,
    url: string,
    filename: string,
    options: ProxyOptions = {},
  ): Promise<DocumentFile> {
    const path = proxyPath(app, 'document', url);
    const request = {
      headers: headersOf(options),
      file: true,
      ...(options.signal && { signal: options.signal }),
    };
    const answer = await sessions.raw(app, !!options.preview, 'GET', path, request);
    if (answer.file) return { filename, type: answer.file.type, data: answer.file.data };
    throw failure(answer, `The document ${url.split('?')[0]} could not be opened`);
  }

  /** A collection's route: its name and an id are single segments (proxyPath refuses what would leave it). */
  async function responsesCall(
    app: AppRef,
    options: ProxyOptions,
    method: Method,
    path: string,
    body?: JsonValue,
    upload?: ResponseUpload,
  ): Promise<unknown> {
    const form = upload && responseForm(body, upload.files);
    const request = {
      headers: headersOf(options),
      ...(form !== undefined ? { form, onProgress: upload?.onProgress } : body !== undefined && { body }),
      ...(options.signal && { signal: options.signal }),
    };
    const answer = await sessions.raw(
      app,
      !!options.preview,
      method,
      proxyPath(app, 'responses', path),
      request,
    );
    if (answer.status >= 200 && answer.status < 300) return answer.body;
    throw failure(answer, 'The response could not be sent');
  }

  function responses(app: AppRef, options: ProxyOptions = {}): AppResponses {
    const segment = (text: string) => `/${encodeURIComponent(text)}`;
    return {
      submit: async (name, values, upload) =>
        storedOf(await responsesCall(app, options, 'POST', segment(name), values, upload)),
      edit: async (name, id, values, upload) =>
        storedOf(await responsesCall(app, options, 'PUT', `${segment(name)}${segment(id)}`, values, upload)),
      aggregates: async (name) => {
        const { count, left, closed, counts, mine } = (await responsesCall(
          app,
          options,
          'GET',
          segment(name),
        )) as ResponseAggregates;
        return { count, left, closed, counts, mine };
      },
    };
  }

  return {
    /** A hosted app's collections: submit, edit one's own, read the aggregates. */
    responses,
    /** Loads a screen of the app; `params` become its query. */
    screen,
    /** The app's strings in the language of `options.locale` (Accept-Language). */
    strings,
    /** Sends one of the app's API calls to its backend through the proxy; resolves with the JSON answer. */
    api,
    /** Fetches a document of the app through the proxy's document route; resolves with its bytes and type. */
    document: fetchDocument,
    /** The app as a renderer's source of screens and answers. */
    source(app: AppRef, options: ProxyOptions = {}): ScreenSource {
      return {
        loadScreen: (path, params, updates) => screen(app, path, params, options, updates),
        request: (call) => api(app, call, options),
        strings: (updates) => strings(app, options, updates),
        document: (url, filename) => fetchDocument(app, url, filename, options),
        responses: responses(app, options),
      };
    },
  };
}
