/**
 * The contract: the OpenAPI document built from the routes' schemas (`npm run codegen` writes it
 * to api/openapi.json) and Swagger UI at DOCS_PREFIX. Register before the routes, so it sees them.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { DOCS_PREFIX } from '../paths';

const apiDocs: FastifyPluginAsync = async (app) => {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'CarDealer API',
        version: '1.0.0',
        description:
          'The used-car marketplace API; every call, its payload and its answers: docs/api.md. ' +
          'Get an access token from `GET /api/jwt` with a Firebase ID token, then send ' +
          '`authorization: bearer <accessToken>` (use Authorize). Who may call what: docs/api.md.',
      },
      components: {
        securitySchemes: {
          accessToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'The access token from GET /api/jwt',
          },
          firebaseIdToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'A Firebase ID token (GET /api/jwt, PUT /api/users)',
          },
        },
      },
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`),
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
};

export default fp(apiDocs, { name: 'api-docs' });
