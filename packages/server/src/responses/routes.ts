// Management API: a hosted app's form responses, for members of its organization only (404 to anyone else).

import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { responseEndpoints } from '@miniapps/contract/api';
import { COLLECTION_NAME } from '@miniapps/schema';
import { appForMember } from '../apps/access.js';
import { writeAudit } from '../audit/audit.js';
import { userOf } from '../auth/authenticate.js';
import { AppError } from '../errors.js';
import { routesOf } from '../http/route-of.js';
import { requestLanguage } from '../i18n/language.js';
import type { Platform } from '../platform.js';
import { collectionsOf } from './collections.js';
import { responsesCsv } from './csv-export.js';
import { sendFile } from './file-download.js';
import {
  deleteForm,
  deleteResponse,
  instantOf,
  listResponses,
  oneFile,
  oneResponse,
} from './owners-repository.js';
import { responsesXlsx, XLSX_TYPE } from './xlsx-export.js';

const PAGE = 50;

/** The `form` a route needs, checked once the caller is known to be a member. */
function formOf(form: string | undefined): string {
  if (form === undefined) throw new AppError('bad_request', { key: 'responses.no_form' }, { field: 'form' });
  return form;
}

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
      return {
        ok: true as const,
        deleted: await deleteForm(db, platform.files, row.id, formOf(request.query.form)),
      };
    },
  });

  app.route({
    ...route('GET /api/v1/orgs/:org/apps/:slug/responses/export'),
    handler: async (request, reply) => {
      const { org, slug } = request.params;
      const user = userOf(request);
      const row = await appForMember(db, org, slug, user);
      const form = formOf(request.query.form);
      const format = request.query.format ?? 'csv';
      if (format !== 'csv' && format !== 'xlsx') {
        throw new AppError('bad_request', { key: 'responses.bad_format' }, { field: 'format' });
      }
      // The columns of the form as the live version states it (the head's when nothing is live yet).
      const version = row.liveVersion ?? row.version;
      const fields = (await collectionsOf(db, { id: row.id, version })).get(form)?.fields ?? [];
      await writeAudit(db, {
        appId: row.id,
        actorId: user.id,
        action: 'export_responses',
        fromStatus: null,
        toStatus: null,
        details: { form, format },
      });
      const language = requestLanguage(request.headers['accept-language']);
      const body =
        format === 'xlsx'
          ? responsesXlsx(db, row.id, form, fields, language)
          : Readable.from(responsesCsv(db, row.id, form, fields, language));
      return (
        reply
          .type(format === 'xlsx' ? XLSX_TYPE : 'text/csv; charset=utf-8')
          // A name out of its pattern never reaches a header (it has no responses anyway).
          .header(
            'content-disposition',
            `attachment; filename="${slug}-${COLLECTION_NAME.test(form) ? form : 'responses'}.${format}"`,
          )
          // A stream is sent as it is; the schema's string describes it for the OpenAPI document.
          .send(body as never)
      );
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
      await deleteResponse(db, platform.files, row.id, id);
      return { ok: true as const };
    },
  });

  app.route({
    ...route('GET /api/v1/orgs/:org/apps/:slug/responses/:id/files/:file'),
    handler: async (request, reply) => {
      const { org, slug, id, file } = request.params;
      const row = await appForMember(db, org, slug, userOf(request));
      return sendFile(reply, platform.files, await oneFile(db, row.id, id, file));
    },
  });
};
