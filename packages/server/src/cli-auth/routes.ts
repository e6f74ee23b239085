// GET /api/v1/auth/cli: where `miniapps login` signs in (the identity provider and the CLI's public client); no sign-in.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { meEndpoints } from '@miniapps/contract/api';
import type { CliAuthConfig } from '../config/cli-auth.js';
import { AppError } from '../errors.js';
import { routesOf } from '../http/route-of.js';

export const cliAuthRoutes: FastifyPluginAsyncTypebox<{ cliAuth: CliAuthConfig | undefined }> = async (
  app,
  { cliAuth },
) => {
  const route = routesOf(app.prefix, meEndpoints);
  app.route({
    ...route('GET /api/v1/auth/cli'),
    handler: async () => {
      if (!cliAuth) throw new AppError('sign_in_not_configured');
      return {
        ok: true as const,
        issuer: cliAuth.issuer,
        clientId: cliAuth.clientId,
        scopes: [...cliAuth.scopes],
      };
    },
  });
};
