// POST /functions/v1/miniapp-deploy: replaces a hosted app's screens, authorized by a deploy token.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { automationEndpoints } from '@miniapps/contract/api';
import type { FastifyRequest } from 'fastify';
import { routesOf } from '../http/route-of.js';
import type { Platform } from '../platform.js';
import { authenticateDeployToken } from '../tokens/deploy-auth.js';
import type { TokenOwner } from '../tokens/repository.js';
import { appForToken } from './app-for-token.js';
import { assertDeployable, commitDeploy } from './commit-deploy.js';
import { readDeployBody } from './deploy-body.js';
import { admitContent } from './deploy-content.js';

export const DEPLOY_PATH = '/functions/v1/miniapp-deploy' as const;

export const deployRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const db = platform.db;
  const route = routesOf(app.prefix, automationEndpoints);
  const owners = new WeakMap<FastifyRequest, TokenOwner>();

  // Any body is read as JSON whatever its content type, so a body that is not JSON is `bad_request`
  // (docs/contract.md "Deploy hosted screens") rather than an unsupported media type. This scope only:
  // other routes keep their parsers.
  app.removeAllContentTypeParsers();
  // `__proto__` keys are refused; `constructor` keys are let through (scanning 500 KB for them costs more
  // than the risk: screens are stored and served as text, never merged into objects).
  app.addContentTypeParser('*', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'ignore'));

  // The token is checked before the body is even read: a caller without one learns nothing else.
  app.addHook('onRequest', async (request) => {
    owners.set(request, await authenticateDeployToken(db, request));
  });

  app.route({
    ...route(`POST ${DEPLOY_PATH}`),
    // readDeployBody measures the nesting: inside the screens, too deep is `bad_screens` with its pointer.
    config: { inputGuard: 'text-only' },
    handler: async (request) => {
      const owner = owners.get(request)!;
      const body = readDeployBody(request.body);
      const target = await appForToken(db, body.organizationId, body.slug, owner.userId);
      assertDeployable(target);
      const { screens, files, validation, unknown } = await admitContent(platform, target, body);
      const outcome = await commitDeploy(db, {
        appId: target.id,
        actorId: owner.userId,
        screens,
        files,
        submit: body.submit,
        restoredFrom: null,
        unknown,
      });
      return { ok: true as const, version: outcome.version, status: outcome.status, validation };
    },
  });
};
