// Development only: a member sends a remote app's reserved name to a port of this machine (`miniapps dev --origin`).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { devOriginName } from '@miniapps/contract';
import { devOriginEndpoints } from '@miniapps/contract/api';
import { appForMember } from '../apps/access.js';
import { userOf } from '../auth/authenticate.js';
import { DEV_ORIGIN_ADDRESS, isPemCertificate } from '../egress/dev-origins.js';
import { AppError } from '../errors.js';
import { routesOf } from '../http/route-of.js';
import type { Platform } from '../platform.js';

export const devOriginRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (
  app,
  { platform },
) => {
  const route = routesOf(app.prefix, devOriginEndpoints);
  app.route({
    ...route('PUT /api/v1/dev/origins/:org/:slug'),
    handler: async (request) => {
      // The registry exists only where the dev login is on (platform.ts); in production this is all there is.
      const registry = platform.egress.devOrigins;
      if (!registry) throw new AppError('dev_origins_disabled');
      const { org, slug } = request.params;
      const row = await appForMember(platform.db, org, slug, userOf(request));
      if (row.sourceKind !== 'remote') {
        throw new AppError('validation_failed', {
          key: 'dev_origins.not_remote',
          values: { org, slug, kind: row.sourceKind },
        });
      }
      const { port, caCertificate } = request.body;
      if (!isPemCertificate(caCertificate)) {
        const details = [{ in: 'body', path: '/caCertificate', message: 'must be a PEM certificate' }];
        throw new AppError('bad_request', { key: 'dev_origins.bad_ca' }, details);
      }
      const pin = registry.register(devOriginName(org, slug), port, caCertificate);
      const address = `${DEV_ORIGIN_ADDRESS}:${pin.port}`;
      request.log.info({ name: pin.name, address }, 'dev origin registered');
      return { ok: true as const, name: pin.name, origin: `https://${pin.name}`, address };
    },
  });
};
