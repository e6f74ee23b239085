// The `/functions/v1` routes of this concern: the secured proxy and the internal service functions it calls.
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceInvoker } from '../../services/invoke.js';
import { serviceRoutes } from '../../services/routes.js';
import { PROXY_PREFIX } from '../route-table.js';
import type { createProxyEntry } from './http-entry.js';
import { proxyRoutes } from './routes.js';

export const proxyFunctionRoutes: FastifyPluginAsync<{
  invoker: ServiceInvoker;
  entry: ReturnType<typeof createProxyEntry>;
}> = async (app, { invoker, entry }) => {
  await app.register(serviceRoutes, { invoker });
  await app.register(proxyRoutes, { entry, prefix: PROXY_PREFIX });
};
