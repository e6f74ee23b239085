// The proxy's HTTP front: node's request in, the pipeline's answer or the error envelope out, with no framework in between.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { pipeline } from 'node:stream/promises';
import { MAX_PROXY_REQUEST_BYTES, MAX_UPLOAD_REQUEST_BYTES } from '@miniapps/contract';
import type { FastifyBaseLogger } from 'fastify';
import { answeredAs } from '../../db/unavailable.js';
import { type HeaderList, headerList } from '../../egress/header-list.js';
import { AppError, errorBody, messageLanguage, methodNotAllowed } from '../../errors.js';
import { type AnswerCache, varyWith } from '../../http/cacheable.js';
import { type Cors, proxyCors } from '../../http/cors.js';
import { withAcceptLanguage } from '../../http/error-handler.js';
import type { CountProxyOutcome } from '../../http/proxy-metrics.js';
import { REQUEST_ID_HEADER, requestIdOf } from '../../http/request-id.js';
import type { ObserveRequest } from '../../http/request-metrics.js';
import { requestLanguage } from '../../i18n/language.js';
import { isSlug } from '../../slug.js';
import { appNotFound } from '../answers/errors.js';
import type { ProxyAnswer, ProxyPipeline, ProxyRequest } from '../pipeline.js';
import { KIND_RULES, kindOf, PROXY_PREFIX, type ProxyMethod, type RequestKind } from '../route-table.js';
import { NO_STORE } from '../steps/origin-caching.js';
import { PREVIEW_HEADER } from '../steps/resolve-app.js';
import { isMultipart, spoolUpload } from '../upload/spool-upload.js';
import { uploadTooLarge } from '../upload/upload-errors.js';

const JSON_TYPE = 'application/json; charset=utf-8';
/** Answers carry one user's data: no shared cache may keep them, and most no cache at all (else answer.cache says). */
const PRIVATE = ['cache-control', NO_STORE] as const;

/** Splits `/functions/v1/miniapp-proxy/{org}/{slug}/{kind}/<path>?<query>` without decoding anything. */
export function splitUrl(url: string) {
  const mark = url.indexOf('?');
  const end = mark === -1 ? url.length : mark;
  const orgStart = PROXY_PREFIX.length + 1;
  const orgEnd = slashOrEnd(url, orgStart, end);
  const slugEnd = slashOrEnd(url, orgEnd + 1, end);
  const kindEnd = slashOrEnd(url, slugEnd + 1, end);
  return {
    org: url.slice(orgStart, orgEnd),
    slug: url.slice(orgEnd + 1, slugEnd),
    kind: url.slice(slugEnd + 1, kindEnd),
    // From the slash after the kind, which stays the path's own first character.
    rawPath: kindEnd < end ? url.slice(kindEnd, end) : '/',
    rawQuery: mark === -1 ? '' : url.slice(mark + 1),
  };
}

/** The index of the next `/` from `from`, or `end` when there is none before it. */
function slashOrEnd(url: string, from: number, end: number): number {
  if (from >= end) return end;
  const slash = url.indexOf('/', from);
  return slash === -1 || slash > end ? end : slash;
}

/**
 * The proxy is the platform's hot path: a framework's routing, hooks and reply objects cost a
 * visible share of each request (bench/RESULTS.md), so the HTTP server hands proxy URLs straight to
 * this entry (app.ts), and Fastify's proxy routes forward to it too (routes.ts), so `inject` tests
 * and the OpenAPI description see the same behaviour. Every answer is JSON; errors use the envelope.
 */
