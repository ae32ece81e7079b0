/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

// Two projects: the web app in a browser-like DOM, the API server in Node.
const config: Config = {
  projects: [
    {
      displayName: 'web',
      testEnvironment: 'jest-fixed-jsdom',
      roots: ['<rootDir>/src'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/src/testing/setupTests.ts'],
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
