/**
 * The server test files whose subject does not depend on the database engine: the PostgreSQL run
 * leaves them out (the PGlite run has them), so the CPU goes to the suites where PostgreSQL's
 * planner, locks, errors or types could answer differently. Each entry is a path pattern for
 * Jest's `--testPathIgnorePatterns`, with why the engine does not matter to it.
 */
export const ENGINE_INDEPENDENT_TESTS: readonly { pattern: string; why: string }[] = [
  { pattern: '<rootDir>/server/test/', why: 'rules read from the source files' },
  { pattern: '<rootDir>/server/src/config\\.test\\.ts$', why: 'settings from the environment' },
  {
    pattern: '<rootDir>/server/src/permissions\\.test\\.ts$',
    why: 'who may call what is decided before any query; every query it reaches has its own suite',
  },
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
      '<rootDir>/server/src/platform/http/(compressed-answers|cursors|lazy-schemas|security-headers|single-line|window-counter)\\.test\\.ts$',
    why: 'headers, compression, cursors and schemas of the HTTP layer',
  },
  {
    pattern: '<rootDir>/server/src/pages/(bundle-secrets|static-cache|web-pages)\\.test\\.ts$',
    why: 'the web bundle and static files',
  },
  {
    pattern: '<rootDir>/server/src/platform/mail/mail-quoting\\.test\\.ts$',
    why: "a mail's text and headers",
  },
];
