import { join } from 'node:path';
import type { Auth } from 'firebase-admin/auth';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp, type AppOptions, type ReadinessCheck } from './app';
import { emulatorProblem, firebaseAuth } from './platform/caller/firebase-admin';
import { DigestScheduler } from './alerts/digest';
import { VinDecoder } from './vehicles/vin-decoder';
import { folderTransport, smtpTransport } from './platform/mail/mail-worker';
import { MailWorker } from './marketplace-mail';
import {
  ConfigError,
  isLoopback,
  loadServerConfig,
  OPEN_DEMO_WARNING,
  type ServerConfig,
} from './config';
import { openDatabase, type Database } from './platform/db/client';
import { accessTokenSecret } from './platform/db/secrets';
import { acquirePgliteLock } from './platform/db/pglite-lock';
import { seedDemoData } from './scripts/seed';
import { seedReferenceData } from './scripts/reference-data';
import { imageStoreFor } from './images/database-image-store';
import type { ImageStore } from './images/image-files';
import { addOperatorMetrics } from './ops-metrics';
import { startMetricsServer, type MetricsServer } from './platform/ops/metrics-server';
import { takePgliteBackup } from './platform/ops/backups';
import { shutDown } from './platform/ops/shutdown';

/** The app's options: the configuration's, and what `main` made of it before building the app. */
function appOptions(
  config: ServerConfig,
  database: Database,
  made: { checks: ReadinessCheck[]; auth: Auth; images: ImageStore; secret: string },
): AppOptions {
  return {
    db: database.db,
    readDb: database.readDb,
    standbys: database.standbys,
    listen: database.listen,
    readinessChecks: made.checks,
    webRoot: config.webRoot,
    serveSourceMaps: config.mode === 'demo',
    logger: { level: config.logLevel },
    signIn: made.auth,
    accessTokenSecret: made.secret,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    imageHostKey: config.imageHostKey,
    imageStore: made.images,
    imageWork: config.imageWork,
    authEmulatorHost: config.authEmulatorHost,
    signInThrottle: config.signInThrottle,
    signUpThrottle: config.signUpThrottle,
    rateLimits: config.rateLimits,
    // Replicas on one PostgreSQL count together: each limit holds once for the whole cluster.
    rateLimitStore: database.kind === 'postgres' ? 'database' : 'memory',
    contentSecurityPolicy: config.contentSecurityPolicy,
    publicOrigin: config.publicOrigin,
    imageOrigins: config.imageOrigins,
    newSellerDailyCars: config.newSellerDailyCars,
    importAllowance: config.importAllowance,
    importDir: join(config.dataDir, 'imports'),
    streamsPerAddress: config.streamsPerAddress,
    vinDecoder: new VinDecoder({ budgetMs: config.vinDecodeBudgetMs }),
    marketTrust: config.marketTrust,
    // Believe the nearest `TRUST_PROXY_HOPS` proxies' X-Forwarded-For (hop 0 is the nearest).
    trustProxy: config.trustProxyHops
      ? (_address: string, hop: number) => hop < config.trustProxyHops
      : false,
  };
}

/** Seeds the demo data, retrying until the sign-in emulator (it may still be starting) answers. */
async function seedDemoWhenUp(
  database: Database,
  auth: Auth,
  emulatorHost: string | undefined,
  log: FastifyBaseLogger,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (emulatorHost && (await emulatorProblem(emulatorHost)))
        throw new Error('emulator not up yet');
      await seedDemoData(database.db, auth);
      return;
    } catch (error) {
      if (attempt % 10 === 0) log.warn({ err: error }, 'still waiting to seed demo data');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * The operator's calls beside the metrics: on PGlite, POST /backup makes a backup (only this
 * process may read its folder); PostgreSQL's backups are pgBackRest's, made beside the server.
 */
function opsActions(database: Database, config: ServerConfig) {
  return {
    '/backup': async () => {
      if (database.kind !== 'pglite') {
        throw Object.assign(
          new Error('This server runs on PostgreSQL, which pgBackRest backs up: npm run backup'),
          { status: 409 },
        );
      }
      return takePgliteBackup(database, config.dataDir, config.ops.backupKeep);
    },
  };
}

/** GET /metrics on METRICS_PORT; a port in use is a warning, not a reason to stay down. */
async function serveMetrics(
  app: FastifyInstance,
  database: Database,
  config: ServerConfig,
): Promise<MetricsServer | null> {
  const where = config.ops.metrics;
  if (!where) return null;
  addOperatorMetrics(app, database);
  app.metrics.addProcessMetrics();
  try {
    const server = await startMetricsServer(
      where.host,
      where.port,
      () => app.metrics.render(),
      opsActions(database, config),
    );
    app.log.info(`metrics: http://${where.host}:${server.port}/metrics`);
    return server;
  } catch (error) {
    app.log.warn(
      { err: error },
      `metrics: port ${where.port} is not free; none served (choose METRICS_PORT=…)`,
    );
    return null;
  }
}

