/**
 * Screenshots pages in Debian's headless Chromium, to look at what we build:
 *   npx tsx scripts/screenshot.ts http://localhost:8080/ out.png [width=1280] [--full]
 */
import { chromium } from '@playwright/test';
import { chromiumArgs, testBrowserPath } from '../e2e/chromium';

async function main(): Promise<void> {
  const [url, out, width = '1280'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  if (!url || !out) throw new Error('usage: screenshot.ts URL OUT.png [WIDTH] [--full]');
  const browser = await chromium.launch({ executablePath: testBrowserPath, args: chromiumArgs });
  const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.screenshot({ path: out, fullPage: process.argv.includes('--full') });
  await browser.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
