// OpenAPI 3 generated from the route schemas, at /openapi.json, with a docs page served from local files.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
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
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
