import { expect, test, type Page } from '@playwright/test';
import { photosZip, stockRows, type StockRow } from '../server/test/import-fixture';
import { expectAccessible, settled } from './axe';
import { accessToken, demo, newPage, register, signIn, uniqueEmail } from './support';

/**
 * A verified dealer's inventory import, as the dealer and a buyer see it: a 50-row CSV with its
 * photos' ZIP checked (48 new, 2 refused with their reasons), imported (the cars in search with
 * their photos), then imported again as the whole stock with three prices lowered and one row
 * gone (three updated, one car off sale), and the buyer who saved one of those cars alerted once.
 *
 * Its file name sorts last on purpose: a half of the browser tests runs its files in
 * alphabetical order, and the 48 Teslas imported here would change the demo's counts that
 * search.e2e.ts and vehicle-search.e2e.ts check.
 */
const HEADER = 'VIN,Stock #,Make,Model,Year,Miles,Price,Condition,ZIP,Photos,Description';

/** The dealer's file: each row with a word of this run in its description, to search for. */
function stockCsv(rows: readonly StockRow[], word: string): string {
  const line = (r: StockRow) =>
    [r.vin, r.stock, r.make, r.model, r.year, r.mileage, r.price, r.condition, r.zip, r.photos]
      .concat(`Dealer serviced. ${word}`)
      .join(',');
  return [HEADER, ...rows.map(line)].join('\r\n');
}

/** Chooses the files and uploads them; the dry run's line once it is checked. */
async function uploadStock(page: Page, csv: string, zip: Buffer) {
  await page.goto('/dashboad/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import your stock' })).toBeVisible();
  await page
    .getByLabel('Stock file (CSV)')
    .setInputFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page
    .getByLabel('Photos (ZIP, optional)')
    .setInputFiles({ name: 'photos.zip', mimeType: 'application/zip', buffer: zip });
  await page.getByRole('button', { name: 'Upload and check' }).click();
}

/** Imports what the dry run found and waits for the result. */
async function applyImport(page: Page, cars: number) {
  await page.getByRole('button', { name: `Import ${cars} cars` }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({
    timeout: 120_000,
  });
}

/** The signed-in caller's price-drop notifications of `car`. */
async function priceDrops(page: Page, token: string, car: string): Promise<number> {
  const response = await page.request.get('/api/notifications', {
    headers: { authorization: `bearer ${token}` },
  });
  const { items } = (await response.json()) as { items: { kind: string; productId: string }[] };
  return items.filter((item) => item.kind === 'price_drop' && item.productId === car).length;
}

test('a verified dealer imports their stock, then imports it again as the whole stock', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const word = `stock${Date.now().toString(36)}`;
  const rows = stockRows(50, 'E');
  // Row 49 (line 50): a make not listed here; row 50 (line 51): a VIN whose check digit is wrong.
  rows[48]!.make = 'Porsche';
  const vin = rows[49]!.vin;
  rows[49]!.vin = `${vin.slice(0, 8)}${vin[8] === '1' ? '2' : '1'}${vin.slice(9)}`;

  // A new dealer, verified by the admin (a verified dealer imports up to 2,000 cars a day).
  const dealer = uniqueEmail('dealer');
  await register(page, { name: 'Hill Country Motors', email: dealer, role: 'Seller' });
  const dealerToken = await accessToken(page);
  const me = await page.request.get('/api/me', {
    headers: { authorization: `bearer ${dealerToken}` },
  });
  const dealerId = ((await me.json()) as { _id: string })._id;
  const admin = await newPage(browser);
  await signIn(admin, demo.admin);
  const verified = await admin.request.put(`/api/users/verify/${dealerId}`, {
    headers: { authorization: `bearer ${await accessToken(admin)}` },
  });
  expect(verified.status()).toBe(200);

  // The dry run: every row's result before anything is saved.
  const photos = await photosZip(50);
  await uploadStock(page, stockCsv(rows, word), photos);
  await expect(page.getByText('48 new · 0 updated · 0 unchanged · 2 refused')).toBeVisible({
    timeout: 120_000,
  });
  await page.getByLabel('Show').selectOption({ label: 'Refused' });
  const table = page.getByRole('table', { name: 'Every row' });
  await expect(table).toContainText("Refused · Make: 'Porsche' is not a make listed here");
  await expect(table).toContainText(/Refused · VIN: .*check digit/);
  await settled(page);
  await expectAccessible(page, 'the import checked');
  await applyImport(page, 48);
  await expect(page.getByText('48 created · 0 updated · 0 removed · 2 refused')).toBeVisible();

  // The cars are in search, with their photos.
  await page.goto(`/cars?q=${word}`);
  await expect(page.getByText('48 cars', { exact: true })).toBeVisible();
  const firstPhoto = page.getByRole('main').locator('img[src*="image-host"]').first();
  await expect(firstPhoto).toBeVisible();

  // A buyer saves the first car.
  const current = await page.request.get('/api/imports/current', {
    headers: { authorization: `bearer ${dealerToken}` },
  });
  const imported = (await current.json()) as { rows: { row: number; productId: string | null }[] };
  const saved = imported.rows.find((row) => row.row === 2)!.productId!;
  const buyer = await newPage(browser);
  await signIn(buyer, demo.buyer);
  const buyerToken = await accessToken(buyer);
  const save = await buyer.request.put(`/api/saved-cars/${saved}`, {
    headers: { authorization: `bearer ${buyerToken}` },
  });
  expect(save.status()).toBe(200);

  // Again as the whole stock: three prices lowered, the last good row gone.
  const again = rows.filter((_, i) => i !== 47);
  for (const row of again.slice(0, 3)) row.price = String(Number(row.price) - 3000);
  await uploadStock(page, stockCsv(again, word), photos);
  await expect(page.getByText('0 new · 3 updated · 44 unchanged · 2 refused')).toBeVisible({
    timeout: 120_000,
  });
  await page.getByRole('checkbox', { name: 'This file is my whole stock' }).check();
  await applyImport(page, 3);
  await expect(page.getByText('0 created · 3 updated · 1 removed · 2 refused')).toBeVisible();
  await page.goto(`/cars?q=${word}`);
  await expect(page.getByText('47 cars', { exact: true })).toBeVisible();

  // The buyer's saved car fell in price: one alert, however long we wait for more.
  await expect.poll(() => priceDrops(buyer, buyerToken, saved), { timeout: 30_000 }).toBe(1);
  await buyer.waitForTimeout(2_000);
  expect(await priceDrops(buyer, buyerToken, saved)).toBe(1);
});
