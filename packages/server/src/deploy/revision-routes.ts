// Management API: list an app's revisions, read one, and restore one (a deploy of that revision's screens).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { REVISIONS_KEPT } from '@miniapps/contract';
import { revisionEndpoints } from '@miniapps/contract/api';
import { appForMember, appForMemberOrModerator } from '../apps/access.js';
import { userOf } from '../auth/authenticate.js';
import { AppError } from '../errors.js';
import { routesOf } from '../http/route-of.js';
import type { Platform } from '../platform.js';
import { assertBase, assertDeployable, commitDeploy } from './commit-deploy.js';
import { admitContent } from './deploy-content.js';
import { findRevision, listRevisions } from './revisions-repository.js';

export const revisionRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (
  app,
  { platform },
) => {
  const route = routesOf(app.prefix, revisionEndpoints);
  const db = platform.db;

  // The studio's save: a deploy with the member's session, refused when someone saved since its base version.
  app.route({
    ...route('POST /api/v1/orgs/:org/apps/:slug/revisions'),
    handler: async (request) => {
      const { org, slug } = request.params;
      const user = userOf(request);
      const target = await appForMember(db, org, slug, user);
      assertDeployable(target);
      const { baseVersion } = request.body;
      // Checked before the content is counted and checked; again under the app's lock, where it decides.
      assertBase(target.version, baseVersion);
      const { screens, files, validation, unknown } = await admitContent(platform, target, {
        screens: request.body.screens,
        data: request.body.data,
        strings: request.body.strings,
      });
      const outcome = await commitDeploy(db, {
        appId: target.id,
        actorId: user.id,
        screens,
        files,
        submit: request.body.submit === true,
        restoredFrom: null,
        baseVersion,
        unknown,
      });
      return { ok: true as const, ...outcome, validation };
    },
  });

  app.route({
    ...route('GET /api/v1/orgs/:org/apps/:slug/revisions'),
    handler: async (request) => {
      const { org, slug } = request.params;
      const target = await appForMemberOrModerator(db, org, slug, userOf(request));
      const revisions = await listRevisions(db, target.id, request.query.include === 'screens');
      return { ok: true as const, version: target.version, liveVersion: target.liveVersion, revisions };
    },
  });

  app.route({
    ...route('GET /api/v1/orgs/:org/apps/:slug/revisions/:version'),
    handler: async (request) => {
      const { org, slug } = request.params;
      const version = Number(request.params.version);
      const target = await appForMemberOrModerator(db, org, slug, userOf(request));
      const revision = await findRevision(db, target.id, version);
      if (!revision)
        throw new AppError('revision_not_found', {
          key: 'revisions.not_found',
          values: { version, kept: REVISIONS_KEPT },
        });
      return { ok: true as const, revision };
    },
  });

  app.route({
    ...route('POST /api/v1/orgs/:org/apps/:slug/revisions/:version/restore'),
    handler: async (request) => {
      const { org, slug } = request.params;
      const version = Number(request.params.version);
      const user = userOf(request);
      const target = await appForMember(db, org, slug, user);
      assertDeployable(target);
      const revision = await findRevision(db, target.id, version);
      if (!revision?.screens) {
        throw new AppError('revision_not_found', {
          key: 'revisions.not_found',
          values: { version, kept: REVISIONS_KEPT },
        });
      }
      // A restore is a deploy: counted and checked like one (the registry may have changed since the revision).
      const { screens, files, validation, unknown } = await admitContent(platform, target, {
        screens: revision.screens,
        data: revision.data,
        strings: revision.strings,
      });
      const outcome = await commitDeploy(db, {
        appId: target.id,
        actorId: user.id,
        screens,
        files,
        submit: request.body?.submit === true,
        restoredFrom: version,
        unknown,
      });
      return { ok: true as const, ...outcome, restoredFrom: version, validation };
    },
  });
};
