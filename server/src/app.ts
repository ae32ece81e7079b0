import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { lazySchemas } from './platform/http/lazy-schemas';
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { installAccess } from './platform/caller/access';
import type { Db } from './platform/db/client';
import { repositories, type Repositories } from './repositories';
import emulatorProxy, { type SignInThrottle } from './accounts/emulator-proxy';
import { VinDecoder } from './vehicles/vin-decoder';
import { EventHub } from './platform/events/event-hub';
import { accountStates } from './platform/events/missed-account-ends';
import { missedNotifications } from './platform/events/missed-notifications';
import apiDocs from './platform/http/api-docs';
import { catalogueCacheMs } from './platform/cache/catalogue-cache';
import catalogueSync from './platform/cache/catalogue-sync';
import { MarketFitsCache } from './valuation/market-fits-cache';
import dealRatios, { DEAL_REFRESH_DELAY_MS, DEAL_REFRESH_POLL_MS } from './valuation/deal-ratios';
import alertMatching, { ALERT_MATCH_DELAY_MS, ALERT_MATCH_POLL_MS } from './alerts/alert-matching';
import errorHandler from './platform/http/error-handler';
import nulCheck from './platform/http/nul-check';
import rateLimits from './platform/http/rate-limits';
import sitemap from './pages/sitemap';
import securityHeaders from './platform/http/security-headers';
import webApp from './pages/web-app';
import { FolderImageStore, type ImageStore } from './images/image-files';
import imageHost, { IMAGE_HOST_PREFIX } from './images/image-host';
import { PhotoCopies } from './images/photo-copies';
import { DEFAULT_IMAGE_WORK, ImageWork, setImageThreads } from './images/image-work';
import accountsApi from './accounts/plugin';
import placesApi from './places/plugin';
import alertsApi, { alertsUnsubscribe } from './alerts/plugin';
import bookingsApi from './bookings/plugin';
import carsApi, { adminCategorySchemas } from './cars/plugin';
import searchApi from './search/plugin';
import trustApi from './trust/plugin';
import vehiclesApi from './vehicles/plugin';
import valuationApi from './valuation/plugin';
import insightsApi from './insights/plugin';
import { DEFAULT_VIEW_COUNTING, ViewCounter } from './insights/view-counter';
import importsApi from './imports/plugin';
import healthRoutes from './platform/http/health';
import { Metrics } from './platform/ops/metrics';
import requestTelemetry, { requestIds, serializeRequest } from './platform/ops/request-telemetry';
import { reportSchemas } from './trust/report-schemas';
import {
  AccessToken,
  DeleteResult,
  ErrorMessage,
  Health,
  InsertResult,
  Unavailable,
  UpdateResult,
  UpsertResult,
  User,
} from './platform/http/schemas';
import { Order, OrderStatus } from './bookings/booking-schemas';
import { Category, ListingModeration, PhotoCopy, Product, SellerRating } from './cars/car-schemas';
import { searchSchemas } from './search/search-schemas';
import { trustCarChecks } from './trust/car-checks';
import { DEFAULT_MARKET_TRUST } from './valuation/market-trust';
import { API_PREFIX, repoRoot } from './platform/paths';

import type { AppOptions } from './app-options';

export type { AppOptions, ReadinessCheck } from './app-options';

/** A route as registered (the permission matrix test checks it has a row for each). */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** Kept out of the generated contract (`schema.hide`). */
  hidden: boolean;
  /** Changes what the catalogue shows (`config: CATALOGUE_WRITE`). */
  catalogueWrite: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    repos: Repositories;
    /**
     * The same repositories on the catalogue's read handle: a standby when one is in use and
     * fresh, else the primary. For the catalogue's public reads only (categories, category
     * pages, the advertisement, search, facets, a car's page, seller pages, sitemaps); writes,
     * and reads a write depends on, use `repos`.
     */
    readRepos: Repositories;
    /** Every route registered so far. */
    registeredRoutes: RegisteredRoute[];
    /** Null when every readiness check passes, else the first problem. */
    readiness(): Promise<string | null>;
    /** The live events of the signed-in users' streams. */
    events: EventHub;
    /** The event streams open now (ended when the app closes). */
    openStreams: Set<ServerResponse>;
    /** The one line this process's image work (uploads, photo copies) waits in. */
    imageWork: ImageWork;
  }
}

