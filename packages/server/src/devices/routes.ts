// Management API: the signed-in user's push devices (register, list, remove).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { userOf } from '../auth/authenticate.js';
import { bearerSecurity, errorResponses } from '../http/schemas.js';
import type { Platform } from '../platform.js';
import { listDevices, registerDevice, removeDevice } from './repository.js';
import { devicePlatforms, normalizeToken } from './rules.js';

const PlatformSchema = Type.Enum(devicePlatforms);
const TokenSchema = Type.String({ minLength: 1, maxLength: 4096 });

const DeviceSchema = Type.Object({
  id: Type.String(),
  platform: PlatformSchema,
  token: Type.String(),
  clientApp: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
const DeviceReply = Type.Object({ ok: Type.Literal(true), device: DeviceSchema });
const RemovedReply = Type.Object({ ok: Type.Literal(true), removed: Type.Integer() });

export const deviceRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const db = platform.db;

  app.post(
    '/me/devices',
    {
      schema: {
        summary: "Register this device's push token (again: refresh it; another user's: move it here)",
        tags: ['devices'],
        security: bearerSecurity,
        body: Type.Object(
          {
            platform: PlatformSchema,
            token: TokenSchema,
            clientApp: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: DeviceReply, 201: DeviceReply, ...errorResponses(400, 401, 422) },
      },
    },
    async (request, reply) => {
      const { platform: kind, token, clientApp } = request.body;
      const { device, created } = await registerDevice(db, userOf(request).id, {
        platform: kind,
        token: normalizeToken(kind, token),
        clientApp: clientApp ?? null,
      });
      return reply.status(created ? 201 : 200).send({ ok: true as const, device });
    },
  );

  app.get(
    '/me/devices',
    {
      schema: {
        summary: "The signed-in user's push devices",
        tags: ['devices'],
        security: bearerSecurity,
        response: {
          200: Type.Object({ ok: Type.Literal(true), devices: Type.Array(DeviceSchema) }),
          ...errorResponses(401),
        },
      },
    },
    async (request) => ({ ok: true as const, devices: await listDevices(db, userOf(request).id) }),
  );

  app.delete(
    '/me/devices',
    {
      schema: {
        summary: 'Remove a push device by id, or by platform and token (sign-out); removing twice is fine',
        tags: ['devices'],
        security: bearerSecurity,
        body: Type.Union([
          Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false }),
          Type.Object({ platform: PlatformSchema, token: TokenSchema }, { additionalProperties: false }),
        ]),
        response: { 200: RemovedReply, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
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
  );

  app.delete(
    '/me/devices/:id',
    {
      schema: {
        summary: 'Remove a push device by id',
        tags: ['devices'],
        security: bearerSecurity,
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: { 200: RemovedReply, ...errorResponses(401) },
      },
    },
    async (request) => ({
      ok: true as const,
      removed: await removeDevice(db, userOf(request).id, { id: request.params.id }),
    }),
  );
};
