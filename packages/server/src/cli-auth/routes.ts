// GET /api/v1/auth/cli: where `miniapps login` signs in (the identity provider and the CLI's public client); no sign-in.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { CliAuthConfig } from '../config/cli-auth.js';
import { AppError } from '../errors.js';
import { errorResponses } from '../http/schemas.js';

const CliSignInSchema = Type.Object({
  ok: Type.Literal(true),
  issuer: Type.String({ description: 'The OpenID Provider; its discovery document is under /.well-known/' }),
  clientId: Type.String({ description: 'The public client registered there for the CLI' }),
  scopes: Type.Array(Type.String(), { description: 'Scopes the CLI asks for' }),
});

export const cliAuthRoutes: FastifyPluginAsyncTypebox<{ cliAuth: CliAuthConfig | undefined }> = async (
  app,
  { cliAuth },
) => {
  app.get(
    '/auth/cli',
    {
      schema: {
        summary: 'Where the CLI signs in: the identity provider and its client id; no sign-in',
        description:
          '`miniapps login` reads this, then signs in at the issuer with the device authorization grant ' +
          '(RFC 8628) or a loopback redirect (RFC 8252). 404 `sign_in_not_configured` when OIDC_ISSUER or ' +
          'OIDC_CLI_CLIENT_ID is unset.',
        tags: ['auth'],
        response: { 200: CliSignInSchema, ...errorResponses(404) },
      },
    },
    async () => {
      if (!cliAuth) throw new AppError('sign_in_not_configured');
      return {
        ok: true as const,
        issuer: cliAuth.issuer,
        clientId: cliAuth.clientId,
        scopes: [...cliAuth.scopes],
      };
    },
  );
};