export { API_PREFIX } from './platform/paths';
/** The app's address when none is given (the local server's default). */
export const DEFAULT_PUBLIC_ORIGIN = 'http://localhost:8080';

/** JSON bodies are small: the largest is a product with a 4000-character description. */
export const BODY_LIMIT = 64 * 1024;

/** Firebase's own lock-out, roughly: 10 failed password sign-ins from one address in 15 minutes. */
export const DEFAULT_SIGN_IN_THROTTLE: SignInThrottle = { max: 10, windowSeconds: 15 * 60 };
/** Sign-ups from one address: a household registers a few accounts, a script hundreds. */
export const DEFAULT_SIGN_UP_THROTTLE: SignInThrottle = { max: 10, windowSeconds: 3600 };

/** The logger's options with the request logged as `serializeRequest` has it (no secrets). */
function withSerializers(logger: AppOptions['logger']): AppOptions['logger'] {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return { ...base, serializers: { req: serializeRequest, ...base.serializers } };
}

/** The last event of a stream the server ends as it shuts down. */
const RESTARTING_EVENT = `event: end\ndata: ${JSON.stringify({ reason: 'restarting' })}\n\n`;

/** A new Fastify instance: its logger, limits, request ids, schema compilers and route list. */
function newApp(options: AppOptions) {
  const schemas = lazySchemas();
  const app = Fastify({
    logger: withSerializers(options.logger),
    bodyLimit: BODY_LIMIT,
    requestIdHeader: false,
    // Unique across processes and replicas (Fastify's own ids count from 1 in each process); a
    // trusted proxy's own id is kept (request-telemetry.ts).
    genReqId: requestIds(Boolean(options.trustProxy)),
    trustProxy: options.trustProxy ?? false,
    ajv: {
      // No check of each schema against JSON Schema's meta-schema when it is added: compiling the
      // meta-schema took 0.1 s of every start (and of every server test file). Ajv's strict mode
      // still refuses a malformed schema when it compiles (a wrong type, a keyword's value of the
      // wrong kind, an unknown keyword), and a test compiles every route's schemas.
      customOptions: { allErrors: false, coerceTypes: false, verbose: true, validateSchema: false },
    },
    schemaController: { compilersFactory: schemas.compilersFactory },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.decorate('compileSchemas', schemas.compileAll);
  app.decorate('metrics', new Metrics());

  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const hidden = Boolean((route.schema as { hide?: boolean } | undefined)?.hide);
    const catalogueWrite =
      (route.config as { catalogueWrite?: boolean } | undefined)?.catalogueWrite === true;
    for (const method of methods) {
      registeredRoutes.push({ method, url: route.url, hidden, catalogueWrite });
    }
  });

  return app;
}

/**
 * The database and its repositories (the primary's and the catalogue's read handle), the live
 * events, the VIN decoder and the background work that follows the catalogue; the readiness
 * checks. Answers the access tokens' secret and the VIN decoder the routes use.
 */
