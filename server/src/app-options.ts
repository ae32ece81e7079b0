import type { FastifyServerOptions } from 'fastify';
import type { SignInProvider } from './platform/caller/access';
import type { AlertMatchingOptions } from './alerts/alert-matching';
import type { DealRatiosOptions } from './valuation/deal-ratios';
import type { MarketTrust } from './valuation/market-trust';
import type { ImportAllowance } from './imports/plugin';
import type { VinDecoder } from './vehicles/vin-decoder';
import type { Db } from './platform/db/client';
import type { Standbys } from './platform/db/standbys';
import type { SignInThrottle } from './accounts/emulator-proxy';
import type { Listen } from './platform/events/event-hub';
import type { RateLimits } from './platform/http/rate-limits';
import type { CspOptions } from './platform/http/security-headers';
import type { ImageStore } from './images/image-files';
import type { ImageWorkLimits } from './images/image-work';
import type { ViewCountingOptions } from './insights/view-counter';

/** What `buildApp` (app.ts) is built with: every option but the database has a default. */
/** A readiness check answers null when fine, else what is wrong. */
export type ReadinessCheck = () => Promise<string | null>;

export interface AppOptions {
  db: Db;
  /**
   * The catalogue's reads (DATABASE_READ_URL's standbys, with the primary behind them: client.ts);
   * absent: `db`.
   */
  readDb?: Db;
  /** The standbys behind `readDb`: a catalogue write's answer also waits for them. */
  standbys?: Standbys;
  /**
   * `NEW_SELLER_DAILY_CARS`: cars a new account posts freely on its first day; its later ones
   * wait for a moderator's approval. Default 3; 0 turns it off.
   */
  newSellerDailyCars?: number;
  /**
   * `RATE_LIMIT_STREAMS_PER_ADDRESS`: the live event streams one address may hold open on this
   * process (default MAX_STREAMS_PER_ADDRESS; 0: no limit).
   */
  streamsPerAddress?: number;
  /**
   * How the market values weigh sellers, and what makes a burst of new accounts' listings
   * (`MARKET_…`, `LISTING_BURST_…`; default DEFAULT_MARKET_TRUST).
   */
  marketTrust?: MarketTrust;
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
  /**
   * Signs access tokens (HS256) and, through a key derived from it, paging cursors; a random
   * per-process secret when absent.
   */
  accessTokenSecret?: string;
  accessTokenTtlSeconds?: number;
  /** The image host's upload key; uploads are refused without one. */
  imageHostKey?: string;
  /** Where uploaded images are stored (default `<repo>/.data/images`, the default data folder). */
  imageDir?: string;
  /** Where the image host keeps its files; absent: the folder `imageDir`. */
  imageStore?: ImageStore;
  /** How much image work runs at once, waits, and may cost (absent: DEFAULT_IMAGE_WORK's). */
  imageWork?: Partial<ImageWorkLimits>;
  /**
   * host:port of the sign-in emulator (demo mode only). Its REST paths are proxied on this
   * origin, so the web app reaches the emulator wherever the app is opened from.
   */
  authEmulatorHost?: string;
  /** Failed password sign-ins per address through the emulator proxy (default 10 in 15 min). */
  signInThrottle?: SignInThrottle;
  /** Sign-ups per address through the emulator proxy (default 10 an hour; `max: 0`: none). */
  signUpThrottle?: SignInThrottle;
  /** What the Content-Security-Policy allows besides this origin (default: demo, same origin). */
  contentSecurityPolicy?: CspOptions;
  /** Rate limits of `/jwt`, `PUT /users`, uploads and `POST /orders`; absent: none. */
  rateLimits?: Partial<RateLimits>;
  /**
   * Count them (and the emulator proxy's failed sign-ins) in this process (`memory`, the
   * default) or in the database, for every replica.
   */
  rateLimitStore?: 'memory' | 'database';
  /** How long catalogue answers are kept (ms, at most 1000; 0: none). Default CATALOGUE_CACHE_MS. */
  catalogueCacheMs?: number;
  /** When the deal ratios are refreshed after a change, and checked anyway (catalogue/deal-ratios.ts). */
  dealRatios?: Partial<DealRatiosOptions>;
  /** When saved searches' and saved cars' alerts are matched after a change (alerts/alert-matching.ts). */
  alertMatching?: Partial<AlertMatchingOptions>;
  /** How the car views wait in memory before they are written (insights/view-counter.ts). */
  viewCounting?: Partial<ViewCountingOptions>;
  /** Where people open the app (absolute links: car pages, sitemaps); default the local one. */
  publicOrigin?: string;
  /**
   * Origins a car's photos may come from besides this one: the display origin of a configured
   * outside image host (imgbb's https://i.ibb.co). Default: none.
   */
  imageOrigins?: string[];
  /**
   * The most matches of free text a search ranks or sorts; past them its total is estimated
   * (default 5,000: catalogue/search-repository.ts, SEARCH_CANDIDATES).
   */
  searchCandidates?: number;
  /**
   * The most cars a search's total counts exactly; past them it is estimated (default 1,000:
   * catalogue/search-repository.ts, EXACT_TOTALS).
   */
  searchExactTotals?: number;
  /** Addresses per sitemap file (default and most: 50,000). */
  sitemapUrlsPerFile?: number;
  /** Rows a sitemap file's build reads per query (default 500; smaller in tests). */
  sitemapRowsPerRead?: number;
  /** Fastify's `trustProxy`: behind a load balancer, the caller's address is X-Forwarded-For's. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /**
   * Decodes VINs (`GET /vin/{vin}`) in a worker thread, started at the first decode; absent: one
   * of the app's own with the default limits. Closed with the app either way.
   */
  vinDecoder?: VinDecoder;
  /**
   * Where the inventory imports keep their photos' ZIPs while they live (the server's
   * `DATA_DIR/imports`; default `.data/imports`).
   */
  importDir?: string;
  /**
   * Cars a day an inventory import may list (`IMPORT_VERIFIED_DAILY_CARS`, default 2,000, and
   * `IMPORT_UNVERIFIED_DAILY_CARS`, default NEW_SELLER_DAILY_CARS' 3).
   */
  importAllowance?: ImportAllowance;
  /** Rows an import's apply writes in one transaction (default APPLY_BATCH, 25). */
  importBatch?: number;
}
