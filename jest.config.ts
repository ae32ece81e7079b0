/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

// Two projects: the web app in a browser-like DOM, the API server in Node.
const config: Config = {
  // Forms typed key by key in jsdom, and servers built per file, are slow on a busy 2-core machine.
  testTimeout: 30000,
  // A worker whose heap is past this after a file is replaced by a fresh one: a test file's modules
  // and apps are not all freed, heaps grew to 880 MB, and collecting them cost more than a new
  // worker (the PGlite server run 295 → 252 CPU-s, the PostgreSQL run 222 → 208). It also puts a
  // single worker in a process of its own instead of in band.
  workerIdleMemoryLimit: '350MB',
  projects: [
    {
      displayName: 'web',
      // jest-fixed-jsdom, with jsdom's style rules indexed (src/testing/indexedStyleRules.ts).
      testEnvironment: '<rootDir>/src/testing/environment.ts',
      roots: ['<rootDir>/src'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      setupFiles: ['<rootDir>/src/testing/env.ts'],
      setupFilesAfterEnv: ['<rootDir>/src/testing/setupTests.ts'],
      // Some of MSW's dependencies ship only ES modules (.mjs, until-async): Babel compiles those too.
      transform: { '\\.[cm]?[jt]sx?$': 'babel-jest' },
      transformIgnorePatterns: ['/node_modules/(?!until-async/).+\\.(?!mjs$)[^.]+$'],
      moduleNameMapper: {
        '\\.(svg|png|jpe?g|webp|gif)$': '<rootDir>/src/testing/fileStub.ts',
      },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server'],
      testMatch: ['**/*.test.ts'],
      setupFiles: ['<rootDir>/server/test/plugin-names.ts'],
      globalSetup: '<rootDir>/server/test/global-setup.ts',
      globalTeardown: '<rootDir>/server/test/global-teardown.ts',
    },
  ],
};

export default config;
