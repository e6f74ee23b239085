// Browser sign-in with the identity provider (OIDC_ISSUER): the sign-in routes and the session's own, under /auth.
import type { FastifyPluginAsync } from 'fastify';
import type { Platform } from '../platform.js';
import type { RelyingParty } from './relying-party.js';
import { sessionRoutes } from './session-routes.js';
import { signInRoutes } from './sign-in-routes.js';

export const oidcRoutes: FastifyPluginAsync<{ platform: Platform; rp: RelyingParty }> = async (
  app,
  options,
) => {
  await app.register(signInRoutes, options);
  await app.register(sessionRoutes, options);
};
