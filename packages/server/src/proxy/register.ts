// The `/functions/v1` routes of this concern: the secured proxy and the internal service functions it calls.
import type { FastifyPluginAsync } from 'fastify';
import type { Platform } from '../platform.js';
import { createServiceInvoker } from '../services/invoke.js';
import { serviceFunctions } from '../services/registry.js';
import { serviceRoutes } from '../services/routes.js';
import { PROXY_PREFIX, proxyRoutes } from './routes.js';

export const proxyFunctionRoutes: FastifyPluginAsync<{ platform: Platform }> = async (app, { platform }) => {
  const invoker = createServiceInvoker(serviceFunctions, platform.config.keys.serviceRoleKey, {
    db: platform.db,
  });
  await app.register(serviceRoutes, { invoker });
  await app.register(proxyRoutes, { platform, services: invoker, prefix: PROXY_PREFIX });
};
