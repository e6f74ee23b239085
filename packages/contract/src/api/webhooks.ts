// An app's webhooks: endpoints, a test send, the delivery log and retries; members only.
import { Type } from 'typebox';
import { defineEndpoints } from '../endpoint.js';
import { MAX_WEBHOOK_LOG, MAX_WEBHOOK_URL } from '../limits.js';
import { webhookEventTypes } from '../vocabulary.js';
import { AppParams, bearerSecurity, errorResponses, Nullable, OkReply } from './common.js';

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

export const CreateWebhookBody = Type.Object({ url: Url, events: Events }, { additionalProperties: false });
export type CreateWebhook = Type.Static<typeof CreateWebhookBody>;
export const ChangeWebhookBody = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(Events),
    enabled: Type.Optional(
      Type.Boolean({ description: 'true re-enables a disabled endpoint; false disables it' }),
    ),
  },
  { additionalProperties: false },
);
export type ChangeWebhook = Type.Static<typeof ChangeWebhookBody>;

export const WebhookSchema = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.Enum(webhookEventTypes)),
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
export type Webhook = Type.Static<typeof WebhookSchema>;

export const AttemptSchema = Type.Object({
  at: Type.String(),
  status: Type.Union([Type.Integer(), Type.Null()], {
    description: "The endpoint's HTTP status, if it answered",
  }),
  durationMs: Type.Integer(),
  error: Nullable(Type.String({ description: 'An egress error code when no usable answer came' })),
});
export type DeliveryAttempt = Type.Static<typeof AttemptSchema>;

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
export type Delivery = Type.Static<typeof DeliverySchema>;

const tags = ['webhooks'] as const;
const DeliveryReply = Type.Object({ ok: Type.Literal(true), delivery: DeliverySchema });

export const webhookEndpoints = defineEndpoints({
  'POST /api/v1/orgs/:org/apps/:slug/webhooks': {
    summary: 'Register a webhook endpoint; the answer carries its signing secret, shown only once',
    tags,
    security: bearerSecurity,
    params: AppParams,
    body: CreateWebhookBody,
    response: {
      201: Type.Object({
        ok: Type.Literal(true),
        webhook: WebhookSchema,
        secret: Type.String({ description: 'whsec_<base64>: shown only in this answer' }),
      }),
      ...errorResponses(400, 401, 403, 404, 422, 502),
    },
  },
  'GET /api/v1/orgs/:org/apps/:slug/webhooks': {
    summary: "The app's webhook endpoints (never their secrets)",
    tags,
    security: bearerSecurity,
    params: AppParams,
    response: {
      200: Type.Object({ ok: Type.Literal(true), webhooks: Type.Array(WebhookSchema) }),
      ...errorResponses(401, 404),
    },
  },
  'PATCH /api/v1/orgs/:org/apps/:slug/webhooks/:id': {
    summary: 'Change the URL or events, or enable / disable the endpoint',
    tags,
    security: bearerSecurity,
    params: WebhookParams,
    body: ChangeWebhookBody,
    response: {
      200: Type.Object({ ok: Type.Literal(true), webhook: WebhookSchema }),
      ...errorResponses(400, 401, 403, 404, 422, 502),
    },
  },
  'DELETE /api/v1/orgs/:org/apps/:slug/webhooks/:id': {
    summary: 'Remove the endpoint with its delivery log; pending deliveries are dropped',
    tags,
    security: bearerSecurity,
    params: WebhookParams,
    response: { 200: OkReply, ...errorResponses(401, 404) },
  },
  'POST /api/v1/orgs/:org/apps/:slug/webhooks/:id/test': {
    summary: 'Send a `webhook.test` event to this endpoint (whatever it subscribes to)',
    tags,
    security: bearerSecurity,
    params: WebhookParams,
    response: { 202: DeliveryReply, ...errorResponses(401, 404, 409, 429) },
  },
  'GET /api/v1/orgs/:org/apps/:slug/webhooks/:id/deliveries': {
    summary: `The newest deliveries (at most ${MAX_WEBHOOK_LOG}), each with every attempt: time, status, duration, error`,
    tags,
    security: bearerSecurity,
    params: WebhookParams,
    querystring: Type.Object({
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_WEBHOOK_LOG })),
    }),
    response: {
      200: Type.Object({ ok: Type.Literal(true), deliveries: Type.Array(DeliverySchema) }),
      ...errorResponses(400, 401, 404),
    },
  },
  'POST /api/v1/orgs/:org/apps/:slug/webhooks/:id/deliveries/:deliveryId/retry': {
    summary: 'Send a delivery again now, with the same webhook-id and body',
    tags,
    security: bearerSecurity,
    params: DeliveryParams,
    response: { 202: DeliveryReply, ...errorResponses(401, 404, 409) },
  },
});
