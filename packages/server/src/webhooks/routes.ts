// Management API for an app's webhooks: endpoints, a test send, the delivery log and retries; members only.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { webhookEndpoints } from '@miniapps/contract/api';
import { appForMember } from '../apps/access.js';
import { userOf } from '../auth/authenticate.js';
import type { User } from '../auth/users-repository.js';
import { AppError } from '../errors.js';
import { routesOf } from '../http/route-of.js';
import { newId } from '../ids.js';
import type { Platform } from '../platform.js';
import { quotaExceeded } from '../quotas/refusals.js';
import { deriveKey } from '../signing/keys.js';
import { appRef } from './app-events.js';
import { deliveryLog, retryDelivery } from './delivery-log.js';
import type { DeliveryLoop } from './delivery-loop.js';
import { checkWebhookUrl, probeWebhookUrl } from './endpoint-url.js';
import { checkEventTypes, TEST_EVENT } from './events.js';
import { eventBody, pendingDelivery } from './outbox.js';
import {
  createEndpoint,
  deleteEndpoint,
  endpointOf,
  endpointView,
  listEndpoints,
  updateEndpoint,
} from './repository.js';

export const webhookRoutes: FastifyPluginAsyncTypebox<{
  platform: Platform;
  loop: DeliveryLoop | undefined;
}> = async (app, { platform, loop }) => {
  const route = routesOf(app.prefix, webhookEndpoints);
  const db = platform.db;
  const sealKey = deriveKey(platform.config.keys.platformKey, 'webhook-secrets');
  const internalHosts = platform.config.egress.internalHosts;

  /** The URL as it will be called, checked by the origins' rules, its addresses and a redirect probe. */
  async function checkedUrl(raw: string): Promise<string> {
    const target = checkWebhookUrl(raw, internalHosts);
    await probeWebhookUrl(platform.egress, target);
    return target.url;
  }

  /** The member's app and its endpoint `id` (404 for either), as every route on one endpoint starts. */
  async function memberEndpoint(params: { org: string; slug: string; id: string }, user: User) {
    const row = await appForMember(db, params.org, params.slug, user);
    return { row, endpoint: await endpointOf(db, row.id, params.id) };
  }

  /** A send to a disabled endpoint would only fail: 409 until it is enabled again. */
  function assertEnabled(endpoint: { disabledAt: string | null }): void {
    if (endpoint.disabledAt !== null) throw new AppError('conflict', { key: 'webhooks.disabled' });
  }

  function events(names: readonly string[]) {
    const checked = checkEventTypes(names);
    if (checked.length === 0)
      throw new AppError('bad_request', { key: 'webhooks.no_events' }, { field: 'events' });
    return checked;
  }

  app.route({
    ...route('POST /api/v1/orgs/:org/apps/:slug/webhooks'),
    handler: async (request, reply) => {
      const row = await appForMember(db, request.params.org, request.params.slug, userOf(request));
      const subscribed = events(request.body.events);
      const limit = platform.config.quotas.webhooksPerApp;
      // Told before the URL is probed, so a full app sends nothing out; createEndpoint holds the limit under races.
      if ((await listEndpoints(db, row.id)).length >= limit) throw quotaExceeded('webhooks_per_app', limit);
      const url = await checkedUrl(request.body.url);
      const created = await createEndpoint(
        db,
        sealKey,
        { appId: row.id, url, events: subscribed, now: platform.clock.now() },
        limit,
      );
      if (!created) throw quotaExceeded('webhooks_per_app', limit);
      reply.code(201);
      return { ok: true as const, webhook: endpointView(created.row), secret: created.secret };
    },
  });

  app.route({
    ...route('GET /api/v1/orgs/:org/apps/:slug/webhooks'),
    handler: async (request) => {
      const row = await appForMember(db, request.params.org, request.params.slug, userOf(request));
      return { ok: true as const, webhooks: (await listEndpoints(db, row.id)).map(endpointView) };
    },
  });

  app.route({
    ...route('PATCH /api/v1/orgs/:org/apps/:slug/webhooks/:id'),
    handler: async (request) => {
      const { endpoint } = await memberEndpoint(request.params, userOf(request));
      const { url, events: names, enabled } = request.body;
      const updated = await updateEndpoint(
        db,
        endpoint,
        {
          ...(names !== undefined && { events: events(names) }),
          ...(url !== undefined && { url: await checkedUrl(url) }),
          ...(enabled !== undefined && { enabled }),
        },
        platform.clock.now(),
      );
      return { ok: true as const, webhook: endpointView(updated) };
    },
  });

  app.route({
    ...route('DELETE /api/v1/orgs/:org/apps/:slug/webhooks/:id'),
    handler: async (request) => {
      const { endpoint } = await memberEndpoint(request.params, userOf(request));
      await db.transaction().execute((trx) => deleteEndpoint(trx, endpoint.id));
      return { ok: true as const };
    },
  });

  app.route({
    ...route('POST /api/v1/orgs/:org/apps/:slug/webhooks/:id/test'),
    handler: async (request, reply) => {
      const { row, endpoint } = await memberEndpoint(request.params, userOf(request));
      assertEnabled(endpoint);
      await platform.rateQuotas.consume('webhook_tests_per_app', row.id);
      const now = platform.clock.now();
      const body = eventBody(TEST_EVENT, now, { app: appRef(row), endpointId: endpoint.id });
      const delivery = pendingDelivery(endpoint.id, newId('msg'), TEST_EVENT, body, now);
      await db.insertInto('webhookDeliveries').values(delivery).execute();
      loop?.wake();
      reply.code(202);
      const [view] = await deliveryLog(db, endpoint.id, 1);
      return { ok: true as const, delivery: view! };
    },
  });

  app.route({
    ...route('GET /api/v1/orgs/:org/apps/:slug/webhooks/:id/deliveries'),
    handler: async (request) => {
      const { endpoint } = await memberEndpoint(request.params, userOf(request));
      return { ok: true as const, deliveries: await deliveryLog(db, endpoint.id, request.query.limit ?? 50) };
    },
  });

  app.route({
    ...route('POST /api/v1/orgs/:org/apps/:slug/webhooks/:id/deliveries/:deliveryId/retry'),
    handler: async (request, reply) => {
      const { endpoint } = await memberEndpoint(request.params, userOf(request));
      assertEnabled(endpoint);
      const delivery = await retryDelivery(db, endpoint.id, request.params.deliveryId, platform.clock.now());
      loop?.wake();
      reply.code(202);
      return { ok: true as const, delivery };
    },
  });
};
