import { expect, test } from '@playwright/test';
import { expectAccessible, settled } from './axe';
import { accessToken, demo, postCar, signIn } from './support';

/**
 * The owner's side of a hidden listing: a moderator hides the car (through the admin
 * API, as the demo admin); its page says it was removed; the owner sees why in My products,
 * edits it, and asks for review.
 */
test('the owner of a hidden car sees why, edits it, and asks for review', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const car = `BMW Hidden ${Date.now().toString(36)}`;
  await signIn(page, demo.seller);
  const id = await postCar(page, car, { advertise: false });

  // The moderator, in a browser of their own.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, demo.admin);
  const adminToken = await accessToken(adminPage);
  const hidden = await adminPage.request.post(`/api/admin/products/${id}/hide`, {
    headers: { authorization: `bearer ${adminToken}` },
    data: { reason: 'Photos of another car' },
  });
  expect(hidden.status()).toBe(200);
  await admin.close();

  // Anyone else: the page says it was removed (410), and search does not find it.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  const response = await visitorPage.goto(`/cars/${id}`);
  expect(response?.status()).toBe(410);
  await expect(
    visitorPage.getByRole('heading', { level: 1, name: 'This listing was removed' }),
  ).toBeVisible();
  await visitorPage.goto(`/cars?q=${encodeURIComponent(car)}`);
  await settled(visitorPage);
  await expect(visitorPage.getByRole('link', { name: new RegExp(car) })).toHaveCount(0);
  await visitor.close();

  // The owner sees why in My products.
  await page.goto('/dashboad/my-products');
  const row = page.getByRole('row', { name: new RegExp(car) });
  await expect(row.getByText('Hidden by moderation: Photos of another car')).toBeVisible();
  await expect(row.getByRole('button', { name: `Make advertisment: ${car}` })).toBeDisabled();
  await settled(page);
  await expectAccessible(page, 'My products with a hidden car');

  // Edits it: the change is kept, and it stays hidden.
  await row.getByRole('link', { name: `Edit ${car}` }).click();
  await page.getByLabel('Location').fill('Dallas, TX');
  // The form asks for the vehicle data a car posted through the API lacks.
  await page.getByLabel('Model', { exact: true }).fill('X5');
  await page.getByLabel('Model year').fill('2021');
  await page.getByLabel('Mileage (miles)').fill('12000');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/dashboad\/my-products$/);
  const after = page.getByRole('row', { name: new RegExp(car) });
  await expect(after.getByText('Hidden by moderation: Photos of another car')).toBeVisible();
  const token = await accessToken(page);
  const own = await page.request.get(`/api/products/${id}`, {
    headers: { authorization: `bearer ${token}` },
  });
  expect(await own.json()).toMatchObject({
    productLocation: 'Dallas, TX',
    moderation: { state: 'hidden', reviewAsked: false },
  });

  // Asks for review, once.
  await after.getByRole('button', { name: `Ask for review: ${car}` }).click();
  await expect(after.getByText('Review asked')).toBeVisible();
  await expect(after.getByRole('button', { name: `Ask for review: ${car}` })).toHaveCount(0);
  await page.reload();
  await expect(
    page.getByRole('row', { name: new RegExp(car) }).getByText('Review asked'),
  ).toBeVisible();

  // Its own page shows the owner the car, and why it is hidden.
  await page.goto(`/cars/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: car })).toBeVisible();
  await expect(page.getByText('Hidden by moderation: Photos of another car')).toBeVisible();
});
