// Management API: list an app's revisions, read one, and restore one (a deploy of that revision's screens).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { appForMember, appForMemberOrModerator } from '../apps/access.js';
import { userOf } from '../auth/authenticate.js';
import { AppError } from '../errors.js';
import { bearerSecurity, errorResponses } from '../http/schemas.js';
import type { Platform } from '../platform.js';
import { assertDeployable, commitDeploy } from './commit-deploy.js';
import { checkContent } from './deploy-content.js';
import { findRevision, listRevisions, REVISIONS_KEPT } from './revisions-repository.js';
import { RestoreReply } from './schemas.js';

const RevisionParams = Type.Object({
  org: Type.String({ maxLength: 63 }),
  slug: Type.String({ maxLength: 63 }),
  // Path parameters arrive as text (the server does not coerce types).
  version: Type.String({ pattern: '^[1-9][0-9]{0,9}$', description: 'A revision version' }),
});

const RevisionSchema = Type.Object({
  version: Type.Integer(),
  createdAt: Type.String(),
  createdBy: Type.Union([Type.String(), Type.Null()]),
  screenCount: Type.Integer(),
  restoredFrom: Type.Union([Type.Integer(), Type.Null()]),
  screens: Type.Optional(
    Type.Array(
      Type.Object({
        path: Type.String(),
        title: Type.Optional(Type.String()),
        json: Type.Record(Type.String(), Type.Unknown()),
      }),
    ),
  ),
  data: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), { description: 'The datasets deployed with the screens' }),
  ),
  strings: Type.Optional(
    Type.Record(Type.String(), Type.Record(Type.String(), Type.String()), {
      description: 'The locale strings deployed with the screens, in their order (the first is the default)',
    }),
  ),
});

export const revisionRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (
  app,
  { platform },
) => {
  const db = platform.db;

  app.get(
    '/orgs/:org/apps/:slug/revisions',
    {
      schema: {
        summary: `The last ${REVISIONS_KEPT} revisions, newest first (screens with ?include=screens)`,
        tags: ['revisions'],
        security: bearerSecurity,
        params: Type.Object({ org: Type.String({ maxLength: 63 }), slug: Type.String({ maxLength: 63 }) }),
        querystring: Type.Object({ include: Type.Optional(Type.Literal('screens')) }),
        response: {
          200: Type.Object({
            ok: Type.Literal(true),
            version: Type.Integer({ description: 'The head version' }),
            liveVersion: Type.Union([Type.Integer(), Type.Null()]),
            revisions: Type.Array(RevisionSchema),
          }),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const { org, slug } = request.params;
      const target = await appForMemberOrModerator(db, org, slug, userOf(request));
      const revisions = await listRevisions(db, target.id, request.query.include === 'screens');
      return { ok: true as const, version: target.version, liveVersion: target.liveVersion, revisions };
    },
  );

  app.get(
    '/orgs/:org/apps/:slug/revisions/:version',
    {
      schema: {
        summary: 'One revision with its screens',
        tags: ['revisions'],
        security: bearerSecurity,
        params: RevisionParams,
        response: {
          200: Type.Object({ ok: Type.Literal(true), revision: RevisionSchema }),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
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
  );

  app.post(
    '/orgs/:org/apps/:slug/revisions/:version/restore',
    {
      schema: {
        summary:
          'Restore a revision: a deploy of its screens, datasets and strings (new version, new revision, same moderation rule)',
        tags: ['revisions'],
        security: bearerSecurity,
        params: RevisionParams,
        body: Type.Optional(
          Type.Object(
            {
              submit: Type.Optional(
                Type.Boolean({ description: 'true: send to moderation; default: draft' }),
              ),
            },
            { additionalProperties: false },
          ),
        ),
        response: { 200: RestoreReply, ...errorResponses(400, 401, 404, 422, 429) },
      },
    },
    async (request) => {
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
      // A restore is a deploy: it counts toward the app's deploys and its hosted bytes.
      await platform.rateQuotas.consume('deploys_per_app', target.id);
      // The registry may have changed since the revision was taken, so it is checked like any deploy.
      const { screens, files, validation, unknown } = checkContent(
        { screens: revision.screens, data: revision.data, strings: revision.strings },
        target.startPath,
        platform.config.quotas.hostedBytesPerApp,
      );
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
  );
};
