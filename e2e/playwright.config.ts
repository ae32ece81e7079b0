import { defineConfig } from '@playwright/test';
import { resolve } from 'node:path';
import { chromiumArgs, testBrowserPath } from './chromium';
import { RAISED_LIMITS } from './limits';
import { MAIL_SINK_SMTP_PORT, MAIL_SINK_URL } from './mail-ports';

/**
 * Browser tests against the running product: the sign-in emulator (test ports), a mail sink (a
 * real SMTP server the API server mails to: e2e/mail-sink.ts), the API server with a fresh demo
 * data folder, and the built bundle. Debian's Chromium; never a download.
 */
const root = resolve(__dirname, '..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8180);
const emulatorHost = process.env.E2E_EMULATOR_HOST ?? '127.0.0.1:9199';
/** The report's name (reports/NAME.json, test-results/NAME/): two runs at once keep their own. */
const report = process.env.E2E_REPORT ?? 'e2e';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  // The cluster's test runs against its own servers (e2e/cluster.config.ts).
  testIgnore: 'cluster/**',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: resolve(root, 'reports', `${report}.json`) }]],
  outputDir: resolve(root, 'test-results', report),
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: testBrowserPath, args: chromiumArgs },
    // A trace records every test's screen as it runs, a quarter of the browser's CPU; CI keeps
    // only the output, so it records none there.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // As a visitor who asks for less motion: the page's transitions end at once (public/index.html),
    // so the browser draws a seventh less (measured on three files' CPU time).
    reducedMotion: 'reduce',
  },
  webServer: [
    {
      command: `node node_modules/firebase-tools/lib/bin/firebase.js emulators:start --only auth --project demo-cardealer --config e2e/firebase.json`,
      cwd: root,
      url: `http://${emulatorHost}/`,
      reuseExistingServer: true,
      timeout: 90_000,
      stdout: 'ignore',
      env: { NO_UPDATE_NOTIFIER: '1', CI: 'true' },
    },
    {
      command: 'node --import tsx e2e/mail-sink.ts',
      cwd: root,
      url: MAIL_SINK_URL,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
    },
    {
      command: `npx tsx scripts/build.ts --if-changed && rm -rf .data-e2e-${E2E_PORT} && node --import tsx server/src/main.ts`,
      // Its own bundle folder and data folder: a running `npm start` keeps its dist/.
      cwd: root,
      url: `http://127.0.0.1:${E2E_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        APP_MODE: 'demo',
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: `.data-e2e-${E2E_PORT}`,
        // Two runs at once may serve one build (read only).
        WEB_ROOT: process.env.E2E_WEB_ROOT ?? `.build-e2e-${E2E_PORT}`,
        // The browser tests use their own embedded database, whatever DATABASE_URL says.
        DATABASE_URL: '',
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
        // Every mail goes to the mail sink (alerts.e2e.ts reads them there).
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SINK_SMTP_PORT}`,
        LOG_LEVEL: 'warn',
        // The browser tests' sellers post many cars on their first day: none waits for approval.
        NEW_SELLER_DAILY_CARS: '0',
        // Every browser test signs in from one address: limits far above what a run makes.
        ...RAISED_LIMITS,
        RATE_LIMIT_VIN: '10000',
        RATE_LIMIT_VIN_DAY: '10000',
        RATE_LIMIT_REPORTS: '10000',
        RATE_LIMIT_REPORTS_DAY: '10000',
        RATE_LIMIT_MODERATION: '10000',
      },
    },
  ],
});
