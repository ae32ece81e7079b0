import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, settled } from './axe';

/** Two of the demo seed's cars (its ids are fixed: server/src/scripts/seed.ts), of two makes. */
const IDS = ['demo-car-01', 'demo-car-05'];

interface Car {
  _id: string;
  carName: string;
  owners: number | null;
  make: string;
}

async function demoCars(page: Page): Promise<Car[]> {
  return Promise.all(
    IDS.map(async (id) => {
      const answer = await page.request.get(`/api/products/${id}`);
      expect(answer.status()).toBe(200);
      return (await answer.json()) as Car;
    }),
  );
}

/** Marks a car for comparison on the search page (found by its name). */
async function mark(page: Page, car: Car): Promise<void> {
  await page.goto(`/cars?q=${encodeURIComponent(car.carName)}`);
  // The server's page has been taken over by the app (src/main.tsx marks <html data-ready>).
  await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
  const toggle = page.getByRole('button', { name: `Compare ${car.carName}`, exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
}

test('a visitor compares two cars side by side, and shares the comparison', async ({
  page,
  browser,
}) => {
  const [first, second] = await demoCars(page);
  await mark(page, first!);
  await mark(page, second!);

  // The top bar's link to them (WCAG 2.2 AA, as every page).
  await expect(page.getByRole('link', { name: 'Compare (2)' })).toBeVisible();
  // At the top of the page: scrolled down, the sticky top bar covers part of some field below
  // it, which axe counts as a target too small.
  await page.evaluate(() => window.scrollTo(0, 0));
  await settled(page);
  await expectAccessible(page, "the search page with 'Compare (2)'");
  await page.getByRole('link', { name: 'Compare (2)' }).click();
  await expect(page).toHaveURL(`/compare?ids=${IDS.join(',')}`);
  const shared = page.url();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveCount(2);
  await expect(table.getByRole('link', { name: first!.carName })).toHaveAttribute(
    'href',
    `/cars/${first!._id}`,
  );
  await expect(table.getByRole('link', { name: second!.carName })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Owners' })).toBeVisible();

  // Only the rows that tell them apart: the makes differ; the owners here are the same.
  expect(first!.make).not.toBe(second!.make);
  expect(first!.owners).toBe(second!.owners);
  await page.getByRole('switch', { name: 'Show only differences' }).check();
  await expect(table.getByRole('rowheader', { name: 'Owners' })).toHaveCount(0);
  await expect(table.getByRole('rowheader', { name: 'Make' })).toBeVisible();

  await page.getByRole('button', { name: `Remove ${second!.carName}` }).click();
  await expect(page).toHaveURL(`/compare?ids=${first!._id}`);
  await expect(table.getByRole('columnheader')).toHaveCount(1);

  // The shared address, in a browser that never chose a car.
  const other = await browser.newContext();
  const visitor = await other.newPage();
  await visitor.goto(shared);
  const theirs = visitor.getByRole('table');
  await expect(theirs.getByRole('columnheader')).toHaveCount(2);
  await expect(theirs.getByRole('link', { name: first!.carName })).toBeVisible();
  await expect(theirs.getByRole('link', { name: second!.carName })).toBeVisible();
  await other.close();
});
