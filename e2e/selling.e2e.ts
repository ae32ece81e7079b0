import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, settled } from './axe';
import { demo, pngImage, register, signIn, signOut, uniqueEmail } from './support';

/** A car name no other test uses. */
const uniqueCar = (make: string) => `${make} E2E ${Date.now().toString(36)}`;

/** Posts a car through Add product (photo upload first) and waits for My products. */
async function postCar(page: Page, car: { name: string; category: string }) {
  await page.goto('/dashboad/add-products');
  await page.getByLabel('Product name').fill(car.name);
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: car.category, exact: true }).click();
  await page.getByLabel('Original price').fill('250000');
  await page.getByLabel('Selling price').fill('189500');
  await page.getByRole('combobox', { name: 'Condition' }).click();
  await page.getByRole('option', { name: 'Good', exact: true }).click();
  await page.getByLabel('Year of used').fill('3');
  await page.getByLabel('Model', { exact: true }).fill('F8 Tributo');
  await page.getByLabel('Model year').fill('2021');
  await page.getByLabel('Mileage (miles)').fill('12000');
  await page.getByLabel('Location').fill('Maranello');
  await page
    .getByLabel('Product photo')
    .setInputFiles({ name: 'car.png', mimeType: 'image/png', buffer: pngImage(32, 20) });
  await page.getByLabel('Description').fill('Garaged, full service history, one careful owner.');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Product added succesfull')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboad\/my-products$/);
  await expect(page.getByRole('heading', { name: 'My orders' })).toBeVisible();
}

/** Narrows an admin grid to one account with the grid's quick filter. */
async function findInGrid(page: Page, email: string) {
  const search = page.getByRole('main').getByRole('searchbox');
  if (!(await search.isVisible())) await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('main').getByRole('searchbox').fill(email);
  const row = page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
  await expect(row).toBeVisible();
  return row;
}

