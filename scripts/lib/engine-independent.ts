/**
 * The server test files the PostgreSQL run leaves out (the PGlite run has them all). PGlite is
 * PostgreSQL itself, built to WebAssembly: the same parser, planner, executor, types and errors.
 * What it lacks is a second connection: one statement runs at a time, so no two requests race and
 * no other process shares the data. The PostgreSQL run therefore keeps every file with a subject
 * only a server has (pools, lost connections, replicas, standbys, failover, backups, LISTEN/NOTIFY,
 * work claimed by several processes, counts shared by replicas), every file with a race in it (two
 * calls at the same moment), the SQL that differs by engine or by plan (search, the matcher,
 * market values), the scripts run against production, and the permission matrix and the fuzzing,
 * which call every route the app registers there. What is left out is one caller's requests and
 * answers on plain reads and writes, whose routes that matrix calls on PostgreSQL too. Each entry is
 * a path pattern for Jest's `--testPathIgnorePatterns`, with why the engine does not matter to it.
 */
/** Test files a server run leaves out: a path pattern for Jest's `--testPathIgnorePatterns`, and why. */
export type LeftOutTests = readonly { pattern: string; why: string }[];

export const ENGINE_INDEPENDENT_TESTS: LeftOutTests = [
  { pattern: '<rootDir>/server/test/', why: 'rules read from the source files' },
  { pattern: '<rootDir>/server/src/config\\.test\\.ts$', why: 'settings from the environment' },
  {
    pattern: '<rootDir>/server/src/vehicles/',
    why: 'VIN decoding reads its own SQLite file (sql.js)',
  },
  {
    pattern: '<rootDir>/server/src/platform/ops/',
    why: 'metrics, request logs and shutdown',
  },
  {
    pattern:
      '<rootDir>/server/src/platform/http/(compressed-answers|cursors|errors|lazy-schemas|nul-text|rate-limit-keys|security-headers|single-line|window-counter)\\.test\\.ts$',
    why: 'headers, compression, cursors, errors, refused text and schemas of the HTTP layer',
  },
  {
    pattern: '<rootDir>/server/src/pages/(bundle-secrets|static-cache|web-pages)\\.test\\.ts$',
    why: 'the web bundle and static files',
  },
  {
    pattern: '<rootDir>/server/src/platform/mail/mail-(quoting|recipient)\\.test\\.ts$',
    why: "a mail's text, headers and recipient",
  },
  {
    pattern:
      '<rootDir>/server/src/accounts/(account-export|auth|changed-email|dealer-profiles|deleted-accounts|email-change|email-confirmation|emulator-proxy-accounts|me|password-reset|sign-out-everywhere|user-paging|users-account|users-admin|users-google)\\.test\\.ts$',
    why: "one account's sign-in, registration and settings, each call on its own",
  },
  {
    pattern:
      '<rootDir>/server/src/trust/(admin-reports|auto-flags|review-deleted-seller|sellers)\\.test\\.ts$',
    why: "reports' queue, flags and sellers' pages, each call on its own",
  },
  {
    pattern:
      '<rootDir>/server/src/alerts/(alert-mail|alert-settings|price-drop-spam|unsubscribe|unsubscribe-page)\\.test\\.ts$',
    why: "alerts' settings, mails and unsubscribing, each call on its own",
  },
  {
    pattern:
      '<rootDir>/server/src/bookings/(booking-mails-setting|closed-bookings|mail-deleted-account|mail-messages|orders)\\.test\\.ts$',
    why: "bookings' states and their mails, each call on its own",
  },
  {
    pattern:
      '<rootDir>/server/src/cars/(car|car-photos|car-place|categories|category-paging|price-history|products)\\.test\\.ts$',
    why: "a car's fields, photos, place and history, each call on its own",
  },
  {
    pattern:
      '<rootDir>/server/src/images/(image-host|image-variants|photo-copies|upload-access)\\.test\\.ts$',
    why: 'images: their checks, sizes and copies on disk',
  },
  {
    pattern: '<rootDir>/server/src/imports/import-files\\.test\\.ts$',
    why: "reading an import's CSV and ZIP",
  },
  {
    pattern: '<rootDir>/server/src/pages/(car-pages|local-pages|seller-pages|sitemap)\\.test\\.ts$',
    why: 'pages rendered on the server from one read each',
  },
  { pattern: '<rootDir>/server/src/insights/', why: "a seller's figures, each call on its own" },
  { pattern: '<rootDir>/server/src/places/', why: "a place's page and its cars from one read" },
];
