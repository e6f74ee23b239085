// The signed-in user's push devices: register, list, remove.
import { Type } from 'typebox';
import { defineEndpoints } from '../endpoint.js';
import { devicePlatforms } from '../vocabulary.js';
import { bearerSecurity, errorResponses, NullableText } from './common.js';

const PlatformSchema = Type.Enum(devicePlatforms);
const PushTokenSchema = Type.String({ minLength: 1, maxLength: 4096 });

export const DeviceSchema = Type.Object({
  id: Type.String(),
  platform: PlatformSchema,
  token: Type.String(),
  clientApp: NullableText,
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Device = Type.Static<typeof DeviceSchema>;

export const DeviceBody = Type.Object(
  {
    platform: PlatformSchema,
    token: PushTokenSchema,
    clientApp: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  },
  { additionalProperties: false },
);
/** A device as a host registers it: its platform, the provider's push token, the host app's own name. */
export type DeviceRegistration = Type.Static<typeof DeviceBody>;

const DeviceReply = Type.Object({ ok: Type.Literal(true), device: DeviceSchema });
const RemovedReply = Type.Object({ ok: Type.Literal(true), removed: Type.Integer() });

export const deviceEndpoints = defineEndpoints({
  'POST /api/v1/me/devices': {
    summary: "Register this device's push token (again: refresh it; another user's: move it here)",
    tags: ['devices'],
    security: bearerSecurity,
    body: DeviceBody,
    response: { 200: DeviceReply, 201: DeviceReply, ...errorResponses(400, 401, 422) },
  },
  'GET /api/v1/me/devices': {
    summary: "The signed-in user's push devices",
    tags: ['devices'],
    security: bearerSecurity,
    response: {
      200: Type.Object({ ok: Type.Literal(true), devices: Type.Array(DeviceSchema) }),
      ...errorResponses(401),
    },
  },
  'DELETE /api/v1/me/devices': {
    summary: 'Remove a push device by id, or by platform and token (sign-out); removing twice is fine',
    tags: ['devices'],
    security: bearerSecurity,
    body: Type.Union([
      Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false }),
      Type.Object({ platform: PlatformSchema, token: PushTokenSchema }, { additionalProperties: false }),
    ]),
    response: { 200: RemovedReply, ...errorResponses(400, 401) },
  },
  'DELETE /api/v1/me/devices/:id': {
    summary: 'Remove a push device by id',
    tags: ['devices'],
    security: bearerSecurity,
    params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
    response: { 200: RemovedReply, ...errorResponses(401) },
  },
});
