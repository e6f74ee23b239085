// The proxy's routes, stated once: the entry's dispatch, its 405s and `Allow`, the metrics' route labels, and the
// Fastify routes that describe them in the OpenAPI document (with their HEAD routes) are all read from here.
import { MAX_ORIGIN_CACHE_SECONDS } from '@miniapps/contract';
import { STORAGE_METHODS } from '../storage/proxy-answer.js';

export const PROXY_PREFIX = '/functions/v1/miniapp-proxy';
/** Methods of `api/<path>`. */
export const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type ProxyMethod = (typeof API_METHODS)[number];

/** One documented route: its URLs under `PROXY_PREFIX`, the methods it takes and its description. */
export interface ProxyRoute {
  urls: readonly string[];
  methods: readonly ProxyMethod[];
  summary: string;
  description?: string;
  /** Whether a body may come (the entry reads it itself; Fastify's limit matches the entry's). */
  body?: true;
}

const STORAGE_DESCRIPTION =
  'Keys are 1 to 64 of A-Z a-z 0-9 _ . - (else 400 bad_key); a value is any JSON of at most 4096 bytes of ' +
  'UTF-8 JSON text (413 value_too_large), nested at most 256 levels deep (422 validation_failed), with no NUL ' +
  'or lone surrogate in its text (400 bad_request); at most 100 keys per user and app (422 too_many_keys). ' +
  'Answers: GET storage {ok, values}; GET storage/{key} {ok, key, value} or 404 not_found; PUT and DELETE {ok}.';

const RESPONSES_DESCRIPTION =
  "Hosted apps only: {form} is a form's collect.name in the version in use (else 404 collection_not_found). " +
  "A response is one JSON object of the form's values by input name, checked as the screen states its inputs " +
  '(422 validation_failed with a pointer to each field at fault, nothing stored), at most 64 KB of JSON ' +
  '(413 payload_too_large); refused as 409 form_closed after closesAt, 409 response_limit past maxPerUser, ' +
  "409 form_full at capacity (the form's own message when it has one), 429 rate_limited past 10 a minute " +
  'per user and app, 422 quota_exceeded past 100,000 responses of the app. ' +
  'A form with fileFields sends multipart/form-data instead: a part `values` with that JSON object and a part per ' +
  'file named by its fileField, under the proxy\'s upload limits (docs/contract.md "Files through the proxy"); ' +
  "each file's value is then {id, name, size, type}. " +
  'Answers: POST 201 and PUT 200 {ok, id, createdAt, updatedAt, values}; GET {ok, count, left, closed, counts, mine}.';

/** Every route of each request kind: what the proxy serves, and nothing else. */
export const PROXY_ROUTES = {
  screen: [
    {
      urls: ['/:org/:slug/screen', '/:org/:slug/screen/*'],
      methods: ['GET'],
      summary: "A mini-app screen: the origin's (remote), the store's (hosted) or the service's answer",
      description:
        'A hosted screen carries an ETag (send it as If-None-Match for a 304) and private, no-cache; a remote ' +
        `screen the origin's ETag, marked per user, and its Cache-Control made private with max-age at most ${MAX_ORIGIN_CACHE_SECONDS} s.`,
    },
  ],
  api: [
    {
      urls: ['/:org/:slug/api', '/:org/:slug/api/*'],
      methods: API_METHODS,
      summary: 'A mini-app networkRequest, passed to the origin with identity headers',
      body: true,
    },
  ],
  storage: [
    {
      urls: ['/:org/:slug/storage'],
      methods: ['GET'],
      summary: "Every key and value the user keeps in the app's storage",
      description: STORAGE_DESCRIPTION,
    },
    {
      urls: ['/:org/:slug/storage/:key'],
      methods: STORAGE_METHODS,
      summary: "One key of the user's storage in the app: read, write (the body is the JSON value) or remove",
      description: STORAGE_DESCRIPTION,
      body: true,
    },
  ],
  responses: [
    {
      urls: ['/:org/:slug/responses/:form'],
      methods: ['GET', 'POST'],
      summary:
        "Send a response to a hosted app's collecting form (POST), or read the collection's aggregates (GET)",
      description: RESPONSES_DESCRIPTION,
      body: true,
    },
    {
      urls: ['/:org/:slug/responses/:form/:id'],
      methods: ['PUT'],
      summary: "Change one's own response, when the form allows editing",
      description: RESPONSES_DESCRIPTION,
      body: true,
    },
  ],
  strings: [
    {
      urls: ['/:org/:slug/strings'],
      methods: ['GET'],
      summary:
        "The app's strings in the user's language (Accept-Language), for the t binding root in its screens",
      description:
        'Answers {ok, locale, locales, strings}: the locale of the version in use that best fits Accept-Language ' +
        '(q-values; the same tag, then the same language), else the first the app deployed; locale null and no ' +
        'strings for an app without any. With an ETag: send it as If-None-Match for a 304.',
    },
  ],
  document: [
    {
      urls: ['/:org/:slug/document/*'],
      methods: ['GET'],
      summary:
        "A document of a remote app (openDocument), streamed from its origin with the API's identity headers",
      description:
        'At most 10 MB (a larger Content-Length is refused before reading, a longer body cut off); a PDF, PNG, ' +
        'JPEG, plain text, CSV, DOCX or XLSX whose first bytes match the type the origin declares (else 502 ' +
        'origin_bad_document); answered as Content-Disposition: attachment with nosniff. Hosted and service apps: ' +
        '404 no_backend.',
    },
  ],
} as const satisfies Record<string, readonly ProxyRoute[]>;

/** What a proxy URL asks for: an app's screen, its API, the user's storage in the app, or the app's strings. */
export type RequestKind = keyof typeof PROXY_ROUTES;
const KINDS = Object.keys(PROXY_ROUTES) as RequestKind[];

/** What the entry needs of a kind on every request, worked out once from the table. */
export interface KindRules {
  /** Every method some route of the kind takes (others are 405). */
  methods: readonly string[];
  /** The `Allow` header of a 405. */
  allow: string;
  /** The route label of metrics: the kind's URL pattern, with `*` for whatever follows it. */
  label: string;
}

function rulesOf(kind: RequestKind): KindRules {
  const routes: readonly ProxyRoute[] = PROXY_ROUTES[kind];
  const methods = [...new Set(routes.flatMap((route) => route.methods))];
  const longest = routes.flatMap((route) => route.urls).at(-1) ?? '';
  return { methods, allow: methods.join(', '), label: PROXY_PREFIX + longest.replace(/:key$/, '*') };
}

export const KIND_RULES: Record<RequestKind, KindRules> = {
  screen: rulesOf('screen'),
  api: rulesOf('api'),
  storage: rulesOf('storage'),
  responses: rulesOf('responses'),
  strings: rulesOf('strings'),
  document: rulesOf('document'),
};

/**
 * The kind a URL's segment names, or undefined. The table's own string is returned, never the URL's substring: it
 * keys KIND_RULES on the hot path, and a substring key is looked up in V8's string table on every access.
 */
export function kindOf(segment: string): RequestKind | undefined {
  return KINDS.find((kind) => kind === segment);
}

/** Whether a request's raw URL belongs to the proxy (the server hands these to the entry directly). */
export function isProxyUrl(url: string | undefined): boolean {
  return url?.startsWith(`${PROXY_PREFIX}/`) === true;
}
