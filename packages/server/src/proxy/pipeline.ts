// The secured proxy as one pipeline: authenticate → rate limit → resolve app → check path and query →
// build the target → host safety → call the origin → check the answer → pass it back.

import { createReadStream } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { MAX_DOCUMENT_BYTES, MAX_ORIGIN_ANSWER_BYTES, ORIGIN_DEADLINE_MS } from '@miniapps/contract';
import type { Dispatcher } from 'undici';
import { createAppSessionTokens } from '../auth/app-session-tokens.js';
import { createAppUserIds } from '../auth/app-user.js';
import { withPlatformSubjects } from '../auth/bearer-user.js';
import type { UserClaims } from '../auth/user-tokens.js';
import { userFromClaims } from '../auth/users-repository.js';
import { effectiveScopes } from '../consent/scopes.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { callOrigin, ORIGIN_LIMITS } from '../egress/call-origin.js';
import { type DocumentStream, streamDocument } from '../egress/stream-origin.js';
import { AppError } from '../errors.js';
import { type AnswerCache, createEntityTags, noneMatch, REVALIDATE } from '../http/cacheable.js';
import { createOriginLatency } from '../http/origin-metrics.js';
import type { Platform } from '../platform.js';
import { responsesAnswer } from '../responses/proxy-answer.js';
import type { ServiceInvoker } from '../services/invoke.js';
import { deriveKey } from '../signing/keys.js';
import { createSecretReader } from '../signing/repository.js';
import { countAnswer } from '../stats/count-proxy.js';
import type { UsageStats } from '../stats/usage-stats.js';
import { storageAnswer } from '../storage/proxy-answer.js';
import { badQueryText } from './answers/errors.js';
import { hostedApi, hostedScreen, noBackend } from './answers/hosted-screen.js';
import { hostedStrings } from './answers/hosted-strings.js';
import { serviceAnswer } from './answers/service-call.js';
import { type ContextKey, createContextCache } from './context/context-cache.js';
import {
  createContextPreparer,
  originHeadersAt,
  type PreparedContext,
  withSignatureV2,
} from './context/prepared-context.js';
import { createContextLoader, userOfContext } from './context/request-context.js';
import { unchangedElsewhere } from './context/write-counter.js';
import type { ProxyMethod, RequestKind } from './route-table.js';
import { boundElsewhere, createAuthenticator } from './steps/authenticate.js';
import { checkAnswer, type ProxyKind } from './steps/check-answer.js';
import { clientHeaders } from './steps/client-headers.js';
import { scopedProfile } from './steps/identity-headers.js';
import { launchHeaders } from './steps/launch-headers.js';
import { originCondition, remoteScreenCache } from './steps/origin-caching.js';
import { checkPath } from './steps/path-rules.js';
import { badQueryParam, filterQuery } from './steps/query-rules.js';
import { enforceRateLimit } from './steps/rate-limit.js';
import { previewApp, type ResolvedApp } from './steps/resolve-app.js';
import { createTargetBuilder } from './steps/target.js';
import type { SpooledUpload } from './upload/spool-upload.js';
import { uploadRemoteOnly } from './upload/upload-errors.js';

/** One client request, as the entry read it from the URL (raw, still percent-encoded). */
export interface ProxyRequest {
  org: string;
  slug: string;
  kind: RequestKind;
  method: ProxyMethod;
  rawPath: string;
  rawQuery: string;
  headers: IncomingHttpHeaders;
  body: Buffer | undefined;
  /**
   * A multipart API body, left unread until the pipeline knows where it goes (after the token, the app and the
   * path are checked): then it is read to disk and checked (upload/spool-upload.ts). `body` is undefined then.
   */
  upload?: (() => Promise<SpooledUpload>) | undefined;
  preview: boolean;
}

/** A request for an app's screen or API (storage is the platform's own). */
type AppRequest = ProxyRequest & { kind: ProxyKind };

/**
 * What goes back to the client: a status and JSON (bytes, or the checked text of an origin's answer); for the
 * document route, the document instead, streamed as it comes.
 */
export interface ProxyAnswer {
  status: number;
  /** Empty in a 304. */
  body: Buffer | string;
  document?: DocumentStream & { filename: string };
  /** A cacheable answer's ETag, Cache-Control and Vary (http/cacheable.ts); any other is `private, no-store`. */
  cache?: AnswerCache | undefined;
}

/** Where the pipeline reports what does not fail the request. */
export interface ProxyLog {
  warn(details: object, message: string): void;
}

