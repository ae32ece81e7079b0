import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './db/client';
import categoryRoutes from './routes/categories';
import healthRoutes from './routes/health';
import { sharedSchemas } from './routes/schemas';

/** A readiness check answers null when fine, else what is wrong. */
export type ReadinessCheck = () => Promise<string | null>;

export interface AppOptions {
  db: Db;
  /** Checks behind GET /api/health (the database, the sign-in provider, the demo seed). */
  readinessChecks?: ReadinessCheck[];
  /** Built web app served at `/`; skipped when absent. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** Null when every readiness check passes, else the first problem. */
    readiness(): Promise<string | null>;
  }
}

export const API_PREFIX = '/api';

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 64 * 1024,
    requestIdHeader: false,
    ajv: { customOptions: { allErrors: false, coerceTypes: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('db', options.db);
  const checks = options.readinessChecks ?? [];
  app.decorate('readiness', async () => {
    for (const check of checks) {
      const problem = await check().catch((error: Error) => error.message);
      if (problem) return problem;
    }
    return null;
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const first = error.validation[0];
      const field =
        first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ||
        (first?.params as { missingProperty?: string } | undefined)?.missingProperty ||
        error.validationContext ||
        'request';
      return reply.code(400).send({ message: `${field}: ${first?.message ?? 'is not valid'}` });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply
      .code(500)
      .send({ message: 'Something went wrong on our side', requestId: request.id });
  });

  for (const schema of sharedSchemas) app.addSchema(schema);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'CarDealer API',
        version: '1.0.0',
        description:
          'The used-car marketplace API. Paths, payloads and answers follow the marketplace spec §7.',
      },
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`),
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(categoryRoutes);
      api.setNotFoundHandler((request, reply) =>
        reply.code(404).send({ message: `No such call: ${request.method} ${request.url}` }),
      );
    },
    { prefix: API_PREFIX },
  );

  const webRoot = options.webRoot;
  if (webRoot && existsSync(join(webRoot, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        // Content-hashed assets never change; the HTML always revalidates.
        if (/\.[0-9a-f]{8,}\./.test(path)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('cache-control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      request.method === 'GET' &&
      !request.url.startsWith(`${API_PREFIX}/`) &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && webRoot && existsSync(join(webRoot, 'index.html'))) {
      // The single-page app owns every other path, including its own not-found page.
      return reply.header('cache-control', 'no-cache').sendFile('index.html', webRoot);
    }
    return reply.code(404).send({ message: `Not found: ${request.method} ${request.url}` });
  });

  return app;
}
