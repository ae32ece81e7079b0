import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** The rules checked: WCAG 2.0, 2.1 and 2.2, levels A and AA (axe-core's tags). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Waits until what the page shows has settled: the app has started, no list is still loading,
 * and no transition is half-way (a fading colour would be measured as it fades).
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('html[data-ready="true"]')).toBeAttached();
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

/**
 * Checks what the page shows now with axe-core (the WCAG rules, or only `rules`); any violation
 * fails the test, listed with its elements. A soft failure: a walk goes on, so one run reports
 * every page's.
 */
export async function expectAccessible(page: Page, what: string, rules?: string[]): Promise<void> {
  // Only the violations in full: the passes' details (every checked node, with its HTML) are what
  // axe would otherwise build and send back from each page. A page without frames (the app has
  // none) is checked by axe.run in the page itself: by default axe runs in each frame and then
  // again in a blank page of its own, which puts the frames' results together, at two to three
  // times the time for the same rules on the same document. A page with frames keeps that.
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(page.frames().length === 1);
  const { violations } = await (
    rules ? builder.withRules(rules) : builder.withTags(WCAG_TAGS)
  ).analyze();
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help} at ${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
  expect.soft(found, `axe-core on ${what}`).toEqual([]);
}

/**
 * A path to check, and what shows once its page is there: its heading by default (the My orders
 * table has none).
 */
export type Stop = string | { path: string; shows: (page: Page) => Locator };

/** Opens each path, waits for its page to show and settle, and checks it. */
export async function walk(page: Page, stops: Stop[]): Promise<void> {
  for (const stop of stops) {
    const { path, shows } =
      typeof stop === 'string'
        ? { path: stop, shows: (on: Page) => on.getByRole('heading', { level: 1 }).first() }
        : stop;
    await page.goto(path);
    await expect(shows(page)).toBeVisible();
    await settled(page);
    await expectAccessible(page, path);
  }
}
