import { existsSync } from 'node:fs';

/** Debian's Chromium (apt-get install chromium): the whole browser, as Lighthouse measures with. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * What the browser tests drive: Debian's headless shell of the same Chromium (apt-get install
 * chromium-headless-shell), the build Playwright itself runs headless tests on. It draws without
 * the whole browser's window machinery: on three browser test files its CPU time was 92 s as the
 * whole browser and 57 s as the shell. The whole browser when the shell is not installed.
 */
const headlessShell = '/usr/bin/chromium-headless-shell';
export const testBrowserPath =
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : chromiumPath);

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