export function createProxyEntry(
  pipeline: ProxyPipeline,
  options: {
    log: FastifyBaseLogger;
    logRequests: boolean;
    observe: ObserveRequest;
    countOutcome?: CountProxyOutcome | undefined;
    cors?: Cors | undefined;
    /** On every answer, errors and preflights included (http/security-headers.ts). */
    securityHeaders?: HeaderList | undefined;
    /** Where uploads are written while they are checked (the system's temporary directory by default). */
    uploadDir?: string | undefined;
  },
) {
  const uploadDir = options.uploadDir ?? tmpdir();
  const { log, logRequests, observe, countOutcome, cors } = options;
  const security = options.securityHeaders ?? [];
  // Made once: every answer's fixed headers.
  const fixed: HeaderList = [...PRIVATE, ...security];

  /** A cacheable answer's headers: its own Cache-Control, ETag and Vary (added to CORS's) in place of PRIVATE. */
  function cacheHeaders(res: ServerResponse, cache: AnswerCache, id: string): HeaderList {
    const list = [
      'cache-control',
      cache.cacheControl,
      'vary',
      varyWith(res.getHeader('vary'), cache.vary),
      ...security,
      REQUEST_ID_HEADER,
      id,
    ];
    if (cache.etag !== undefined) list.push('etag', cache.etag);
    return list;
  }

  function finish(call: Call, status: number): void {
    const seconds = (performance.now() - call.started) / 1000;
    observe(call.method, call.kind ? KIND_RULES[call.kind].label : 'unknown', status, seconds);
    if (logRequests) {
      log.info(
        {
          reqId: call.id,
          org: call.org,
          slug: call.slug,
          req: { method: call.method, url: call.url },
          res: { statusCode: status },
          responseTime: seconds * 1000,
        },
        'request completed',
      );
    }
  }

  function refuse(call: Call, error: unknown): void {
    const appError = answeredAs(error);
    if (appError.code === 'unavailable')
      log.warn(
        {
          reqId: call.id,
          org: call.org,
          slug: call.slug,
          err: (error as Error).message,
          req: { method: call.method },
        },
        'request refused: unavailable',
      );
    else if (appError.status >= 500)
      log.error(
        {
          reqId: call.id,
          org: call.org,
          slug: call.slug,
          err: error,
          req: { method: call.method, url: call.url },
        },
        'request failed',
      );
    const language = requestLanguage(call.res.req.headers['accept-language']);
    // CORS may have set Vary: origin already; the list given to writeHead would replace it.
    const headers = [
      ...fixed,
      REQUEST_ID_HEADER,
      call.id,
      'content-language',
      messageLanguage(appError, language),
      'vary',
      withAcceptLanguage(call.res.getHeader('vary')),
      ...headerList(appError.headers ?? {}),
    ];
    if (appError.code === 'payload_too_large' || call.unread) headers.push('connection', 'close');
    send(call.res, appError.status, JSON.stringify(errorBody(appError, language)), headers);
    countOutcome?.(appError.code);
    finish(call, appError.status);
  }

  // The callbacks below are made once: this runs for every proxied request, and tsx gives each
  // named closure made per request a defineProperty call (it keeps function names).
  return function handleProxyRequest(req: IncomingMessage, res: ServerResponse): void {
    // Only a browser page on another origin sends Origin: the app's own calls skip this.
    const origin = req.headers.origin;
    if (cors !== undefined && origin !== undefined && proxyCors(cors, req, res, origin, security)) return;
    const url = req.url ?? '/';
    const parts = splitUrl(url);
    const kind = kindOf(parts.kind);
    const method = req.method ?? 'GET';
    const call: Call = {
      res,
      method,
      url,
      kind,
      started: performance.now(),
      id: requestIdOf(req.headers[REQUEST_ID_HEADER]),
      org: parts.org,
      slug: parts.slug,
    };

    if (!kind || parts.org === '' || parts.slug === '') {
      refuse(
        call,
        new AppError('not_found', {
          key: 'errors.no_route',
          values: { method, path: url.split('?')[0] ?? '/' },
        }),
      );
      return;
    }
    if (!KIND_RULES[kind].methods.includes(method)) {
      refuse(call, methodNotAllowed(method, KIND_RULES[kind].allow));
      return;
    }
    if (!isSlug(parts.org) || !isSlug(parts.slug)) {
      refuse(call, appNotFound(parts.org, parts.slug));
      return;
    }
    // A multipart API body (or form response) is an upload: read by the pipeline once it knows where it goes,
    // with its own limits.
    const upload =
      (kind === 'api' || kind === 'responses') &&
      method !== 'GET' &&
      isMultipart(req.headers['content-type']);
    if (upload && Number(req.headers['content-length']) > MAX_UPLOAD_REQUEST_BYTES) {
      // Refused from the declared length, before reading: the connection closes on what was not read.
      call.unread = true;
      refuse(call, uploadTooLarge());
      return;
    }
    const preview = req.headers[PREVIEW_HEADER];
    const request: ProxyRequest = {
      org: parts.org,
      slug: parts.slug,
      kind,
      method: method as ProxyMethod,
      rawPath: parts.rawPath,
      rawQuery: parts.rawQuery,
      headers: req.headers,
      body: undefined,
      upload: upload ? () => spoolUpload(req, uploadDir) : undefined,
      preview: preview === '1' || preview === 'true',
    };
    // A GET has no body to wait for, an upload is read by the pipeline: straight into it.
    (method === 'GET' || upload
      ? pipeline(request)
      : readBody(req).then((body) => pipeline({ ...request, body }))
    ).then(
      (answer) => {
        if (answer.document) {
          sendDocument(res, answer.document, [...fixed, REQUEST_ID_HEADER, call.id]).then((ok) => {
            countOutcome?.(ok ? 'ok' : 'origin_too_large');
            finish(call, answer.status);
          });
          return;
        }
        const headers =
          answer.cache === undefined
            ? [...fixed, REQUEST_ID_HEADER, call.id]
            : cacheHeaders(res, answer.cache, call.id);
        if (answer.status === 304) notModified(res, headers);
        else send(res, answer.status, answer.body, headers);
        countOutcome?.('ok');
        finish(call, answer.status);
      },
      (error: unknown) => refuse(call, error),
    );
  };
}

