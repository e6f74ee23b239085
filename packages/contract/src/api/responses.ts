// A hosted app's form responses for the members of its organization: list, read, delete (docs/renderer-spec.md
// "Form responses" for how they are sent).
import { Type } from 'typebox';
import { defineEndpoints } from '../endpoint.js';
import { AppParams, bearerSecurity, errorResponses } from './common.js';

export const ResponseParams = Type.Object({ ...AppParams.properties, id: Type.String({ maxLength: 64 }) });

const FormName = Type.String({ minLength: 1, maxLength: 64, description: "A form's collect.name" });

export const ResponseFileParams = Type.Object({
  ...ResponseParams.properties,
  file: Type.String({ maxLength: 64 }),
});

/** A file of a response, as its values name it too: never where the platform keeps it. */
export const ResponseFileSchema = Type.Object({
  id: Type.String({ description: 'The file route takes it: responses/{id}/files/{file}' }),
  field: Type.String({ description: 'The fileField it was sent with' }),
  name: Type.String({ description: 'The file name the user sent, without directories' }),
  size: Type.Integer({ minimum: 0 }),
  type: Type.String({ description: 'The checked MIME type' }),
});
export type ResponseFile = Type.Static<typeof ResponseFileSchema>;

export const FormResponseSchema = Type.Object({
  id: Type.String(),
  form: Type.String(),
  appUserId: Type.String({ description: 'The pseudonymous id the app knows the user by' }),
  appVersion: Type.Integer(),
  values: Type.Record(Type.String(), Type.Unknown()),
  profile: Type.Object(
    {
      email: Type.Optional(Type.String()),
      name: Type.Optional(Type.String()),
      course: Type.Optional(Type.String()),
      group: Type.Optional(Type.String()),
    },
    { description: 'Only what the scopes the user granted allow' },
  ),
  files: Type.Array(ResponseFileSchema, { description: "The response's files, by field, then name" }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type FormResponse = Type.Static<typeof FormResponseSchema>;

export const ResponsesPageReply = Type.Object({
  ok: Type.Literal(true),
  responses: Type.Array(FormResponseSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'null on the last page' }),
});

export const responseEndpoints = defineEndpoints({
  'GET /api/v1/orgs/:org/apps/:slug/responses': {
    summary: "The app's form responses, newest first, a page at a time",
    tags: ['responses'],
    security: bearerSecurity,
    params: AppParams,
    querystring: Type.Object({
      form: Type.Optional(FormName),
      from: Type.Optional(Type.String({ maxLength: 32, description: 'Created at or after (ISO 8601)' })),
      to: Type.Optional(Type.String({ maxLength: 32, description: 'Created before (ISO 8601)' })),
      cursor: Type.Optional(Type.String({ maxLength: 200, description: 'nextCursor of the page before' })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: '50 by default' })),
    }),
    response: { 200: ResponsesPageReply, ...errorResponses(400, 401, 404) },
  },
  'DELETE /api/v1/orgs/:org/apps/:slug/responses': {
    summary: 'Deletes every response of one form (and their files)',
    tags: ['responses'],
    security: bearerSecurity,
    params: AppParams,
    // Required, but checked after membership: a stranger hears 404 whatever the query.
    querystring: Type.Object({ form: Type.Optional(FormName) }),
    response: {
      200: Type.Object({ ok: Type.Literal(true), deleted: Type.Integer({ minimum: 0 }) }),
      ...errorResponses(400, 401, 404),
    },
  },
  'GET /api/v1/orgs/:org/apps/:slug/responses/export': {
    summary:
      "One form's responses as CSV (UTF-8 with a BOM) or XLSX, headings in the caller's language, oldest first, " +
      'streamed; recorded in the audit log',
    tags: ['responses'],
    security: bearerSecurity,
    params: AppParams,
    querystring: Type.Object({
      form: Type.Optional(FormName),
      format: Type.Optional(Type.String({ maxLength: 16, description: 'csv (the default) or xlsx' })),
    }),
    response: {
      200: Type.String({ description: 'text/csv, or the XLSX workbook' }),
      ...errorResponses(400, 401, 404),
    },
  },
  'GET /api/v1/orgs/:org/apps/:slug/responses/:id': {
    summary: 'One response',
    tags: ['responses'],
    security: bearerSecurity,
    params: ResponseParams,
    response: {
      200: Type.Object({ ok: Type.Literal(true), response: FormResponseSchema }),
      ...errorResponses(401, 404),
    },
  },
  'GET /api/v1/orgs/:org/apps/:slug/responses/:id/files/:file': {
    summary:
      'One file of a response, as a download (attachment with its UTF-8 name, its checked type, nosniff)',
    tags: ['responses'],
    security: bearerSecurity,
    params: ResponseFileParams,
    response: { 200: Type.String({ description: "The file's bytes" }), ...errorResponses(401, 404) },
  },
  'DELETE /api/v1/orgs/:org/apps/:slug/responses/:id': {
    summary: 'Deletes one response (and its files)',
    tags: ['responses'],
    security: bearerSecurity,
    params: ResponseParams,
    response: { 200: Type.Object({ ok: Type.Literal(true) }), ...errorResponses(401, 404) },
  },
});
