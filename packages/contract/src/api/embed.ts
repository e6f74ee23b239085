// What an embedding page asks before anything else: whether its origin may call the platform (CORS_ORIGINS).
import { Type } from 'typebox';
import { defineEndpoints } from '../endpoint.js';

export const EmbedOriginReply = Type.Object({
  ok: Type.Literal(true),
  origin: Type.Union([Type.String(), Type.Null()], {
    description:
      'The request’s `Origin` header as the platform read it; null when it sent none (same origin)',
  }),
  allowed: Type.Boolean({
    description:
      'Whether a page of this origin may call the client endpoints (catalog, consent, proxy): it is in ' +
      '`CORS_ORIGINS`, or the request had no `Origin`',
  }),
  mapLink: Type.String({
    description:
      'The https map link openMap opens where the host has no map (`MAP_LINK_TEMPLATE`): `{latitude}`, ' +
      '`{longitude}` and `{label}` are filled in, each URL-encoded',
  }),
});
export type EmbedOrigin = Type.Static<typeof EmbedOriginReply>;

export const embedEndpoints = defineEndpoints({
  'GET /embed/origin': {
    summary: 'Whether the calling page’s origin may embed mini-apps (is in CORS_ORIGINS); public, any origin',
    description:
      'Answered to every origin (`Access-Control-Allow-Origin: *`, no credentials) so `<miniapp-view>` on a page ' +
      'the platform does not allow can say why instead of failing on CORS. Reads only the `Origin` header.',
    tags: ['embed'],
    response: { 200: EmbedOriginReply },
  },
});
