import { expect, test, type Page } from '@playwright/test';
import { accessToken, demo, postCar, signIn } from './support';

/**
 * Saved searches: a buyer saves a filtered /cars with its default name, finds it in
 * Saved searches with nothing new, the demo seller posts a matching car, the buyer's list says
 * '1 new', and Open shows the filtered cars and starts the count again. A price range of its own
 * keeps other tests' cars out of the count.
 */
const SEARCH = '/cars?category=BMW&minPrice=47700&maxPrice=47800';
const NAME = 'BMW · $47,700–$47,800';
const carName = `Saved search match ${Date.now().toString(36).slice(-5)}`;

/** Deletes the signed-in user's saved searches (a test run against a reused server). */
async function clearSavedSearches(page: Page) {
  const headers = { authorization: `bearer ${await accessToken(page)}` };
  const list = await page.request.get('/api/saved-searches', { headers });
  for (const { _id } of (await list.json()) as { _id: string }[]) {
    await page.request.delete(`/api/saved-searches/${_id}`, { headers });
  }
}

test('a buyer saves a search, sees a new matching car, and opens it', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page, demo.buyer);
  await clearSavedSearches(page);

  await page.goto(SEARCH);
  await page.getByRole('button', { name: 'Save this search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(NAME);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Search saved: find it in Saved searches')).toBeVisible();

  await page.goto('/dashboad');
  await page.getByRole('link', { name: 'Saved searches' }).first().click();
  const item = page.getByRole('listitem', { name: NAME });
  await expect(item.getByText('0 new')).toBeVisible();

  // The demo seller posts a BMW in the range.
  const seller = await (await browser.newContext()).newPage();
  await signIn(seller, demo.seller);
  await postCar(seller, carName, { resalePrice: '47750', advertise: false });
  await seller.context().close();

  await page.reload();
  await expect(item.getByText('1 new')).toBeVisible();
  await item.getByRole('link', { name: `Open ${NAME}` }).click();
  await expect(page).toHaveURL(/\/cars\?category=BMW&minPrice=47700&maxPrice=47800$/);
  await expect(page.getByRole('link', { name: carName })).toBeVisible();

  await page.goBack();
  await expect(item.getByText('0 new')).toBeVisible();
});

test('a visitor who saves a search signs in first and comes back to the dialog', async ({
  page,
}) => {
  await page.goto('/cars?category=Tesla');
  await page.getByRole('button', { name: 'Save this search' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(demo.buyer);
  await page.getByLabel('Password').fill(demo.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Tesla');
  await expect(page).toHaveURL(/\/cars\?category=Tesla$/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