async function registerData(app: FastifyInstance, options: AppOptions) {
  app.decorate('db', options.db);
  const events = new EventHub(options.listen, options.streamsPerAddress, {
    notifications: missedNotifications(options.db),
    accounts: accountStates(options.db),
  });
  app.decorate('events', events);
  app.decorate('openStreams', new Set<ServerResponse>());
  app.decorate('lifecycle', { draining: false });
  app.addHook('onReady', () => events.start());
  // Streams stay open for ever: end them, or closing the server would wait on them. Each is told
  // why, and the web app reconnects (through the load balancer, to a replica that stays).
  app.addHook('preClose', (done) => {
    for (const stream of app.openStreams) {
      if (!stream.writableEnded) stream.end(RESTARTING_EVENT);
    }
    done();
  });
  app.addHook('onClose', () => events.close());
  const vinDecoder = options.vinDecoder ?? new VinDecoder();
  app.addHook('onClose', () => vinDecoder.close());
  const secret = options.accessTokenSecret ?? randomBytes(48).toString('base64url');
  const repositoryOptions = {
    cursorSecret: secret,
    searchCandidates: options.searchCandidates,
    searchExactTotals: options.searchExactTotals,
    marketTrust: options.marketTrust,
    // One for both handles: the refresh (on the primary) clears what the valuation reads.
    marketFits: new MarketFitsCache(),
  };
  const repos = repositories(options.db, repositoryOptions);
  app.decorate('repos', repos);
  app.decorate(
    'readRepos',
    options.readDb && options.readDb !== options.db
      ? repositories(options.readDb, repositoryOptions)
      : repos,
  );
  options.standbys?.useLog(app.log);
  await app.register(catalogueSync, {
    ttlMs: options.catalogueCacheMs ?? catalogueCacheMs(),
    listen: options.listen,
    standbys: options.standbys,
  });
  await app.register(dealRatios, {
    delayMs: options.dealRatios?.delayMs ?? DEAL_REFRESH_DELAY_MS,
    pollMs: options.dealRatios?.pollMs ?? DEAL_REFRESH_POLL_MS,
  });
  await app.register(alertMatching, {
    delayMs: options.alertMatching?.delayMs ?? ALERT_MATCH_DELAY_MS,
    pollMs: options.alertMatching?.pollMs ?? ALERT_MATCH_POLL_MS,
    batch: options.alertMatching?.batch,
  });
  app.decorate('carViews', carViewCounter(app, options));
  const checks = options.readinessChecks ?? [];
  app.decorate('readiness', async () => {
    for (const check of checks) {
      const problem = await check().catch((error: Error) => error.message);
      if (problem) return problem;
    }
    return null;
  });

  return { secret, vinDecoder };
}

/**
 * The car views' counter: started with the app, its last views written as it closes (before the
 * database does: the shutdown closes the app first).
 */
function carViewCounter(app: FastifyInstance, options: AppOptions): ViewCounter {
  const dropped = app.metrics.counter(
    'cardealer_car_views_dropped_total',
    'Car views not written: past the waiting cap (full) or their write failed (failed)',
    ['reason'],
  );
  const recorded = app.metrics.counter(
    'cardealer_car_views_recorded_total',
    'Car views noted to be written (robots and repeats of the same visitor left out)',
    [],
  );
  const counter = new ViewCounter(
    options.db,
    { ...DEFAULT_VIEW_COUNTING, ...options.viewCounting },
    {
      recorded: () => recorded.inc(),
      dropped: (reason, count) => dropped.inc({ reason }, count),
    },
    (error) => app.log.error({ err: error }, 'car views were not written'),
  );
  app.addHook('onReady', () => counter.start());
  app.addHook('onClose', () => counter.close());
  return counter;
}

/** What the API's routes are given beside the options. */
interface ApiDeps {
  publicOrigin: string;
  images: ImageStore;
  vinDecoder: VinDecoder;
}

