import { expect, test } from '@playwright/test';
import { demo, register, signIn, uniqueEmail } from './support';

test.describe('buying', () => {
  test('the advertised cars show on the home page, each leading to its category', async ({
    page,
  }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Advertised cars' });
    await expect(section.getByRole('heading', { name: 'Advertised cars' })).toBeVisible();
    const cards = section.getByRole('article');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThan(0);
    const first = cards.first();
    await expect(first.getByText(/^Condition: (Excellent|Good|Fair)$/)).toBeVisible();
    await expect(first.getByText(/^Category: /)).toBeVisible();
    await expect(first.getByLabel(/^Price \$\d{1,3}(,\d{3})*$/)).toBeVisible();
    await expect(first.getByRole('link', { name: /^See .* cars/ })).toHaveAttribute(
      'href',
      /^\/category-products\//,
    );
  });

  test('a buyer opens a category from the home grid, books a car and finds it in My orders', async ({
    page,
  }) => {
    await signIn(page, demo.buyer);
    await page.goto('/home');
    await page.locator('#categories').getByRole('link', { name: 'Buy Now: Ferrari' }).click();
    await expect(page).toHaveURL(/\/category-products\/Ferrari$/);
    await expect(page.getByRole('heading', { level: 1, name: 'CARLIST' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to categories' })).toHaveAttribute(
      'href',
      '/home',
    );

    const card = page.getByRole('article').first();
    const carName = (await card.getByRole('heading').textContent())?.trim() ?? '';
    expect(carName).not.toBe('');
    const price = (await card.getByLabel(/^Selling price /).textContent())?.trim() ?? '';
    expect(price).toMatch(/^\$\d{1,3}(,\d{3})*$/);
    await card.getByRole('button', { name: `Buy now: ${carName}` }).click();

    const dialog = page.getByRole('dialog', { name: `Book ${carName}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Your name')).not.toHaveValue('');
    await expect(dialog.getByLabel('Email')).toHaveValue(demo.buyer);
    await expect(dialog.getByLabel('Email')).toBeDisabled();
    await expect(dialog.getByLabel('Product name')).toHaveValue(carName);
    await expect(dialog.getByLabel('Price')).toHaveValue(price.slice(1));
    await expect(dialog.getByLabel('Price')).toBeDisabled();

    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText('Please enter your phone number')).toBeVisible();
    await dialog.getByLabel('Phone number').fill('+1 555-0100');
    await dialog.getByLabel('Meet location').fill('Main street parking, Austin');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Order successful')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('link', { name: 'Dashboad' }).first().click();
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .first()
      .getByRole('link', { name: 'My orders' })
      .click();
    await expect(page).toHaveURL(/\/dashboad\/my-orders$/);
    const table = page.getByRole('table', { name: 'My orders' });
    const row = table.getByRole('row').filter({ hasText: carName }).first();
    await expect(row).toBeVisible();
    await expect(row).toContainText(price);
    await expect(row.getByRole('img', { name: carName })).toBeVisible();
    // The original columns, then the booking's state and its actions (docs/differences.md).
    await expect(table.getByRole('columnheader')).toHaveText([
      'Sri',
      'Image',
      'Name',
      'Price',
      'Status',
    ]);
    await expect(row.getByText('Requested')).toBeVisible();
  });

  test('a seller who tries to buy is told why, and the booking stays open', async ({ page }) => {
    await signIn(page, demo.seller);
    await page.goto('/category-products/BMW');
    const card = page.getByRole('article').first();
    await card.getByRole('button', { name: /^Buy now: / }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Phone number').fill('5550100');
    await dialog.getByLabel('Meet location').fill('Downtown');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Only a buyer may do this');
    await expect(dialog).toBeVisible();
    await expect(page.getByText('Order successful')).toBeHidden();
  });

  test('an unknown category shows a clear empty state', async ({ page }) => {
    await signIn(page, demo.buyer);
    await page.goto('/category-products/Trabant');
    await expect(
      page.getByRole('heading', { name: 'There is no category called “Trabant”' }),
    ).toBeVisible();
  });

  test("a freshly registered buyer sees 'No order found'", async ({ page }) => {
    await register(page, { name: 'Fresh Buyer', email: uniqueEmail('buyer'), role: 'Buyer' });
    await page.goto('/dashboad/my-orders');
    await expect(page.getByText('No order found')).toBeVisible();
    await expect(
      page.getByRole('img', { name: 'An empty shopping cart with a car key' }),
    ).toBeVisible();
  });
});
