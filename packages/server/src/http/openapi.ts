// OpenAPI 3 generated from the route schemas, at /openapi.json, with a docs page served from local files.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/**
 * The docs page loads only its own files (Swagger UI's page has no inline script); styles may be inline, as
 * Swagger UI sets some on the elements it renders. No frames, forms, plugins or other origins.
 */
const DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
].join('; ');

/** The docs page's CSP; over https, subresources are upgraded too. */
export function docsCsp(publicUrl: string | undefined): string {
  return publicUrl?.startsWith('https:') ? `${DOCS_CSP}; upgrade-insecure-requests` : DOCS_CSP;
}

export async function registerOpenApi(app: FastifyInstance, publicUrl: string | undefined): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'miniapps platform',
        version: '1',
        description:
          'Management API (user JWT), automation endpoints (deploy token), the secured proxy and service calls. Errors: {ok:false, error, message, details?}.',
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A user JWT; on the proxy also an app session token (its own app only); a deploy token on the automation endpoints',
          },
        },
      },
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    // On every /docs answer: the page, its files and its redirect (nosniff: http/security-headers.ts).
    staticCSP: docsCsp(publicUrl),
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
