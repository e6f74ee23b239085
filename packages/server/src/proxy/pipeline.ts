// The secured proxy as one pipeline: authenticate → rate limit → resolve app → check path and query →
// build the target → host safety → call the origin → check the answer → pass it back.
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { Dispatcher } from 'undici';
import { userFromClaims } from '../auth/users-repository.js';
import { effectiveScopes } from '../consent/scopes.js';
import { AppError } from '../errors.js';
import type { Platform } from '../platform.js';
import type { ServiceInvoker } from '../services/invoke.js';
import { deriveKey } from '../signing/keys.js';
import { createSecretReader } from '../signing/repository.js';
import { createAppUserIds } from './app-user.js';
import { createAuthenticator } from './authenticate-step.js';
import { callOrigin, MAX_ANSWER_BYTES } from './call-origin.js';
import { checkAnswer, type ProxyKind } from './check-answer.js';
import { clientHeaders, PROXY_HEADERS } from './client-headers.js';
import { createContextCache } from './context-cache.js';
import { hostedScreen, noBackend } from './hosted-screen.js';
import { identityHeaders } from './identity-headers.js';
import { checkPath } from './path-rules.js';
import { filterQuery } from './query-rules.js';
import { enforceRateLimit } from './rate-limit-step.js';
import { createContextLoader, userOfContext } from './request-context.js';
import { resolveApp } from './resolve-app.js';
import { serviceAnswer } from './service-call.js';
import { createTargetBuilder } from './target.js';

export type ProxyMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One client request, as the route read it from the URL (raw, still percent-encoded). */
export interface ProxyRequest {
  org: string;
  slug: string;
  kind: ProxyKind;
  method: ProxyMethod;
  rawPath: string;
  rawQuery: string;
  headers: IncomingHttpHeaders;
  body: Buffer | undefined;
  preview: boolean;
}

/** What goes back to the client: a status and JSON (bytes, or the checked text of an origin's answer). */
export interface ProxyAnswer {
  status: number;
  body: Buffer | string;
}

const LONG_TTL_MS = 30_000;
const SHORT_TTL_MS = 1_000;

export function createProxyPipeline(platform: Platform, services: ServiceInvoker) {
  const { config, db } = platform;
  const appUserIds = createAppUserIds(deriveKey(config.keys.platformKey, 'app-user-id'));
  const authenticate = createAuthenticator(platform.userTokens);
  // One process on SQLite (the embedded default, no Redis) sees every write, and with Redis every
  // process hears of the others' writes (write-broadcast.ts), so entries may live long; on PostgreSQL
  // without Redis, or while the Redis subscription is down, other writers go unheard: one second.
  const singleWriter = platform.database.dialect === 'sqlite' && platform.redis === undefined;
  const broadcast = platform.writeBroadcast;
  const loadContext = createContextCache(platform.writes, createContextLoader(db), {
    ttlMs: singleWriter ? LONG_TTL_MS : () => (broadcast?.listening ? LONG_TTL_MS : SHORT_TTL_MS),
    maxEntries: 50_000,
  });
  const signingKeys = createSecretReader(deriveKey(config.keys.platformKey, 'signing-secrets'));
  const buildTarget = createTargetBuilder(config.egress.internalHosts);

  return async function proxy(request: FastifyRequest, req: ProxyRequest): Promise<ProxyAnswer> {
    const claims = await authenticate(request);
    await enforceRateLimit(platform.limiter, claims.sub, (error) =>
      request.log.warn({ err: error }, 'rate limiter unavailable; request let through'),
    );
    const where = { org: req.org, slug: req.slug, userId: claims.sub };
    let context = await loadContext(where);
    if (!context) {
      // A first visit: the profile is made from the token's claims, as on every other user route.
      if (!(await userFromClaims(db, claims))) {
        throw new AppError(
          'unauthorized',
          'The token names no known user; sign in once with an e-mail claim.',
        );
      }
      context = (await loadContext(where))!;
    }
    const user = userOfContext(context, claims);
    request.user = user;
    const app = await resolveApp(db, context, user, where, req.preview);
    const path = checkPath(req.rawPath);
    const query = filterQuery(req.rawQuery);

    if (app.sourceKind === 'hosted') {
      if (req.kind === 'api') throw noBackend();
      return { status: 200, body: await hostedScreen(db, app.id, app.version, path) };
    }
    if (app.sourceKind === 'service') {
      return serviceAnswer(services, config.keys.serviceRoleKey, {
        slug: app.slug,
        kind: req.kind,
        method: req.method,
        target: query ? `${path}?${query}` : path,
        userId: user.id,
        body: req.body,
      });
    }

    const target = buildTarget(app.origin, path, query);
    const now = platform.clock.now();
    const pseudonym = appUserIds(app.id, user.id);
    const headers = {
      ...clientHeaders(req.headers, req.body !== undefined),
      ...PROXY_HEADERS,
      ...identityHeaders({
        appUserId: pseudonym,
        scopes: effectiveScopes(app.grantedScopes, app.declaredScopes),
        user,
        signing: signingKeys(app.id, app.signing, now),
        timestamp: Math.floor(now / 1000),
      }),
    };
    const answer = await callOrigin(platform.egress.dispatcher, {
      origin: target.origin,
      path: target.path,
      method: req.method as Dispatcher.HttpMethod,
      headers,
      body: req.body,
    });
    return { status: answer.status, body: checkAnswer(answer, req.kind, MAX_ANSWER_BYTES) };
  };
}

export type ProxyPipeline = ReturnType<typeof createProxyPipeline>;