test.describe('selling and administration', () => {
  test('a seller posts a car, sees it listed, advertises it, and deletes it', async ({ page }) => {
    test.setTimeout(90_000);
    const car = uniqueCar('Ferrari');
    await register(page, { name: 'Selma Seller', email: uniqueEmail('seller'), role: 'Seller' });

    // Validation first: every field required.
    await page.goto('/dashboad/add-products');
    await page.getByLabel('Your name').fill('');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(page.getByText('Required', { exact: true })).toHaveCount(8);
    await page.getByLabel('Your name').fill('Selma Seller');

    await postCar(page, { name: car, category: 'Ferrari' });
    const row = page.getByRole('row', { name: new RegExp(car) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Ferrari');
    await expect(row).toContainText('3 years');
    await expect(row.getByRole('img', { name: car })).toBeVisible();

    // Its category page shows it, with the photo that was uploaded.
    await page.goto('/category-products/Ferrari');
    const card = page.getByRole('article', { name: car });
    await expect(card).toBeVisible();
    await expect(card.getByText('Selma Seller')).toBeVisible();
    await expect(card.getByText('no verify')).toBeVisible();
    const photo = await card.getByRole('img', { name: car }).getAttribute('src');
    expect(photo).toMatch(/\/image-host\//);
    expect((await page.request.get(photo!)).ok()).toBe(true);

    // Advertise: the button turns disabled and the car shows on the home page.
    await page.goto('/dashboad/my-products');
    const advertise = page.getByRole('button', { name: `Make advertisment: ${car}` });
    await advertise.click();
    await expect(page.getByText('advertisement successfull.')).toBeVisible();
    await expect(advertise).toBeDisabled();
    await page.goto('/');
    const ads = page.getByRole('region', { name: /advertise/i });
    await expect(ads.getByText(car)).toBeVisible();

    // Delete, after confirming.
    await page.goto('/dashboad/my-products');
    await page.getByRole('button', { name: `Delete ${car}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${car}?` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(car) })).toBeVisible();
    await page.getByRole('button', { name: `Delete ${car}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Product deleted successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'There is no product found' })).toBeVisible();
    const left = await page.request.get('/api/category-products/Ferrari');
    expect(((await left.json()) as { carName: string }[]).map((p) => p.carName)).not.toContain(car);
  });

  test('the admin verifies a new seller and the tick appears on the category page', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('verify-me');
    const name = `Vera ${Date.now().toString(36)}`;
    const car = uniqueCar('BMW');
    await register(page, { name, email, role: 'Seller' });
    await postCar(page, { name: car, category: 'BMW' });
    await signOut(page);

    await signIn(page, demo.admin);
    await page.goto('/dashboad/all-sellers');
    await expect(page.getByRole('heading', { name: 'All Sellers' })).toBeVisible();
    const row = await findInGrid(page, email);
    await row.getByRole('button', { name: `Make seller verify: ${name}` }).click();
    await expect(page.getByText('User verified success full')).toBeVisible();
    await expect(row.getByRole('button', { name: 'verified' })).toBeDisabled();

    await page.goto('/category-products/BMW');
    const card = page.getByRole('article', { name: car });
    await expect(card.getByRole('img', { name: 'Verified seller' })).toBeVisible();
    await expect(card.getByText('no verify')).toHaveCount(0);
  });

  test('the admin adds a category from the side menu, sees it in the grid, then deletes it', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    // Letters only: a make's name is letters, digits, spaces and . & ' -.
    const make = `Make ${Date.now()
      .toString(36)
      .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!)}`;
    await signIn(page, demo.admin);
    await page.goto('/dashboad');
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Categories' })
      .click();
    await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();
    await expect(page.getByRole('row', { name: /Tesla/ })).toBeVisible();
    await settled(page);
    await expectAccessible(page, 'the Categories screen');

    await page.getByRole('button', { name: 'Add category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add category' });
    await dialog.getByLabel('Name').fill(make);
    await dialog
      .getByLabel('Picture')
      .setInputFiles({ name: 'make.png', mimeType: 'image/png', buffer: pngImage(64, 40) });
    await expect(dialog.getByRole('img', { name: `Picture of ${make}` })).toBeVisible();
    await settled(page);
    await expectAccessible(page, 'the Add category dialog');
    await dialog.getByRole('button', { name: 'Add category' }).click();
    await expect(page.getByText(`${make} added`)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const row = page.getByRole('row', { name: new RegExp(make) });
    await expect(row.getByRole('gridcell', { name: '4.5' })).toBeVisible();
    await expect(row.getByRole('img', { name: `${make} cars` })).toBeVisible();

    // Its page is there at once, empty; then it goes again.
    await page.goto(`/category-products/${encodeURIComponent(make)}`);
    await expect(page.getByRole('heading', { name: `No ${make} cars yet` })).toBeVisible();
    await page.goto('/dashboad/categories');
    await page.getByRole('button', { name: `Delete ${make}` }).click();
    await page
      .getByRole('dialog', { name: `Delete ${make}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText(`${make} deleted`)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(make) })).toHaveCount(0);
  });

  test('the admin deletes a fresh buyer after confirming', async ({ page }) => {
    const email = uniqueEmail('buyer');
    const name = `Bert ${Date.now().toString(36)}`;
    await register(page, { name, email, role: 'Buyer' });
    await signOut(page);

    await signIn(page, demo.admin);
    await page.goto('/dashboad/all-buyers');
    await expect(page.getByRole('heading', { name: 'All Buyers' })).toBeVisible();
    const row = await findInGrid(page, email);
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
    await expect(dialog).toContainText(email);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Buyer deleted succesfull')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);

    // Gone for good: the list from the server no longer has them.
    await page.reload();
    await expect(page.getByRole('heading', { name: /All Buyers|No buyers found/ })).toBeVisible();
    await expect(page.getByText(email)).toHaveCount(0);
  });
});
