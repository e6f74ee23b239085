// Consent API (docs/contract.md "Scope"): the signed-in user reads and replaces the scopes they grant an app.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { consentEndpoints } from '@miniapps/contract/api';
import { mayPreview } from '../apps/access.js';
import { findApp } from '../apps/repository.js';
import { userOf } from '../auth/authenticate.js';
import type { User } from '../auth/users-repository.js';
import type { AppRow, ScopeName } from '../db/schema.js';
import { AppError } from '../errors.js';
import { cacheableReply, createEntityTags, REVALIDATE } from '../http/cacheable.js';
import { routesOf } from '../http/route-of.js';
import type { Platform } from '../platform.js';
import { deriveKey } from '../signing/keys.js';
import { findConsent, saveConsent } from './repository.js';
import { effectiveScopes, parseStoredScopes } from './scopes.js';

export const consentRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const route = routesOf(app.prefix, consentEndpoints);
  const db = platform.db;
  const tags = createEntityTags(deriveKey(platform.config.keys.platformKey, 'entity-tags'));

  /** Apps a user may see: approved ones, or any app of their organization (and any, for moderators). */
  async function visibleApp(org: string, slug: string, user: User): Promise<AppRow> {
    const row = await findApp(db, org, slug);
    if (row && (row.liveName !== null || (await mayPreview(db, row.organizationId, user)))) return row;
    throw new AppError('not_found', { key: 'apps.not_found', values: { slug, org } });
  }

  /** What users are asked for: the approved declaration, or the head's before a first approval. */
  const declaredOf = (row: AppRow): ScopeName[] => parseStoredScopes(row.liveScopes ?? row.scopes);

  app.route({
    ...route('GET /api/v1/me/apps/:org/:slug/consent'),
    handler: async (request, reply) => {
      const user = userOf(request);
      const row = await visibleApp(request.params.org, request.params.slug, user);
      const consent = await findConsent(db, user.id, row.id);
      const declared = declaredOf(row);
      const body = {
        ok: true as const,
        scopes: effectiveScopes(consent?.scopes ?? [], declared),
        declared,
        updatedAt: consent?.updatedAt ?? null,
      };
      // The user's own choice, kept by their caches and revalidated: a grant or withdrawal changes the body and tag.
      const etag = tags.tag('consent', user.id, row.id, JSON.stringify(body));
      return cacheableReply(
        request,
        reply,
        { etag, cacheControl: REVALIDATE, vary: 'Authorization, Cookie' },
        body,
      );
    },
  });

  app.route({
    ...route('PUT /api/v1/me/apps/:org/:slug/consent'),
    handler: async (request) => {
      const user = userOf(request);
      const row = await visibleApp(request.params.org, request.params.slug, user);
      // A scope declared by the approved version or by the one in review may be granted (so a
      // preview can be tried out); it is passed only while the version in use declares it.
      const grantable = new Set([...declaredOf(row), ...parseStoredScopes(row.scopes)]);
      const undeclared = request.body.scopes.filter((s) => !grantable.has(s));
      if (undeclared.length > 0) {
        throw new AppError(
          'validation_failed',
          { key: 'consent.undeclared', values: { scopes: undeclared.join(', ') } },
          {
            field: 'scopes',
            undeclared,
          },
        );
      }
      const consent = await saveConsent(
        db,
        user.id,
        row.id,
        effectiveScopes(request.body.scopes, [...grantable]),
        new Date(platform.clock.now()),
      );
      const declared = declaredOf(row);
      return {
        ok: true as const,
        scopes: effectiveScopes(consent.scopes, declared),
        declared,
        updatedAt: consent.updatedAt,
      };
    },
  });
};