/** Starts the API server: database, migrations, seed, then listen. */
async function main(): Promise<void> {
  const config = loadServerConfig();
  // PGlite's data folder is for one process at a time (make-admin checks this lock).
  const releaseLock = config.databaseUrl ? () => {} : acquirePgliteLock(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: join(config.dataDir, 'pglite'),
    poolSize: config.databasePoolSize,
    readUrls: config.databaseReadUrls,
  });
  await database.migrate();
  await seedReferenceData(database.db);
  const secret = await accessTokenSecret(config.accessTokenSecret, database.db);

  const checks: ReadinessCheck[] = [
    async () => {
      await database.ping();
      return null;
    },
  ];
  const emulatorHost = config.authEmulatorHost;
  if (emulatorHost) checks.push(() => emulatorProblem(emulatorHost));

  let demoReady = config.mode !== 'demo';
  if (config.mode === 'demo')
    checks.push(async () => (demoReady ? null : 'demo data is being prepared'));

  const auth = firebaseAuth(config);
  // Photos in the database on PostgreSQL (every replica serves them), else in the data folder.
  const imageDir = join(config.dataDir, 'images');
  const images = imageStoreFor(database, imageDir);
  const app = await buildApp(appOptions(config, database, { checks, auth, images, secret }));

  let mail: MailWorker | null = null;
  // The daily digests of alerts: every replica looks each minute; one enqueues each (alerts/digest.ts).
  const digests = new DigestScheduler(database.db, {
    hour: config.alertDigestHour,
    log: app.log,
  });
  let metricsServer: MetricsServer | null = null;
  let closing = false;
  // Not ready at once, the requests in flight finished, the streams told to reconnect, the
  // workers stopped after their batch, the database closed (platform/ops/shutdown.ts).
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: draining, then closing`);
    const code = await shutDown(app, {
      drainMs: config.ops.shutdownDrainMs,
      steps: [
        { name: 'the alert digests', run: () => digests.stop() },
        { name: 'the mail worker', run: () => mail?.stop() },
        { name: 'the metrics', run: () => metricsServer?.close() },
        { name: 'the database', run: () => database.close() },
      ],
    });
    releaseLock();
    app.log.info(`${signal}: closed`);
    process.exit(code);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  metricsServer = await serveMetrics(app, database, config);
  app.log.info(
    database.kind === 'postgres' ? 'photos: kept in the database' : `photos: kept in ${imageDir}`,
  );
  for (const standby of database.standbys?.status() ?? []) {
    app.log.info(
      `catalogue reads: standby ${standby.name} ${standby.inUse ? 'in use' : `out of use (${standby.reason})`}`,
    );
  }
  digests.start();
  // E-mail, sent from the outbox once the app listens: SMTP when configured; demo mode writes
  // .eml files; production without SMTP_URL starts all the same (a notification is also shown in
  // the app) and keeps the mails queued, with a warning, until a server with SMTP_URL sends them.
  const mailFolder = join(config.dataDir, 'mail');
  const transport = config.smtpUrl
    ? smtpTransport(config.smtpUrl)
    : config.mode === 'demo'
      ? folderTransport(mailFolder)
      : null;
  if (transport) {
    mail = new MailWorker(database.db, transport, {
      from: config.mailFrom,
      origin: config.publicOrigin,
      listen: database.listen,
      log: app.log,
    });
    await mail.start();
    app.log.info(config.smtpUrl ? 'e-mail: through SMTP_URL' : `e-mail: written to ${mailFolder}`);
    if (config.mode === 'production' && !process.env.PUBLIC_ORIGIN) {
      app.log.warn(
        `e-mail: PUBLIC_ORIGIN is not set, so links in e-mails lead to ${config.publicOrigin}`,
      );
    }
  } else {
    app.log.warn('e-mail: SMTP_URL is not set, so e-mails stay queued in the outbox');
  }
  if (config.mode === 'demo' && !isLoopback(config.host)) {
    app.log.warn(`HOST=${config.host}: ${OPEN_DEMO_WARNING}`);
  }

  if (config.mode === 'demo') {
    await seedDemoWhenUp(database, auth, emulatorHost, app.log);
    demoReady = true;
    app.log.info('demo data ready');
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
