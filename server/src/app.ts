import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { installAccess, type SignInProvider } from './auth/access';
import type { Db } from './db/client';
import { repositories, type Repositories } from './db/repositories';
import emulatorProxy, { type SignInThrottle } from './emulator-proxy';
import { EventHub, type Listen } from './events/event-hub';
import { FolderImageStore, type ImageStore } from './image-host/image-files';
import imageHost, { IMAGE_HOST_PREFIX } from './image-host/image-host';
import { PhotoCopies } from './image-host/photo-copies';
import authRoutes from './routes/auth';
import categoryRoutes from './routes/categories';
import healthRoutes from './routes/health';
import notificationRoutes from './routes/notifications';
import orderRoutes from './routes/orders';
import productRoutes from './routes/products';
import { sharedSchemas } from './routes/schemas';
import userRoutes from './routes/users';
import { API_PREFIX, DOCS_PREFIX, repoRoot } from './paths';
import { installSecurity, type CspOptions, type RateLimits } from './security';
import { webPages } from './web-pages';

/** A readiness check answers null when fine, else what is wrong. */
export type ReadinessCheck = () => Promise<string | null>;

export interface AppOptions {
  db: Db;
  /** LISTEN on the database (live events across replicas); absent: no live events arrive. */
  listen?: Listen;
  /** Checks behind GET /api/health (the database, the sign-in provider, the demo seed). */
  readinessChecks?: ReadinessCheck[];
  /** Built web app served at `/`; skipped when absent. */
  webRoot?: string;
  /** Serve the bundle's source maps (`*.map`): demo mode only, they hold every source file. */
  serveSourceMaps?: boolean;
  logger?: FastifyServerOptions['logger'];
  /**
   * The Admin SDK's Auth (verifies Firebase ID tokens, deletes sign-in accounts). Without it,
   * calls that need the sign-in provider answer 503 (codegen builds the app without one).
   */
  signIn?: SignInProvider;
  /** Signs access tokens (HS256); a random per-process secret when absent. */
  accessTokenSecret?: string;
  accessTokenTtlSeconds?: number;
  /** The image host's upload key; uploads are refused without one. */
  imageHostKey?: string;
  /** Where uploaded images are stored (default `<repo>/.data/images`, the default data folder). */
  imageDir?: string;
  /** Where the image host keeps its files; absent: the folder `imageDir`. */
  imageStore?: ImageStore;
  /**
   * host:port of the sign-in emulator (demo mode only). Its REST paths are proxied on this
   * origin, so the web app reaches the emulator wherever the app is opened from.
   */
  authEmulatorHost?: string;
  /** Failed password sign-ins per address through the emulator proxy (default 10 in 15 min). */
  signInThrottle?: SignInThrottle;
  /** What the Content-Security-Policy allows besides this origin (default: demo, same origin). */
  contentSecurityPolicy?: CspOptions;
  /** Rate limits of `/jwt`, `PUT /users`, uploads and `POST /orders`; absent: none. */
  rateLimits?: Partial<RateLimits>;
  /** Fastify's `trustProxy`: behind a load balancer, the caller's address is X-Forwarded-For's. */
  trustProxy?: FastifyServerOptions['trustProxy'];
}

/** A route as registered (the permission matrix test checks it has a row for each). */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** Kept out of the generated contract (`schema.hide`). */
  hidden: boolean;
}

/** Answers `<field>: <problem>` for the first failed rule of a request. */
function validationMessage(error: FastifyError): string {
  const all = error.validation ?? [];
  // A failed union (anyOf) is reported last, after each branch's own complaint.
  const last = all[all.length - 1];
  const first = last?.keyword === 'anyOf' ? last : all[0];
  const missing = (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
  const path = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
  const field = [path, missing].filter(Boolean).join('.') || error.validationContext || 'request';
  if (first?.keyword === 'required') return `${field}: is required`;
  const { parentSchema } = (first ?? {}) as { parentSchema?: { description?: string } };
  if (first?.keyword === 'anyOf') {
    return `${field}: must be ${parentSchema?.description ?? 'one of the allowed forms'}`;
  }
  if (first?.keyword === 'pattern') {
    if ((first.params as { pattern?: string }).pattern === '\\S')
      return `${field}: must not be blank`;
    if (parentSchema?.description) return `${field}: must be ${parentSchema.description}`;
  }
  return `${field}: ${first?.message ?? 'is not valid'}`;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    repos: Repositories;
    /** Every route registered so far. */
    registeredRoutes: RegisteredRoute[];
    /** Null when every readiness check passes, else the first problem. */
    readiness(): Promise<string | null>;
    /** The live events of the signed-in users' streams. */
    events: EventHub;
    /** The event streams open now (ended when the app closes). */
    openStreams: Set<ServerResponse>;
  }
}

export { API_PREFIX } from './paths';
/** JSON bodies are small: the largest is a product with a 4000-character description. */
export const BODY_LIMIT = 64 * 1024;

