// An app's screens and API calls through the platform's proxy; failures name what was asked and why.
import type { AppSessions } from './app-session.js';
import type { DocumentFile } from './capabilities.js';
import { errorOfAnswer, type HostError, withMessage } from './errors.js';
import type { UploadProgress } from './form-upload.js';
import type { Method, RawAnswer } from './http.js';
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

/** Where one app's screens and API answers come from: what a renderer needs of a host. */
export interface ScreenSource {
  /** The screen at `path` (with `params` as its query), as parsed JSON. Rejects with a HostError. */
  loadScreen(path: string, params?: Record<string, string>): Promise<unknown>;
  /** An API call of a networkRequest or submitForm; resolves with the parsed JSON answer. */
  request(call: ApiCall): Promise<unknown>;
  /** The app's strings in the user's language for `${t.key}` (hosted apps); none without it. */
  strings?(): Promise<AppStrings>;
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

/** Every call carries the app's session token (app-session.ts), never the user's. */
export function createProxy(sessions: AppSessions) {
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
  ) {
    // Built (and refused as `bad_path`) before anything is sent.
    const url = proxyPath(app, 'screen', path);
    const request = {
      headers: headersOf(options),
      ...(params && { query: params }),
      ...(options.signal && { signal: options.signal }),
    };
    const answer = await sessions.raw(app, !!options.preview, 'GET', url, request);
    if (answer.status >= 200 && answer.status < 300) return answer.body;
    throw failure(answer, `The page ${path} could not be loaded`);
  }

  async function api(app: AppRef, call: ApiCall, options: ProxyOptions = {}) {
    const url = proxyPath(app, 'api', call.url);
    const request = {
      headers: headersOf(options),
      ...(call.form !== undefined
        ? { form: call.form, onProgress: call.onProgress }
        : call.body !== undefined && { body: call.body }),
      ...(options.signal && { signal: options.signal }),
    };
    const answer = await sessions.raw(app, !!options.preview, call.method, url, request);
    if (answer.status >= 200 && answer.status < 300) return answer.body;
    throw failure(answer, `${call.method} ${call.url.split('?')[0]} failed`);
  }

  async function strings(app: AppRef, options: ProxyOptions = {}): Promise<AppStrings> {
    const request = { headers: headersOf(options), ...(options.signal && { signal: options.signal }) };
    const answer = await sessions.raw(app, !!options.preview, 'GET', proxyPath(app, 'strings', ''), request);
    if (answer.status >= 200 && answer.status < 300) {
      const { locale, locales, strings } = answer.body as AppStrings;
      return { locale, locales, strings };
    }
    throw failure(answer, 'The app’s strings could not be loaded');
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
        loadScreen: (path, params) => screen(app, path, params, options),
        request: (call) => api(app, call, options),
        strings: () => strings(app, options),
        document: (url, filename) => fetchDocument(app, url, filename, options),
        responses: responses(app, options),
      };
    },
  };
}
