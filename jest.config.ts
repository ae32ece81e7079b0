/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

// Two projects: the web app in a browser-like DOM, the API server in Node.
const config: Config = {
  // Forms typed key by key in jsdom, and servers built per file, are slow on a busy 2-core machine.
  testTimeout: 30000,
  projects: [
    {
      displayName: 'web',
      testEnvironment: 'jest-fixed-jsdom',
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
      globalSetup: '<rootDir>/server/test/global-setup.ts',
      globalTeardown: '<rootDir>/server/test/global-teardown.ts',
    },
  ],
};

export default config;
