// Management API: a hosted app's form responses, for members of its organization only (404 to anyone else).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { responseEndpoints } from '@miniapps/contract/api';
import { appForMember } from '../apps/access.js';
import { userOf } from '../auth/authenticate.js';
import { routesOf } from '../http/route-of.js';
import type { Platform } from '../platform.js';
import { deleteForm, deleteResponse, instantOf, listResponses, oneResponse } from './owners-repository.js';

const PAGE = 50;

export const responseRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (
  app,
  { platform },
) => {
  const route = routesOf(app.prefix, responseEndpoints);
  const db = platform.db;

  app.route({
    ...route('GET /api/v1/orgs/:org/apps/:slug/responses'),
    handler: async (request) => {
      const { org, slug } = request.params;
      const row = await appForMember(db, org, slug, userOf(request));
      const { form, from, to, cursor, limit } = request.query;
      const filter = { form, from: instantOf('from', from), to: instantOf('to', to) };
      return {
        ok: true as const,
        ...(await listResponses(db, row.id, filter, { cursor, limit: limit ?? PAGE })),
      };
    },
  });

  app.route({
    ...route('DELETE /api/v1/orgs/:org/apps/:slug/responses'),
    handler: async (request) => {
      const { org, slug } = request.params;
      const row = await appForMember(db, org, slug, userOf(request));
      return { ok: true as const, deleted: await deleteForm(db, row.id, request.query.form) };
    },
  });

  app.route({
    ...route('GET /api/v1/orgs/:org/apps/:slug/responses/:id'),
    handler: async (request) => {
      const { org, slug, id } = request.params;
      const row = await appForMember(db, org, slug, userOf(request));
      return { ok: true as const, response: await oneResponse(db, row.id, id) };
    },
  });

  app.route({
    ...route('DELETE /api/v1/orgs/:org/apps/:slug/responses/:id'),
    handler: async (request) => {
      const { org, slug, id } = request.params;
      const row = await appForMember(db, org, slug, userOf(request));
      await deleteResponse(db, row.id, id);
      return { ok: true as const };
    },
  });
};
