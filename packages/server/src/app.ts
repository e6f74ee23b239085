// Builds the HTTP app around a platform: error envelope, docs, metrics and every route module.
import { createServer, type RequestListener } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { appSessionRoutes } from './app-session/routes.js';
import { appRoutes } from './apps/routes.js';
import { requireUserUnlessPublic } from './auth/public-routes.js';
import { authRoutes } from './auth/routes.js';
import { catalogRoutes } from './catalog/routes.js';
import { cliAuthRoutes } from './cli-auth/routes.js';
import { consentRoutes } from './consent/routes.js';
import { revisionRoutes } from './deploy/revision-routes.js';
import { deployRoutes } from './deploy/routes.js';
import { devOriginRoutes } from './dev-origins/routes.js';
import { deviceRoutes } from './devices/routes.js';
import { embedRoutes } from './embed/routes.js';
import { healthRoutes } from './health/routes.js';
import { clientErrorReply } from './http/client-error.js';
import { createCors, registerCors } from './http/cors.js';
import { registerErrorHandling } from './http/error-handler.js';
import { registerInputGuard } from './http/input-guard.js';
import { registerRequestMetrics } from './http/metrics-hook.js';
import { registerOpenApi } from './http/openapi.js';
import { createProxyOutcomeCounter } from './http/proxy-metrics.js';
import { REQUEST_ID_HEADER, requestIdOf } from './http/request-id.js';
import { createRequestMetrics } from './http/request-metrics.js';
import { headerObject, registerSecurityHeaders, securityHeaders } from './http/security-headers.js';
import { registerValidators } from './http/validators.js';
import { inboxRoutes } from './inbox/routes.js';
import { auditRoutes } from './moderation/audit-routes.js';
import { moderationRoutes } from './moderation/routes.js';
import { notificationHistoryRoutes } from './notify/history-routes.js';
import { notifyRoutes } from './notify/routes.js';
import { oidcRoutes } from './oidc/routes.js';
import { orgRoutes } from './orgs/routes.js';
import type { Platform } from './platform.js';
import { frameworkErrorReply } from './proxy/front/bad-url.js';
import { createProxyEntry } from './proxy/front/http-entry.js';
import { proxyFunctionRoutes } from './proxy/front/register.js';
import { createProxyPipeline } from './proxy/pipeline.js';
import { isProxyUrl } from './proxy/route-table.js';
import { responseFormRoutes } from './responses/forms-route.js';
import { startResponsesSweep } from './responses/retention.js';
import { responseRoutes } from './responses/routes.js';
import { schemaSpecRoutes } from './schema-spec/routes.js';
import { createServiceInvoker } from './services/invoke.js';
import { serviceFunctions } from './services/registry.js';
import { signingRoutes } from './signing/routes.js';
import { statsRoutes } from './stats/routes.js';
import { usageStatsFor } from './stats/usage-stats.js';
import { tokenRoutes } from './tokens/routes.js';
import { webClientRoutes } from './web/web-client.js';
import { startDeliveryLoop } from './webhooks/delivery-loop.js';
import { webhookRoutes } from './webhooks/routes.js';

export interface BuildOptions {
  /** Log requests (the entry point turns this on; tests keep quiet). */
  logger?: boolean;
  /** Count usage statistics (on unless false: the benchmark's baseline turns it off). */
  usageStats?: boolean;
  /** Deliver webhooks from this process (on unless false). */
  webhookDelivery?: boolean;
  /** Told of every route as it is added (tests walk the route table: test/helpers/route-table.ts). */
  onRoute?: (route: RouteOptions) => void;
}

/** Largest request body: a full deploy (30 screens of 16 KB and more) fits with room to spare. */
export const BODY_LIMIT = 4 * 1024 * 1024; // 4 MiB

