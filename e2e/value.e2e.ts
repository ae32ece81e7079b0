import { expect, test } from '@playwright/test';
import { expectAccessible, settled } from './axe';
import { demo, signIn } from './support';

/**
 * 'What's my car worth?' and the price guide, against the demo's market of Teslas: a seller
 * describing a 2020 Model 3 in Add product sees its market value and the rating of the price as
 * it changes; a visitor values one on /value and lists it after signing in.
 */
test('a seller sees the market value and the rating change with the price', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, demo.seller);
  await page.goto('/dashboad/add-products');
  await page.getByRole('combobox', { name: 'Condition' }).click();
  await page.getByRole('option', { name: 'Good' }).click();
  await page.getByLabel('Model', { exact: true }).fill('Model 3');
  await page.getByLabel('Model year').fill('2020');
  await page.getByLabel('Mileage (miles)').fill('40,000');
  const guide = page.getByRole('status', { name: 'Price guide' });
  await expect(guide).toContainText(/Market value about \$[\d,]+ \(from \d+ similar cars\)/);

  await page.getByLabel('Selling price').fill('12000');
  await expect(guide).toContainText('At $12,000: Great deal');
  await page.getByLabel('Selling price').fill('90000');
  await expect(guide).toContainText('At $90,000: High price');
  await settled(page);
  await expectAccessible(page, 'Add product with the price guide');
});

test('a visitor values a car on /value and lists it after signing in', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/blogs');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Trade-in valuation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'What’s my car worth?' })).toBeVisible();
  await settled(page);
  await expectAccessible(page, 'the valuation page');

  await page.getByLabel('Make', { exact: true }).fill('Tesla');
  await page.getByLabel('Model', { exact: true }).fill('Model 3');
  await page.getByLabel('Model year').fill('2020');
  await page.getByLabel('Mileage (miles)').fill('40000');
  await page.getByLabel('Condition').selectOption('Good');
  await page.getByRole('button', { name: 'Value my car' }).click();
  const result = page.getByRole('region', { name: 'Valuation' });
  await expect(result).toContainText(/\$[\d,]+ – \$[\d,]+/);
  await expect(result).toContainText(/from \d+ similar cars/);
  await expectAccessible(page, 'the valuation page with a value');

  const list = result.getByRole('link', { name: /^List it for \$[\d,]+$/ });
  const price = ((await list.textContent()) ?? '').replace(/[^\d]/g, '');
  await list.click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(demo.seller);
  await page.getByLabel('Password').fill(demo.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboad\/add-products\?/);
  await expect(page.getByLabel('Model', { exact: true })).toHaveValue('Model 3');
  await expect(page.getByLabel('Model year')).toHaveValue('2020');
  await expect(page.getByLabel('Mileage (miles)')).toHaveValue('40000');
  await expect(page.getByLabel('Selling price')).toHaveValue(price);
  await expect(page.getByRole('combobox', { name: 'Condition' })).toHaveText('Good');
  await expect(page.getByRole('status', { name: 'Price guide' })).toContainText('Fair price');
});
