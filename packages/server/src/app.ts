// Builds the HTTP app around a platform: error envelope, docs, metrics and every route module.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { appRoutes } from './apps/routes.js';
import { authRoutes } from './auth/routes.js';
import { catalogRoutes } from './catalog/routes.js';
import { consentRoutes } from './consent/routes.js';
import { deployRoutes } from './deploy/routes.js';
import { deviceRoutes } from './devices/routes.js';
import { healthRoutes } from './health/routes.js';
import { registerErrorHandling } from './http/error-handler.js';
import { registerRequestMetrics } from './http/metrics-hook.js';
import { registerOpenApi } from './http/openapi.js';
import { registerValidators } from './http/validators.js';
import { auditRoutes } from './moderation/audit-routes.js';
import { moderationRoutes } from './moderation/routes.js';
import { notificationHistoryRoutes } from './notify/history-routes.js';
import { notifyRoutes } from './notify/routes.js';
import { orgRoutes } from './orgs/routes.js';
import type { Platform } from './platform.js';
import { frameworkErrorReply } from './proxy/bad-url.js';
import { proxyFunctionRoutes } from './proxy/register.js';
import { revisionRoutes } from './revisions/routes.js';
import { signingRoutes } from './signing/routes.js';
import { tokenRoutes } from './tokens/routes.js';
import { webClientRoutes } from './web/web-client.js';

export interface BuildOptions {
  /** Log requests (the entry point turns this on; tests keep quiet). */
  logger?: boolean;
}

/** Largest request body: a full deploy (30 screens of 16 KB and more) fits with room to spare. */
const BODY_LIMIT = 4 * 1024 * 1024; // 4 MiB

export async function buildApp(platform: Platform, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger
      ? { level: platform.config.logLevel, redact: ['req.headers.authorization'] }
      : false,
    bodyLimit: BODY_LIMIT,
    trustProxy: true,
    // Our own error envelope answers, so the framework's default must never see a client.
    return503OnClosing: true,
    frameworkErrors: frameworkErrorReply,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorateRequest('user', null);
  registerValidators(app);
  registerErrorHandling(app);
  registerRequestMetrics(app, platform.metrics);
  await registerOpenApi(app);

  await app.register(healthRoutes, { platform });
  await app.register(deployRoutes, { platform });
  await app.register(proxyFunctionRoutes, { platform });
  await app.register(notifyRoutes, { platform });
  await app.register(
    async (api) => {
      await api.register(authRoutes, { platform });
      await api.register(orgRoutes, { platform });
      await api.register(appRoutes, { platform });
      await api.register(tokenRoutes, { platform });
      await api.register(revisionRoutes, { platform });
      await api.register(moderationRoutes, { platform });
      await api.register(auditRoutes, { platform });
      await api.register(catalogRoutes, { platform });
      await api.register(signingRoutes, { platform });
      await api.register(consentRoutes, { platform });
      await api.register(deviceRoutes, { platform });
      await api.register(notificationHistoryRoutes, { platform });
    },
    { prefix: '/api/v1' },
  );
  // Last: the client takes only what no API route matched (the router prefers static and parametric routes).
  await app.register(webClientRoutes, { platform });
  return app;
}