/** What a hosted screen or dataset depends on of the request: the user, and whether it is a preview (the head). */
const HOSTED_VARY = 'Authorization, X-Miniapps-Preview';
/** Strings depend on the language asked for too. */
const STRINGS_VARY = 'Authorization, Accept-Language, X-Miniapps-Preview';

/**
 * A hosted answer as the user's caches keep it: `private, no-cache` with its tag, or the 304 without a body when
 * If-None-Match names the tag. The tag is made from what the body is made of (the app, its version, the path or
 * locale) and the user, never from the body itself: a version's files never change, and each deploy or restore is
 * a new version (docs/decisions.md "Cacheable answers").
 */
function revalidated(req: ProxyRequest, etag: string, vary: string, body: Buffer | string): ProxyAnswer {
  const cache = { etag, cacheControl: REVALIDATE, vary };
  return noneMatch(req.headers['if-none-match'], etag)
    ? { status: 200, body, cache }
    : { status: 304, body: '', cache };
}

const LONG_TTL_MS = 30_000;
const SHORT_TTL_MS = 1_000;

export function createProxyPipeline(
  platform: Platform,
  services: ServiceInvoker,
  log: ProxyLog,
  stats?: UsageStats | undefined,
) {
  const { config, db } = platform;
  const authenticate = createAuthenticator(
    withPlatformSubjects(platform.userTokens, db, platform.log, config.oidc?.issuer),
    createAppSessionTokens(deriveKey(config.keys.platformKey, 'app-sessions')),
    platform.log,
  );
  const appUserIds = createAppUserIds(deriveKey(config.keys.platformKey, 'app-user-id'));
  const prepared = createContextPreparer(appUserIds);
  const loadRow = createContextLoader(db);
  // One process on SQLite (the embedded default, no Redis) sees every write, and with Redis every
  // process hears of the others' writes (write-broadcast.ts), so entries may live long; on PostgreSQL
  // without Redis, or while the Redis subscription is down, other writers go unheard: one second.
  const singleWriter = platform.database.dialect === 'sqlite' && platform.redis === undefined;
  const broadcast = platform.writeBroadcast;
  // On SQLite an entry whose time is up is kept unread while no other connection has committed.
  const dataVersion = platform.database.dataVersion;
  const contexts = createContextCache<PreparedContext>(
    platform.writes,
    async (key) => {
      const row = await loadRow(key);
      return row && prepared.prepare(row, key);
    },
    {
      ttlMs: singleWriter ? LONG_TTL_MS : () => (broadcast?.listening ? LONG_TTL_MS : SHORT_TTL_MS),
      maxEntries: 50_000,
      ...(dataVersion && { renew: unchangedElsewhere(platform.writes, dataVersion) }),
      staleIfError: isDatabaseUnavailable,
    },
  );
  const signingKeys = createSecretReader(deriveKey(config.keys.platformKey, 'signing-secrets'));
  const tags = createEntityTags(deriveKey(config.keys.platformKey, 'entity-tags'));
  const buildTarget = createTargetBuilder(config.egress.internalHosts);
  const observeOrigin = createOriginLatency(platform.metrics);
  const limiterDown = (error: unknown) =>
    log.warn({ err: error }, 'rate limiter unavailable; request let through');

  async function contextOf(claims: UserClaims, where: ContextKey): Promise<PreparedContext> {
    const context = await contexts.get(where);
    if (context) return context;
    // A first visit: the profile is made from the token's claims, as on every other user route.
    if (!(await userFromClaims(db, claims, platform.log))) {
      throw new AppError('unauthorized', { key: 'auth.unknown_user' });
    }
    return (await contexts.get(where))!;
  }

  // The common case (a known token, a cached context) runs without waiting on anything but the
  // limiter and the origin: each await is a turn of the event loop, visible at this request rate.
  return async function proxy(req: ProxyRequest): Promise<ProxyAnswer> {
    const verified = authenticate(req.headers.authorization);
    const claims = verified instanceof Promise ? await verified : verified;
    // An app session token opens the app it was issued for, by name before anything is counted or read.
    const bound = claims.app;
    if (bound !== undefined && (bound.org !== req.org || bound.slug !== req.slug)) throw boundElsewhere();
    // The user is counted whichever token they came with.
    const limited = enforceRateLimit(platform.limiter, claims.sub, limiterDown);
    if (limited instanceof Promise) await limited;
    const where = { org: req.org, slug: req.slug, userId: claims.sub };
    const context = contexts.fresh(where) ?? (await contextOf(claims, where));
    // ...and by id: an app deleted and made anew under the same name is another app.
    if (bound !== undefined && context.row.appId !== bound.id) throw boundElsewhere();
    const app = req.preview
      ? await previewApp(db, context.row, userOfContext(context.row, claims), where)
      : context.live;
    if (app instanceof AppError) throw app;
    // Storage is the platform's own: opened like a screen, whatever the app's source.
    if (req.kind === 'storage') {
      checkPath(req.rawPath, req.rawQuery, false);
      return storageAnswer(db, { appId: app.id, userId: context.user.id }, req);
    }
    // Form responses are the platform's own too, kept for hosted apps only.
    if (req.kind === 'responses') {
      checkPath(req.rawPath, req.rawQuery, false);
      if (app.sourceKind !== 'hosted') throw noBackend();
      const who = {
        app,
        user: context.user,
        appUserId: appUserIds(app.id, context.user.id),
        profile: { ...scopedProfile(effectiveScopes(app.grantedScopes, app.declaredScopes), context.user) },
      };
      return responsesAnswer(platform, who, req);
    }
    // The app's strings in the user's language: read with the screens, not counted apart.
    if (req.kind === 'strings') {
      checkPath(req.rawPath, req.rawQuery, false);
      const strings = await hostedStrings(db, app, req.rawPath, req.headers['accept-language']);
      const etag = tags.tag('strings', context.user.id, app.id, app.sourceKind, app.version, strings.locale);
      return revalidated(req, etag, STRINGS_VARY, strings.body);
    }
    if (req.kind === 'document') return documentAnswer(req, app, context);
    // A preview is the developer's own look, not usage.
    return appAnswer(req as AppRequest, app, context, req.preview ? undefined : stats);
  };

  /**
   * The screen or API answer of a hosted, service or remote app (storage and strings were answered above),
   * counted in the usage statistics when `stats` is given. The count rides on the one await each kind of app
   * makes anyway: awaiting this answer in `proxy` instead made that large frame suspend on every request,
   * where it otherwise runs to its end without waiting (bench/RESULTS.md).
   */
  async function appAnswer(
    req: AppRequest,
    app: ResolvedApp,
    context: PreparedContext,
    stats: UsageStats | undefined,
  ): Promise<ProxyAnswer> {
    const started = stats === undefined ? 0 : performance.now();
    try {
      const path = checkPath(req.rawPath, req.rawQuery);
      const badParam = badQueryParam(req.rawQuery);
      if (badParam !== undefined) throw badQueryText(badParam);
      const query = filterQuery(req.rawQuery);
      let answer: ProxyAnswer;
      // Hosted and service apps have nowhere to keep files yet (a later issue).
      if (req.upload !== undefined && app.sourceKind !== 'remote') throw uploadRemoteOnly();
      if (app.sourceKind === 'hosted') {
        const body =
          req.kind === 'api'
            ? await hostedApi(db, app, req.method, path)
            : await hostedScreen(db, app.id, app.version, path);
        // Only a dataset gets here as api (hostedApi answers nothing else).
        const etag = tags.tag('hosted', req.kind, context.user.id, app.id, app.version, path);
        answer = revalidated(req, etag, HOSTED_VARY, body);
      } else if (app.sourceKind === 'service') {
        answer = await serviceAnswer(services, config.keys.serviceRoleKey, {
          slug: app.slug,
          kind: req.kind,
          method: req.method,
          target: query ? `${path}?${query}` : path,
          userId: context.user.id,
          body: req.body,
        });
      } else {
        // An upload is read (and refused) only now: nothing of it is sent before it is whole and checked.
        const upload = req.upload === undefined ? undefined : await req.upload();
        const body = upload === undefined ? req.body : createReadStream(upload.path);
        try {
          const { target, headers, mark, conditional } = originRequest(
            req,
            app,
            context,
            path,
            query,
            upload,
          );
          const exchange = await callOrigin(
            platform.egress.dispatcher,
            {
              origin: target.origin,
              path: target.path,
              method: req.method as Dispatcher.HttpMethod,
              headers,
              body,
              conditional,
            },
            ORIGIN_LIMITS,
            observeOrigin,
          );
          const { status } = exchange;
          answer = {
            status,
            // The origin's 304 (only ever to a conditional screen request) has no body to check.
            body: status === 304 ? '' : checkAnswer(exchange, req.kind, MAX_ORIGIN_ANSWER_BYTES),
            // A screen's 200 may be kept as far as its origin allows; other answers and API calls are not.
            cache:
              mark !== undefined && (status === 200 || status === 304)
                ? remoteScreenCache(exchange.headers, mark)
                : undefined,
          };
        } finally {
          if (upload !== undefined) {
            (body as ReturnType<typeof createReadStream>).destroy();
            await upload.dispose();
          }
        }
      }
      if (stats !== undefined) countAnswer(stats, req, app, context.user.id, started, answer.status);
      return answer;
    } catch (error) {
      if (stats !== undefined) countAnswer(stats, req, app, context.user.id, started, 0, error);
      throw error;
    }
  }

  /** The target and headers of a call to a remote origin: identity headers and both signatures, as for any call. */
  function originRequest(
    req: ProxyRequest,
    app: ResolvedApp,
    context: PreparedContext,
    path: string,
    query: string,
    upload?: SpooledUpload,
  ) {
    const target = buildTarget(app.origin, path, query);
    const now = platform.clock.now();
    // A preview signs with the head configuration, made for this request; live ones reuse the context's.
    const identity = req.preview ? prepared.originIdentity(app, context.user) : context.origin!;
    const signed = originHeadersAt(signingKeys, app, identity, now, req.preview ? undefined : context);
    const client =
      upload === undefined
        ? clientHeaders(req.headers, req.body !== undefined)
        : uploadHeaders(req.headers, upload);
    // No name is in both: the client's list holds only what the proxy itself never sets.
    const passed = client === undefined ? signed.headers : client.concat(signed.headers);
    const launch = launchHeaders(req.headers);
    let unsigned = launch === undefined ? passed : passed.concat(launch);
    // A screen is revalidated with the origin under tags of this user's own (steps/origin-caching.ts): the mark
    // changes with the user, the app, its origin and the identity headers the origin is sent.
    const mark =
      req.kind === 'screen'
        ? tags.mark('remote', context.user.id, app.id, app.origin, identity.v2Lines.text)
        : undefined;
    const condition = mark === undefined ? undefined : originCondition(req.headers['if-none-match'], mark);
    // Not signed, like Accept-Language: only X-Platform-* headers are (docs/signing.md).
    if (condition !== undefined) unsigned = unsigned.concat('if-none-match', condition);
    // v2 covers what is sent: this method, target and body (an upload's by its digest), and every X-Platform-* header above.
    const sent = { method: req.method, target: target.path, body: upload ?? req.body };
    return {
      target,
      headers: withSignatureV2(unsigned, signed, identity, launch, sent),
      mark,
      conditional: condition !== undefined,
    };
  }

  /**
   * A document of a remote app (openDocument), streamed: the same path rules, identity headers and signatures as
   * its API, its own limits (MAX_DOCUMENT_BYTES, seven types checked against their bytes). Hosted and service apps
   * have no documents: 404 `no_backend` (docs/decisions.md, Documents).
   */
  async function documentAnswer(
    req: ProxyRequest,
    app: ResolvedApp,
    context: PreparedContext,
  ): Promise<ProxyAnswer> {
    const path = checkPath(req.rawPath, req.rawQuery);
    const badParam = badQueryParam(req.rawQuery);
    if (badParam !== undefined) throw badQueryText(badParam);
    if (app.sourceKind !== 'remote') throw new AppError('no_backend', { key: 'proxy.document_not_remote' });
    const { target, headers } = originRequest(req, app, context, path, filterQuery(req.rawQuery));
    const document = await streamDocument(
      platform.egress.dispatcher,
      { origin: target.origin, path: target.path, headers },
      { maxBytes: MAX_DOCUMENT_BYTES, deadlineMs: ORIGIN_DEADLINE_MS },
    );
    return { status: 200, body: '', document: { ...document, filename: documentName(path) } };
  }
}

/** The name a document is saved under by default: the path's last segment, decoded, else `document`. */
function documentName(path: string): string {
  const last = path.split('/').pop() ?? '';
  let name: string;
  try {
    name = decodeURIComponent(last);
  } catch {
    name = last;
  }
  // No control characters, separators or quotes in a file name a browser will write to disk.
  const safe = name.replace(/[\p{Cc}\\/:*?"<>|]/gu, '_').slice(0, 200);
  return safe === '' || safe === '.' || safe === '..' ? 'document' : safe;
}

export type ProxyPipeline = ReturnType<typeof createProxyPipeline>;

/** An upload's headers to the origin: the user's language, and the proxy's own multipart type and length. */
function uploadHeaders(incoming: IncomingHttpHeaders, upload: SpooledUpload): string[] {
  const language = clientHeaders(incoming, false) ?? [];
  return language.concat('content-type', upload.contentType, 'content-length', String(upload.bytes));
}