/** What the entry knows of one request when it answers. */
interface Call {
  res: ServerResponse;
  method: string;
  /** As received: the logger's `req` serializer (log.ts) drops the query when a line is written. */
  url: string;
  kind: RequestKind | undefined;
  started: number;
  /** X-Request-Id: the caller's when safe, else a UUID; in the answer and in every log line. */
  id: string;
  org: string;
  slug: string;
  /** A body refused before it was read: the connection closes rather than reading it. */
  unread?: boolean;
}

/**
 * One write: the headers and the JSON with its length. An origin's bytes go out as latin1 text,
 * which is byte for byte, and Node then writes them in one piece with the headers; a Buffer would be
 * a second, vectored write, and UTF-8 text would be decoded and encoded again (bench/RESULTS.md).
 */
function send(res: ServerResponse, status: number, body: string | Buffer, headers: HeaderList): void {
  if (res.headersSent || res.destroyed) return;
  const text = typeof body === 'string';
  const length = text ? Buffer.byteLength(body) : body.length;
  res.writeHead(status, ['content-type', JSON_TYPE, 'content-length', String(length), ...headers]);
  if (text) res.end(body);
  else res.end(body.toString('latin1'), 'latin1');
}

/** A 304: the validator and caching headers, no body and no length (a length would be the full answer's). */
function notModified(res: ServerResponse, headers: HeaderList): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(304, headers as string[]);
  res.end();
}

/** RFC 8187's ext-value: UTF-8, percent-encoded but for its attr-chars. */
function extValue(text: string): string {
  return encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * A document, streamed as the origin sends it: always a download (attachment), never sniffed or run as a page
 * (nosniff, a sandboxing CSP), whatever a browser makes of the URL. Headers are sent before the last byte is known,
 * so a failure after them (the size cap, a broken origin) cuts the answer off: resolves false then.
 */
function sendDocument(
  res: ServerResponse,
  document: NonNullable<ProxyAnswer['document']>,
  headers: HeaderList,
): Promise<boolean> {
  const list: string[] = [
    'content-type',
    document.type,
    'content-disposition',
    `attachment; filename*=UTF-8''${extValue(document.filename)}`,
    ...headers,
  ];
  if (!headers.includes('x-content-type-options')) list.push('x-content-type-options', 'nosniff');
  if (!headers.includes('content-security-policy'))
    list.push('content-security-policy', "sandbox; default-src 'none'");
  if (document.length !== undefined) list.push('content-length', String(document.length));
  res.writeHead(200, list);
  return pipeline(document.body, res).then(
    () => true,
    () => {
      res.destroy();
      return false;
    },
  );
}

/**
 * The request body, byte for byte (any type: the origin reads it);
 * over 512 KB is 413 `payload_too_large`, refused from the declared length before reading when it has one.
 */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  if (declared === 0 || (Number.isNaN(declared) && req.headers['transfer-encoding'] === undefined)) {
    return Promise.resolve(undefined);
  }
  const tooLarge = () =>
    new AppError('payload_too_large', {
      key: 'proxy.body_too_large',
      values: { kb: MAX_PROXY_REQUEST_BYTES / 1024 },
    });
  if (declared > MAX_PROXY_REQUEST_BYTES) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_PROXY_REQUEST_BYTES) {
        req.removeAllListeners('data');
        req.pause();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks, size)));
    req.on('error', () => reject(new AppError('bad_request', { key: 'proxy.body_cut_off' })));
  });
}
