import type { LeftOutTests } from './engine-independent';

/**
 * The server test files the PGlite run leaves out when the PostgreSQL run goes on beside it (it has
 * them: lib/engine-independent.ts keeps them there). Without PostgreSQL the PGlite run has them all.
 *
 * Each file runs once, on one engine, unless what it checks differs by engine. These are races,
 * limits and work claimed by several processes or replicas, which PostgreSQL runs truly at once and
 * PGlite one statement at a time (one of the orders a PostgreSQL run may take); every route through
 * the permission matrix and the fuzzing; and one caller's calls that are there for their races
 * beside them. The same SQL answers on both engines, and every other file, the browser tests and
 * `npm start` run on PGlite.
 *
 * Kept on both: files with a branch or a store of each engine's own (replicas, standbys, failover
 * reads, lost connections, outages, backups, photos on disk or in the database, the PGlite lock),
 * SQL that differs by engine or by plan (search, the matcher, market values, sitemaps, migrations,
 * triggers and foreign keys), live events (LISTEN/NOTIFY against the process's own) and the
 * catalogue's cache.
 */
export const COVERED_BY_POSTGRES_RUN: LeftOutTests = [
  {
    pattern: '<rootDir>/server/src/(permissions|fuzz|rate-limits)\\.test\\.ts$',
    why: 'every route × every caller, generated bad input, and the limits of sign-in and writes',
  },
  {
    pattern: '<rootDir>/server/src/bookings/(deals|idempotency|message-limits)\\.test\\.ts$',
    why: "a deal's moves by both parties at once, repeated bookings, a flood of messages",
  },
  {
    pattern: '<rootDir>/server/src/platform/(http/rate-limits|mail/mail-worker)\\.test\\.ts$',
    why: 'limits counted by three replicas, mail claimed by several workers',
  },
  {
    pattern: '<rootDir>/server/src/imports/(imports|import-restart)\\.test\\.ts$',
    why: 'one import at a time, an apply picked up by the next process',
  },
  {
    pattern:
      '<rootDir>/server/src/trust/(reports|suspension|reviews|admin-listings|admin-review-dismiss)\\.test\\.ts$',
    why: "moderators' and users' moves on the same thing at once",
  },
  {
    pattern: '<rootDir>/server/src/alerts/(saved-cars|saved-searches)\\.test\\.ts$',
    why: 'two saves at once are one',
  },
  {
    pattern: '<rootDir>/server/src/cars/(admin-categories|car-write-limits)\\.test\\.ts$',
    why: "a make changed on one replica seen on another, the limits of a seller's and an admin's writes",
  },
  {
    pattern:
      '<rootDir>/server/src/accounts/(emulator-proxy|emulator-proxy-cluster|close-account|deleted-mid-call)\\.test\\.ts$',
    why: "sign-in's limits across replicas, an account deleted during its own calls",
  },
  {
    pattern: '<rootDir>/server/src/scripts/(images-to-db|clean-image-metadata)\\.test\\.ts$',
    why: 'scripts run against a PostgreSQL in production',
  },
];