/** The API's routes, each domain's plugin (under API_PREFIX), and its JSON 404. */
async function apiRoutes(api: FastifyInstance, options: AppOptions, deps: ApiDeps) {
  const { publicOrigin, images, vinDecoder } = deps;
  // The API speaks JSON only: any other body is a 415.
  api.removeContentTypeParser('text/plain');
  await api.register(healthRoutes);
  const photoOrigins = { publicOrigin, imageOrigins: options.imageOrigins ?? [] };
  const flags = {
    images,
    newSellerDailyCars: options.newSellerDailyCars ?? 3,
    marketTrust: options.marketTrust ?? DEFAULT_MARKET_TRUST,
  };
  const checks = trustCarChecks(api, flags);
  // Each domain's routes, by the domain's plugin.
  await api.register(placesApi);
  await api.register(accountsApi, { publicOrigin });
  await api.register(carsApi, { photoOrigins, checks });
  await api.register(searchApi, { photoOrigins, checks });
  await api.register(bookingsApi);
  await api.register(alertsApi);
  await api.register(trustApi);
  await api.register(vehiclesApi, { decoder: vinDecoder });
  await api.register(valuationApi, { decoder: vinDecoder });
  await api.register(insightsApi);
  await api.register(importsApi, {
    photoOrigins,
    checks,
    decoder: vinDecoder,
    images,
    dir: options.importDir ?? join(repoRoot, '.data', 'imports'),
    allowance: options.importAllowance,
    batch: options.importBatch,
  });
  api.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ message: `No such call: ${request.method} ${request.url}` }),
  );
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const publicOrigin = options.publicOrigin ?? DEFAULT_PUBLIC_ORIGIN;
  const app = newApp(options);
  const { secret, vinDecoder } = await registerData(app, options);

  // Cross-cutting HTTP concerns first: the rate limits attach to routes as they are registered.
  await app.register(requestTelemetry);
  await app.register(errorHandler, { bodyLimit: BODY_LIMIT });
  await app.register(securityHeaders, { csp: options.contentSecurityPolicy ?? { mode: 'demo' } });
  await app.register(nulCheck);
  await app.register(rateLimits, {
    rateLimits: options.rateLimits,
    store: options.rateLimitStore,
  });

  for (const schema of [
    // The contract's shared components, in the order the contract lists them.
    ...[ErrorMessage, Health, Unavailable, Category, User, PhotoCopy, ListingModeration],
    ...[SellerRating, Product, OrderStatus, Order, InsertResult, UpdateResult, UpsertResult],
    ...[DeleteResult, AccessToken],
    ...searchSchemas,
    ...adminCategorySchemas,
    ...reportSchemas,
  ])
    app.addSchema(schema);
  await installAccess(app, {
    signIn: options.signIn,
    secret,
    ttlSeconds: options.accessTokenTtlSeconds,
  });

  await app.register(apiDocs);

  const images =
    options.imageStore ??
    new FolderImageStore(options.imageDir ?? join(repoRoot, '.data', 'images'));
  const imageWork = new ImageWork({ ...DEFAULT_IMAGE_WORK, ...options.imageWork });
  setImageThreads(imageWork.limits.threads);
  app.decorate('imageWork', imageWork);
  app.decorate('photoCopies', new PhotoCopies(images, imageWork));
  await app.register(async (api) => apiRoutes(api, options, { publicOrigin, images, vinDecoder }), {
    prefix: API_PREFIX,
  });
  await app.register(imageHost, {
    prefix: IMAGE_HOST_PREFIX,
    key: options.imageHostKey ?? '',
    store: images,
    work: imageWork,
  });

  if (options.authEmulatorHost) {
    await app.register(emulatorProxy, {
      upstream: options.authEmulatorHost,
      signInThrottle: options.signInThrottle ?? DEFAULT_SIGN_IN_THROTTLE,
      signUpThrottle: options.signUpThrottle ?? DEFAULT_SIGN_UP_THROTTLE,
      // Failed sign-ins are counted where the other limits are: every replica sees them.
      store: options.rateLimitStore,
    });
  }

  // One-click unsubscribe from alert e-mails: the API's POST and the page a person opens.
  await app.register(alertsUnsubscribe);
  await app.register(sitemap, {
    publicOrigin,
    perFile: options.sitemapUrlsPerFile,
    rowsPerRead: options.sitemapRowsPerRead,
  });
  await app.register(webApp, {
    webRoot: options.webRoot,
    serveSourceMaps: options.serveSourceMaps,
    publicOrigin,
  });

  return app;
}
