import { expect, test, type Page } from '@playwright/test';
import { demo, postCar, signIn, signOut } from './support';

const uniqueCar = (label: string) => `BMW Saved ${label} ${Date.now().toString(36)}`;

/** The Saved cars page's entry for a car (the list item with its Remove button). */
const entry = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Remove ${name}` }) });

test.describe('saved cars', () => {
  test('a signed-out buyer saves a car through sign-in, then sees its price fall and a car go', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const kept = uniqueCar('kept');
    const removed = uniqueCar('removed');
    await signIn(page, demo.seller);
    const keptId = await postCar(page, kept);
    const removedId = await postCar(page, removed);
    await signOut(page);

    // Signed out, 'Save' leads to sign-in and back, and the car is then saved.
    await page.goto(`/cars/${keptId}`);
    await expect(page.getByRole('heading', { level: 1, name: kept })).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(demo.buyer);
    await page.getByLabel('Password').fill(demo.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/cars/${keptId}$`));
    const heart = page.getByRole('button', { name: 'Saved', exact: true });
    await expect(heart).toHaveAttribute('aria-pressed', 'true');

    // The other car, saved from its page while signed in.
    await page.goto(`/cars/${removedId}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeVisible();

    await page.goto('/dashboad');
    await page.getByRole('link', { name: 'Saved cars' }).first().click();
    await expect(page).toHaveURL(/\/dashboad\/saved$/);
    await expect(entry(page, kept)).toContainText('$48,000 when you saved it');
    await expect(entry(page, removed)).toBeVisible();
    await signOut(page);

    // The seller lowers one car's price and deletes the other.
    await signIn(page, demo.seller);
    await page.goto(`/dashboad/my-products/${keptId}/edit`);
    await page.getByLabel('Selling price').fill('46000');
    // A car posted through the API has no vehicle data, which the form asks for.
    await page.getByLabel('Model', { exact: true }).fill('3 Series');
    await page.getByLabel('Model year').fill('2022');
    await page.getByLabel('Mileage (miles)').fill('21000');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your changes are saved')).toBeVisible();
    await page.goto('/dashboad/my-products');
    await page.getByRole('button', { name: `Delete ${removed}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Product deleted successfully')).toBeVisible();
    await signOut(page);

    await signIn(page, demo.buyer);
    await page.goto('/dashboad/saved');
    await expect(entry(page, kept)).toContainText('$2,000 less since you saved it');
    await expect(entry(page, removed)).toContainText('No longer listed');
    await entry(page, removed)
      .getByRole('button', { name: `Remove ${removed}` })
      .click();
    await expect(entry(page, removed)).toHaveCount(0);
    await entry(page, kept)
      .getByRole('button', { name: `Remove ${kept}` })
      .click();
    await expect(entry(page, kept)).toHaveCount(0);
  });
});
