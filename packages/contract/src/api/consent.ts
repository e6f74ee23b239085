// The signed-in user's consent per app: which scopes they grant it.
import { Type } from 'typebox';
import { defineEndpoints } from '../endpoint.js';
import { AppParams, bearerSecurity, errorResponses, ScopeSchema } from './common.js';

export const ConsentReply = Type.Object({
  ok: Type.Literal(true),
  scopes: Type.Array(ScopeSchema, { description: 'Granted and declared: what the app receives.' }),
  declared: Type.Array(ScopeSchema, { description: 'What the app asks for.' }),
  updatedAt: Type.Union([Type.String(), Type.Null()], { description: 'Null until the first choice.' }),
});
/** What the app receives (`scopes`: granted and declared), what it declares, and when the user last chose. */
export type Consent = Omit<Type.Static<typeof ConsentReply>, 'ok'>;

export const ConsentBody = Type.Object(
  { scopes: Type.Array(ScopeSchema, { maxItems: 10, uniqueItems: true }) },
  { additionalProperties: false },
);

export const consentEndpoints = defineEndpoints({
  'GET /api/v1/me/apps/:org/:slug/consent': {
    summary: 'The scopes I grant this app',
    description:
      'Private to the user, with an ETag: send it as If-None-Match for a 304 when nothing changed.',
    tags: ['consent'],
    security: bearerSecurity,
    params: AppParams,
    response: { 200: ConsentReply, ...errorResponses(401, 404) },
  },
  'PUT /api/v1/me/apps/:org/:slug/consent': {
    summary: 'Grant exactly these scopes (an empty list withdraws all)',
    tags: ['consent'],
    security: bearerSecurity,
    params: AppParams,
    body: ConsentBody,
    response: { 200: ConsentReply, ...errorResponses(400, 401, 404, 422) },
  },
});
