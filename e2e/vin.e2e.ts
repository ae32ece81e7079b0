import { expect, test } from '@playwright/test';
import { expectAccessible, settled } from './axe';
import { pngImage, register, uniqueEmail } from './support';

/** A real 2015 Tesla Model S VIN (its check digit holds): vPIC's data decodes it offline. */
const TESLA_VIN = '5YJSA1H12FFP71790';

test('a seller decodes a VIN and posts the car, which shows its model and year', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const carName = `Tesla Model S ${Date.now().toString(36)}`;
  await register(page, { name: 'Vinnie Seller', email: uniqueEmail('vin-seller'), role: 'Seller' });
  await page.goto('/dashboad/add-products');
  await page.getByLabel('Product name').fill(carName);

  // A digit mistyped: the server says which character is wrong, beside the field.
  const vin = page.getByLabel('VIN (optional)');
  await vin.fill('5YJSA1H13FFP71790');
  await page.getByRole('button', { name: 'Decode VIN' }).click();
  await expect(page.getByText('Character 9 should be 2 (the check digit), not 3')).toBeVisible();

  // Typed right (in small letters): decoded, and the vehicle details filled in.
  await vin.fill(TESLA_VIN.toLowerCase());
  await page.getByRole('button', { name: 'Decode VIN' }).click();
  await expect(page.getByText('Decoded: 2015 Tesla Model S')).toBeVisible();
  await expect(page.getByText(/Character 9/)).toHaveCount(0);
  await expect(page.getByLabel('Model', { exact: true })).toHaveValue('Model S');
  await expect(page.getByLabel('Model year')).toHaveValue('2015');
  await expect(page.getByRole('combobox', { name: 'Body style' })).toHaveValue('Hatchback');
  await expect(page.getByRole('combobox', { name: 'Fuel' })).toHaveValue('Electric');
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveText('Tesla');
  await settled(page);
  await expectAccessible(page, 'Add product with a decoded VIN');

  // The rest, as a seller completes it.
  await page.getByLabel('Mileage (miles)').fill('48000');
  await page.getByLabel('Original price').fill('79990');
  await page.getByLabel('Selling price').fill('31500');
  await page.getByLabel('Year of used').fill('9');
  await page.getByLabel('Location').fill('Fremont, CA');
  await page
    .getByLabel('Product photo')
    .setInputFiles({ name: 'tesla.png', mimeType: 'image/png', buffer: pngImage(32, 20) });
  await page
    .getByLabel('Description')
    .fill('Decoded from its VIN; one owner, supercharger access.');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Product added succesfull')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboad\/my-products$/);

  // Its page shows what the VIN told.
  const cars = (await (await page.request.get('/api/category-products/Tesla')).json()) as {
    _id: string;
    carName: string;
    vin: string | null;
    model: string | null;
    modelYear: number | null;
  }[];
  const posted = cars.find((car) => car.carName === carName);
  expect(posted).toMatchObject({ vin: TESLA_VIN, model: 'Model S', modelYear: 2015 });
  await page.goto(`/cars/${posted!._id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: carName })).toBeVisible();
  await expect(main.getByText('Model S', { exact: true })).toBeVisible();
  await expect(main.getByText('2015', { exact: true })).toBeVisible();
});