/** Firebase's own lock-out, roughly: 10 failed password sign-ins from one address in 15 minutes. */
export const DEFAULT_SIGN_IN_THROTTLE: SignInThrottle = { max: 10, windowSeconds: 15 * 60 };

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    requestIdHeader: false,
    // Unique across processes and replicas (Fastify's own ids count from 1 in each process): the
    // id a 500 answer shows a user finds that one request in the logs.
    genReqId: () => randomUUID(),
    trustProxy: options.trustProxy ?? false,
    ajv: { customOptions: { allErrors: false, coerceTypes: false, verbose: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const hidden = Boolean((route.schema as { hide?: boolean } | undefined)?.hide);
    for (const method of methods) registeredRoutes.push({ method, url: route.url, hidden });
  });

  app.decorate('db', options.db);
  const events = new EventHub(options.listen);
  app.decorate('events', events);
  app.decorate('openStreams', new Set<ServerResponse>());
  app.addHook('onReady', () => events.start());
  // Streams stay open for ever: end them, or closing the server would wait on them.
  app.addHook('preClose', (done) => {
    for (const stream of app.openStreams) stream.end();
    done();
  });
  app.addHook('onClose', () => events.close());
  app.decorate('repos', repositories(options.db));
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
      return reply.code(400).send({ message: validationMessage(error) });
    }
    const status = error.statusCode ?? 500;
    const known: Record<string, [number, string]> = {
      FST_ERR_CTP_INVALID_JSON_BODY: [400, 'body: is not valid JSON'],
      FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'body: is empty but the content type says JSON'],
      FST_ERR_CTP_BODY_TOO_LARGE: [413, `body: is larger than ${BODY_LIMIT / 1024} KB`],
      FST_ERR_CTP_INVALID_MEDIA_TYPE: [
        415,
        `content-type: ${request.headers['content-type'] ?? '(none)'} is not accepted here; send application/json`,
      ],
      FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'content-length: does not match the body'],
    };
    const answer = error.code ? known[error.code] : undefined;
    if (answer) return reply.code(answer[0]).send({ message: answer[1] });
    if (error instanceof SyntaxError && status === 400) {
      return reply.code(400).send({ message: 'body: is not valid JSON' });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message });
    }
    const code = typeof error.code === 'string' ? error.code : '';
    if (status === 503 || (!error.statusCode && /^(auth|app)\//.test(code))) {
      // A dependency (the sign-in provider) is unavailable: say so, without internals.
      request.log.warn({ err: error }, 'dependency unavailable');
      return reply
        .code(503)
        .send({ message: 'A service we depend on is unavailable; try again shortly' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply
      .code(500)
      .send({ message: 'Something went wrong on our side', requestId: request.id });
  });

  // Security headers and rate limits attach to routes as they are registered: first.
  await installSecurity(app, {
    csp: options.contentSecurityPolicy ?? { mode: 'demo' },
    rateLimits: options.rateLimits,
  });

  for (const schema of sharedSchemas) app.addSchema(schema);
  await installAccess(app, {
    signIn: options.signIn,
    secret: options.accessTokenSecret,
    ttlSeconds: options.accessTokenTtlSeconds,
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'CarDealer API',
        version: '1.0.0',
        description:
          'The used-car marketplace API. Paths, payloads and answers follow the marketplace spec §7. ' +
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

  const images =
    options.imageStore ??
    new FolderImageStore(options.imageDir ?? join(repoRoot, '.data', 'images'));
  app.decorate('photoCopies', new PhotoCopies(images));
  await app.register(
    async (api) => {
      // The API speaks JSON only: any other body is a 415.
      api.removeContentTypeParser('text/plain');
      await api.register(healthRoutes);
      await api.register(categoryRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(productRoutes);
      await api.register(orderRoutes);
      await api.register(notificationRoutes);
      api.setNotFoundHandler((request, reply) =>
        reply.code(404).send({ message: `No such call: ${request.method} ${request.url}` }),
      );
    },
    { prefix: API_PREFIX },
  );
  await app.register(imageHost, {
    prefix: IMAGE_HOST_PREFIX,
    key: options.imageHostKey ?? '',
    store: images,
  });

  if (options.authEmulatorHost) {
    await app.register(emulatorProxy, {
      upstream: options.authEmulatorHost,
      signInThrottle: options.signInThrottle ?? DEFAULT_SIGN_IN_THROTTLE,
    });
  }

  const webRoot = options.webRoot;
  const pageFor = webRoot && existsSync(join(webRoot, 'index.html')) ? webPages(webRoot) : null;
  if (webRoot && pageFor) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of the text files (scripts/build.ts).
      preCompressed: true,
      // Our own cache-control below (send's default, max-age=0, would replace it).
      cacheControl: false,
      // Source maps hold every source file: served in demo mode only (404 otherwise).
      // (A compressed copy, `.map.br`/`.map.gz`, if a build ever writes one, is a map too.)
      allowedPath: (pathName) =>
        options.serveSourceMaps === true || !/\.map(?:\.(?:br|gz))?$/i.test(pathName),
      setHeaders(res, path) {
        // The same URL answers Brotli, gzip or plain bytes by Accept-Encoding.
        res.setHeader('vary', 'accept-encoding');
        // Content-hashed assets never change; the demo pictures (public/images) are kept a day
        // and then revalidated by ETag in the background; the HTML always revalidates.
        if (/\.[0-9a-f]{8,}\./.test(path)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else if (/[\\/]images[\\/].+\.(?:svg|png|jpe?g|webp|gif)(?:\.br|\.gz)?$/.test(path)) {
          res.setHeader('cache-control', 'public, max-age=86400, stale-while-revalidate=604800');
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
    if (wantsPage && pageFor) {
      // A prerendered public page, the app shell for the app's other routes, or not found (404).
      const page = pageFor(request.url.split('?')[0]);
      return reply
        .code(page.status)
        .header('cache-control', 'no-cache')
        .sendFile(page.file, webRoot);
    }
    return reply.code(404).send({ message: `Not found: ${request.method} ${request.url}` });
  });

  return app;
}
