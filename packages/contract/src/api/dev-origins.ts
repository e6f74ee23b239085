// The developer's own origin on their machine behind a development platform (`miniapps dev --origin`).
import { Type } from 'typebox';
import { defineEndpoints } from '../endpoint.js';
import { AppParams, bearerSecurity, errorResponses } from './common.js';

export const DevOriginBody = Type.Object(
  {
    port: Type.Integer({
      minimum: 1,
      maximum: 65535,
      description: 'The port on 127.0.0.1 where the https server for the name listens',
    }),
    caCertificate: Type.String({
      maxLength: 16_384,
      description:
        'PEM certificate of the authority that signed that server certificate; trusted for this name only',
    }),
  },
  // No address or name of the caller's choosing: the name is the app's, the address always loopback.
  { additionalProperties: false },
);
export type DevOriginRegistration = Type.Static<typeof DevOriginBody>;

export const DevOriginSchema = Type.Object({
  ok: Type.Literal(true),
  name: Type.String({ description: 'The reserved name: `<slug>.<org>.dev.test`' }),
  origin: Type.String({ description: 'The origin to give the app: `https://<name>`' }),
  address: Type.String({ description: 'Where the platform connects for that name: `127.0.0.1:<port>`' }),
});
export type DevOrigin = Type.Static<typeof DevOriginSchema>;

export const devOriginEndpoints = defineEndpoints({
  'PUT /api/v1/dev/origins/:org/:slug': {
    summary: "Send the remote app's reserved local name to a port of this machine (development only)",
    description:
      'Pins `<slug>.<org>.dev.test` to `127.0.0.1:<port>` and trusts `caCertificate` for that name only, until ' +
      'the platform restarts; registering again replaces both. A member of the organization registers its ' +
      "remote apps. The app's origin is not changed: set it to the returned `origin`. 403 " +
      '`dev_origins_disabled` in production or with `DEV_LOGIN=false`, like the dev login.',
    tags: ['apps'],
    security: bearerSecurity,
    params: AppParams,
    body: DevOriginBody,
    response: { 200: DevOriginSchema, ...errorResponses(400, 401, 403, 404, 422) },
  },
});
