import { expect, test } from '@playwright/test';
import { expectAccessible, settled } from './axe';

/**
 * A buyer narrows /cars by model, model year and mileage against the real server and its demo
 * cars (server/src/scripts/seed-vehicles.ts, and the demo's market of Teslas, seed-market.ts), then
 * opens the car: its vehicle details, its market value and rating (Tesla's fit on the demo's 21
 * Teslas, made before the demo says it is ready) and its price drop (seed.ts drops the demo
 * Model 3 by $2,000 a day after it was listed). The demo's Teslas are left alone by every browser
 * test that runs before this one (vin.e2e.ts adds one after it).
 */
test('a buyer filters by model, model year and mileage, and opens the car to see its details, market value and price drop', async ({
  page,
}) => {
  await page.goto('/cars');
  await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
  const filters = page.getByRole('search', { name: 'Filter cars' });
  const count = page.getByRole('main').getByRole('status').first();

  await filters.getByRole('checkbox', { name: 'Tesla (21)' }).check();
  await expect(page).toHaveURL(/\/cars\?category=Tesla$/);
  // The models follow the chosen make.
  const models = filters.getByRole('group', { name: 'Model' });
  await expect(models.getByRole('checkbox')).toHaveCount(4);
  await models.getByRole('checkbox', { name: 'Model 3 (7)' }).check();
  await models.getByRole('checkbox', { name: 'Model Y (7)' }).check();
  await expect(page).toHaveURL(/\/cars\?category=Tesla&model=Model\+3&model=Model\+Y$/);
  await expect(count).toHaveText('14 cars');

  await filters.getByRole('textbox', { name: 'From year' }).fill('2024');
  await filters.getByRole('textbox', { name: 'From year' }).press('Enter');
  await expect(page).toHaveURL(/&minModelYear=2024$/);
  await filters.getByRole('textbox', { name: 'To year' }).fill('2024');
  await filters.getByRole('textbox', { name: 'To year' }).press('Enter');
  await expect(page).toHaveURL(/&minModelYear=2024&maxModelYear=2024$/);
  await expect(count).toHaveText('3 cars');
  await filters.getByRole('textbox', { name: 'Max miles' }).fill('20,000');
  await filters.getByRole('textbox', { name: 'Max miles' }).press('Enter');
  await expect(page).toHaveURL(/&maxModelYear=2024&maxMileage=20000$/);
  await expect(count).toHaveText('1 car');
  const card = page.getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading')).toHaveText('Tesla Model 3 Long Range');
  await expect(card.getByText('2024 · 18,400 mi')).toBeVisible();
  // Its rating against its market value ($37,243, shown to the nearest $100).
  await expect(card.getByText('Fair price', { exact: true })).toBeVisible();
  await expect(card.getByText('$1,300 above its market value')).toBeVisible();
  await settled(page);
  await expectAccessible(page, '/cars with the vehicle filters');

  await card.getByRole('link', { name: 'Tesla Model 3 Long Range' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Tesla Model 3 Long Range' }),
  ).toBeVisible();
  const details = page.getByRole('region', { name: 'Vehicle details' });
  await expect(details.getByText('18,400 mi')).toBeVisible();
  await expect(details.getByText('Model 3', { exact: true })).toBeVisible();
  // Its market value, with what it rests on, and its rating, beside its price drop.
  const signal = page.getByRole('region', { name: 'Price signal' });
  await expect(signal.getByText(/^Market value /)).toHaveText(
    'Market value $37,200, from 21 Tesla for sale (7 of them Model 3), for a 2024 with 18,400 ' +
      'miles in Excellent condition',
  );
  await expect(signal.getByText('Fair price', { exact: true })).toBeVisible();
  await expect(signal.getByText('$1,300 above its market value')).toBeVisible();
  await expect(page.getByText(/^Price dropped \$2,000 on \w{3} \d{1,2}/)).toBeVisible();
  await settled(page);
  await expectAccessible(page, "the filtered car's page");
});
