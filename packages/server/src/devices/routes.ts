// Management API: the signed-in user's push devices (register, list, remove).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { deviceEndpoints } from '@miniapps/contract/api';
import { userOf } from '../auth/authenticate.js';
import { routesOf } from '../http/route-of.js';
import type { Platform } from '../platform.js';
import { listDevices, registerDevice, removeDevice } from './repository.js';
import { checkPlatform, normalizeToken } from './rules.js';

export const deviceRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const route = routesOf(app.prefix, deviceEndpoints);
  const db = platform.db;

  app.route({
    ...route('POST /api/v1/me/devices'),
    handler: async (request, reply) => {
      const { platform: kind, token, clientApp } = request.body;
      checkPlatform(kind, platform.config.devLogin);
      const { device, created } = await registerDevice(db, userOf(request).id, {
        platform: kind,
        token: normalizeToken(kind, token),
        clientApp: clientApp ?? null,
      });
      return reply.status(created ? 201 : 200).send({ ok: true as const, device });
    },
  });

  app.route({
    ...route('GET /api/v1/me/devices'),
    handler: async (request) => ({ ok: true as const, devices: await listDevices(db, userOf(request).id) }),
  });

  app.route({
    ...route('DELETE /api/v1/me/devices'),
    handler: async (request) => {
      const body = request.body;
      const which =
        'id' in body
          ? { id: body.id }
          : {
              platform: body.platform,
              token: body.platform === 'ios' ? body.token.toLowerCase() : body.token,
            };
      return { ok: true as const, removed: await removeDevice(db, userOf(request).id, which) };
    },
  });

  app.route({
    ...route('DELETE /api/v1/me/devices/:id'),
    handler: async (request) => ({
      ok: true as const,
      removed: await removeDevice(db, userOf(request).id, { id: request.params.id }),
    }),
  });
};