export async function buildApp(platform: Platform, options: BuildOptions = {}): Promise<FastifyInstance> {
  let proxyEntry: ReturnType<typeof createProxyEntry> | undefined;
  const security = securityHeaders(platform.config.publicUrl);
  const securityObject = headerObject(security);
  const app = Fastify({
    // Requests log through the platform's logger (the type Fastify's routes are written against).
    ...(options.logger ? { loggerInstance: platform.log as FastifyBaseLogger } : { logger: false }),
    bodyLimit: BODY_LIMIT,
    trustProxy: true,
    // Kept from the caller when safe, else a UUID; every log line of the request carries it as reqId.
    requestIdHeader: false,
    genReqId: (req) => requestIdOf(req.headers[REQUEST_ID_HEADER]),
    // Our own error envelope answers, so the framework's default must never see a client.
    return503OnClosing: true,
    // What node's parser refuses (NUL in a header, headers too large) never becomes a request.
    clientErrorHandler: clientErrorReply(security),
    // URLs the router cannot decode are answered before any hook: the security headers are set here.
    frameworkErrors: (error, request, reply) =>
      frameworkErrorReply(error, request, reply.headers(securityObject)),
    // Proxy URLs skip the framework: the server gives them to the proxy's entry (proxy/front/http-entry.ts).
    serverFactory: (fastifyHandler, serverOptions) =>
      httpServer(serverOptions, (req, res) =>
        proxyEntry && isProxyUrl(req.url) ? proxyEntry(req, res) : fastifyHandler(req, res),
      ),
  }).withTypeProvider<TypeBoxTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.decorateRequest('user', null);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  registerSecurityHeaders(app, securityObject);
  registerValidators(app);
  registerInputGuard(app);
  registerErrorHandling(app);
  const observe = createRequestMetrics(platform.metrics);
  // Proxy routes hand the reply to the proxy's entry, which records it itself.
  registerRequestMetrics(app, observe, isProxyUrl);
  const cors = createCors(platform.config.corsOrigins);
  registerCors(app, cors);
  // In production only with API_DOCS=true: the API's map is not handed to every visitor by default.
  if (platform.config.observability.apiDocs) await registerOpenApi(app, platform.config.publicUrl);

  await app.register(healthRoutes, { platform });
  await app.register(deployRoutes, { platform });
  const invoker = createServiceInvoker(serviceFunctions, platform.config.keys.serviceRoleKey, {
    db: platform.db,
  });
  const stats = options.usageStats === false ? undefined : usageStatsFor(platform);
  // Fastify runs this after its server has closed, so requests that were in flight are counted too.
  if (stats) app.addHook('onClose', () => stats.close());
  proxyEntry = createProxyEntry(createProxyPipeline(platform, invoker, app.log, stats), {
    log: app.log,
    logRequests: options.logger === true,
    observe,
    countOutcome: createProxyOutcomeCounter(platform.metrics),
    cors,
    securityHeaders: security,
  });
  await app.register(proxyFunctionRoutes, { invoker, entry: proxyEntry });
  const webhookLoop = options.webhookDelivery === false ? undefined : startDeliveryLoop(platform);
  if (webhookLoop) app.addHook('onClose', () => webhookLoop.close());
  const responsesSweep = startResponsesSweep(platform.db, platform.files, platform.clock, platform.log);
  app.addHook('onClose', () => responsesSweep.close());
  await app.register(notifyRoutes, { platform });
  await app.register(
    async (api) => {
      // Every route below needs a user unless auth/public-routes.ts names it.
      api.addHook('onRequest', requireUserUnlessPublic(platform));
      await api.register(authRoutes, { platform });
      await api.register(cliAuthRoutes, { cliAuth: platform.config.cliAuth });
      await api.register(orgRoutes, { platform });
      await api.register(appRoutes, { platform });
      await api.register(devOriginRoutes, { platform });
      await api.register(tokenRoutes, { platform });
      await api.register(revisionRoutes, { platform });
      await api.register(moderationRoutes, { platform });
      await api.register(auditRoutes, { platform });
      await api.register(catalogRoutes, { platform });
      await api.register(signingRoutes, { platform });
      await api.register(consentRoutes, { platform });
      await api.register(appSessionRoutes, { platform });
      await api.register(deviceRoutes, { platform });
      await api.register(inboxRoutes, { platform });
      await api.register(notificationHistoryRoutes, { platform });
      await api.register(statsRoutes, { platform });
      await api.register(responseRoutes, { platform });
      await api.register(responseFormRoutes, { platform });
      await api.register(webhookRoutes, { platform, loop: webhookLoop });
      await api.register(schemaSpecRoutes);
    },
    { prefix: '/api/v1' },
  );
  if (platform.oidc) await app.register(oidcRoutes, { platform, rp: platform.oidc });
  await app.register(embedRoutes, { cors, mapLink: platform.config.mapLink });
  // Last: the client takes only what no API route matched (the router prefers static and parametric routes).
  await app.register(webClientRoutes, { platform });
  return app;
}

/** The HTTP server Fastify would make (its timeouts from its options), with our own request listener. */
function httpServer(options: FastifyServerOptions, listener: RequestListener) {
  const server = createServer(listener);
  if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
  if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
  if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
  if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
  return server;
}
