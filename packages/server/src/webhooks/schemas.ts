// Request and answer schemas of the webhook routes.

import { webhookEventTypes } from '@miniapps/schema';
import { Type } from 'typebox';
import { AppParams } from '../http/schemas.js';
import { MAX_WEBHOOK_URL } from './endpoint-url.js';

export const WebhookParams = Type.Object({ ...AppParams.properties, id: Type.String({ maxLength: 64 }) });
export const DeliveryParams = Type.Object({
  ...WebhookParams.properties,
  deliveryId: Type.String({ maxLength: 64 }),
});

const Url = Type.String({
  maxLength: MAX_WEBHOOK_URL,
  description: 'https only; public hosts only; no redirects',
});
/** Any names here: an unknown one is answered `bad_request` with the known list, not a schema error. */
const Events = Type.Array(Type.String({ maxLength: 64 }), {
  maxItems: 32,
  description: `Any of: ${webhookEventTypes.join(', ')}`,
});

export const CreateBody = Type.Object({ url: Url, events: Events }, { additionalProperties: false });
export const ChangeBody = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(Events),
    enabled: Type.Optional(
      Type.Boolean({ description: 'true re-enables a disabled endpoint; false disables it' }),
    ),
  },
  { additionalProperties: false },
);

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const WebhookSchema = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  failingSince: Nullable(Type.String()),
  disabled: Type.Union([
    Type.Object({
      at: Type.String(),
      reason: Type.String({ description: '`failing` (5 days without a success) or `by_hand`' }),
      failingSince: Type.Optional(Type.String()),
      lastStatus: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
      lastError: Type.Optional(Nullable(Type.String())),
    }),
    Type.Null(),
  ]),
});

export const AttemptSchema = Type.Object({
  at: Type.String(),
  status: Type.Union([Type.Integer(), Type.Null()], {
    description: "The endpoint's HTTP status, if it answered",
  }),
  durationMs: Type.Integer(),
  error: Nullable(Type.String({ description: 'An egress error code when no usable answer came' })),
});

export const DeliverySchema = Type.Object({
  id: Type.String(),
  webhookId: Type.String({ description: 'The webhook-id header, the same on every attempt' }),
  type: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  createdAt: Type.String(),
  nextAttemptAt: Nullable(Type.String()),
  deliveredAt: Nullable(Type.String()),
  attempts: Type.Array(AttemptSchema),
});
