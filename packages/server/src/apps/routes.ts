// Management API: register, read, list and update hosted and remote apps of an organization.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { appEndpoints } from '@miniapps/contract/api';
import { writeAudit } from '../audit/audit.js';
import { userOf } from '../auth/authenticate.js';
import type { Executor } from '../db/database.js';
import type { AppRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import { routesOf } from '../http/route-of.js';
import { requireMember } from '../orgs/access.js';
import type { Platform } from '../platform.js';
import { quotaExceeded } from '../quotas/refusals.js';
import { isSlug } from '../slug.js';
import { appForMember } from './access.js';
import { checkCategory, checkDescription, checkIcon } from './listing.js';
import { createApp, listApps, toAppView, updateApp } from './repository.js';
import { checkOriginField, checkScopes, checkStartPath } from './rules.js';

export const appRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const route = routesOf(app.prefix, appEndpoints);
  const db = platform.db;
  const internalHosts = platform.config.egress.internalHosts;

  app.route({
    ...route('POST /api/v1/orgs/:org/apps'),
    handler: async (request, reply) => {
      const { org } = request.params;
      const user = userOf(request);
      await requireMember(db, org, user.id);
      const body = request.body;
      if (body.sourceKind === 'service') {
        throw new AppError('service_not_allowed', { key: 'apps.service_create' });
      }
      if (!isSlug(body.slug)) throw new AppError('bad_slug', { key: 'apps.bad_slug' }, { field: 'slug' });
      let origin: string | null = null;
      if (body.sourceKind === 'remote') {
        if (!body.origin)
          throw new AppError('bad_origin', { key: 'apps.origin_required' }, { field: 'origin' });
        origin = checkOriginField(body.origin, internalHosts);
      } else if (body.origin !== undefined) {
        throw new AppError('validation_failed', { key: 'apps.hosted_no_origin' }, { field: 'origin' });
      }
      const created = await createApp(
        db,
        {
          organizationId: org,
          slug: body.slug,
          sourceKind: body.sourceKind,
          name: body.name.trim(),
          origin,
          startPath: checkStartPath(body.startPath ?? '/'),
          scopes: checkScopes(body.scopes ?? []),
          icon: checkIcon(body.icon ?? null),
          description: checkDescription(body.description ?? null),
          category: checkCategory(body.category ?? null),
          // A remote app is complete at registration and waits for moderation; a hosted one waits for a deploy.
          status: body.sourceKind === 'remote' ? 'pending_review' : 'draft',
          createdBy: user.id,
        },
        platform.config.quotas.appsPerOrg,
      );
      if (!created.ok) {
        if (created.reason === 'quota') throw quotaExceeded('apps_per_org', created.limit);
        throw new AppError('app_exists', { key: 'apps.slug_taken', values: { slug: body.slug, org } });
      }
      return reply.status(201).send({ ok: true as const, app: toAppView(created.row) });
    },
  });

  app.route({
    ...route('GET /api/v1/orgs/:org/apps'),
    handler: async (request) => {
      const { org } = request.params;
      await requireMember(db, org, userOf(request).id);
      return { ok: true as const, apps: (await listApps(db, org)).map(toAppView) };
    },
  });

  app.route({
    ...route('GET /api/v1/orgs/:org/apps/:slug'),
    handler: async (request) => {
      const { org, slug } = request.params;
      return { ok: true as const, app: toAppView(await appForMember(db, org, slug, userOf(request))) };
    },
  });

  app.route({
    ...route('PATCH /api/v1/orgs/:org/apps/:slug'),
    handler: async (request) => {
      const { org, slug } = request.params;
      const row = await appForMember(db, org, slug, userOf(request));
      if (row.sourceKind === 'service')
        throw new AppError('service_not_allowed', { key: 'apps.service_managed' });
      const body = request.body;
      const changes: Parameters<typeof updateApp>[2] = {};
      if (body.name !== undefined) changes.name = body.name.trim();
      if (body.startPath !== undefined) changes.startPath = checkStartPath(body.startPath);
      if (body.scopes !== undefined) changes.scopes = JSON.stringify(checkScopes(body.scopes));
      if (body.icon !== undefined) changes.icon = checkIcon(body.icon);
      if (body.description !== undefined) changes.description = checkDescription(body.description);
      if (body.category !== undefined) changes.category = checkCategory(body.category);
      if (body.origin !== undefined) {
        if (row.sourceKind !== 'remote') {
          throw new AppError('validation_failed', { key: 'apps.hosted_no_origin' }, { field: 'origin' });
        }
        changes.origin = checkOriginField(body.origin, internalHosts);
      }
      const retention = retentionChange(row, body.responseRetentionDays);
      const changed = (Object.keys(changes) as Array<keyof typeof changes>).some(
        (key) => changes[key] !== row[key as keyof AppRow],
      );
      if (!changed) {
        if (retention === undefined) return { ok: true as const, app: toAppView(row) };
        // Retention is the owners' own business: it changes nothing users see, so it is not reviewed.
        const updated = await db.transaction().execute(async (trx) => {
          await writeRetentionAudit(trx, row, userOf(request).id, retention);
          return updateApp(trx, row.id, { responseRetentionDays: retention });
        });
        return { ok: true as const, app: toAppView(updated) };
      }
      // Metadata and origin changes of an approved app go back to review; the approved copy (live_*)
      // stays in use until a moderator approves the change.
      if (row.status === 'suspended') changes.statusBeforeSuspend = 'pending_review';
      else if (row.status !== 'draft' || row.sourceKind === 'remote') changes.status = 'pending_review';
      const fields = Object.keys(changes).filter((key) => key !== 'status' && key !== 'statusBeforeSuspend');
      const updated = await db.transaction().execute(async (trx) => {
        if (retention !== undefined) await writeRetentionAudit(trx, row, userOf(request).id, retention);
        const next = await updateApp(trx, row.id, {
          ...changes,
          ...(retention !== undefined && { responseRetentionDays: retention }),
        });
        await writeAudit(trx, {
          appId: row.id,
          actorId: userOf(request).id,
          action: 'update',
          fromStatus: row.status,
          toStatus: next.status,
          details: { fields },
        });
        return next;
      });
      return { ok: true as const, app: toAppView(updated) };
    },
  });
};

/** The retention asked for when it differs from the app's (undefined: no change); hosted apps only keep responses. */
function retentionChange(row: AppRow, days: number | null | undefined): number | null | undefined {
  if (days === undefined) return undefined;
  if (row.sourceKind !== 'hosted') {
    throw new AppError(
      'validation_failed',
      { key: 'apps.retention_hosted_only' },
      { field: 'responseRetentionDays' },
    );
  }
  return days === row.responseRetentionDays ? undefined : days;
}

function writeRetentionAudit(db: Executor, row: AppRow, actorId: string, days: number | null): Promise<void> {
  return writeAudit(db, {
    appId: row.id,
    actorId,
    action: 'response_retention',
    fromStatus: null,
    toStatus: null,
    details: { from: row.responseRetentionDays, to: days },
  });
}
