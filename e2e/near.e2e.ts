import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, settled } from './axe';
import { collectErrors, demo, newPage, postCar, signIn } from './support';

/**
 * Cars near a ZIP code on /cars, against the real server: the demo seller lists three cars in
 * Texas (downtown Austin 78701, Round Rock 78664, Dallas 75201) in a price range of their own, so
 * other tests' cars stay out; a buyer searches within 25 miles of 78701, nearest first, then
 * widens to 200 miles and the Dallas car joins.
 */
const tag = `Near ${Date.now().toString(36).slice(-5)}`;
const cars = [
  { name: `${tag} Austin`, zip: '78701', location: 'Austin, TX', resalePrice: '33310' },
  { name: `${tag} Round Rock`, zip: '78664', location: 'Round Rock, TX', resalePrice: '33320' },
  { name: `${tag} Dallas`, zip: '75201', location: 'Dallas, TX', resalePrice: '33330' },
];
const PRICES = 'minPrice=33300&maxPrice=33399';

const ours = (page: Page) =>
  page.getByRole('article').getByRole('heading', { level: 3 }).filter({ hasText: tag });
const zipField = (page: Page) => page.getByRole('textbox', { name: 'Near (ZIP code)' });

/** The miles each card on the page says ('23 mi away'), in the order shown. */
async function distances(page: Page): Promise<number[]> {
  const texts = await page
    .getByRole('article')
    .getByText(/ mi away$/)
    .allTextContents();
  return texts.map((text) => Number(text.replace(/ mi away$/, '').replace(/,/g, '')));
}

/** Opens a search and waits until the app owns its filters (React's keys on the ZIP field). */
async function openNear(page: Page, url: string) {
  await page.goto(url);
  await settled(page);
  await expect
    .poll(() =>
      zipField(page).evaluate((input) => Object.keys(input).some((k) => k.startsWith('__react'))),
    )
    .toBe(true);
}

test('a buyer finds the cars within 25 miles of 78701, nearest first, then within 200', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const seller = await newPage(browser);
  await signIn(seller, demo.seller);
  for (const car of cars) {
    await postCar(seller, car.name, { ...car, advertise: false });
  }
  await seller.context().close();

  const errors = collectErrors(page);
  await openNear(page, `/cars?${PRICES}`);
  await zipField(page).fill('78701');
  await zipField(page).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/cars\\?${PRICES}&zip=78701$`));
  await expect(page.getByText('Near Austin, TX')).toBeVisible();

  await page.getByRole('combobox', { name: 'Distance' }).selectOption('25');
  await expect(page).toHaveURL(/&zip=78701&radius=25$/);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Nearest first');
  await expect(page).toHaveURL(/&zip=78701&radius=25&sort=distance$/);

  await expect(ours(page)).toHaveText([`${tag} Austin`, `${tag} Round Rock`]);
  // Every car shown is within 25 miles and says how far, nearest first.
  const near = await distances(page);
  expect(near).toHaveLength(await page.getByRole('article').count());
  expect(near.every((miles) => miles <= 25)).toBe(true);
  expect(near).toEqual([...near].sort((a, b) => a - b));
  await expectAccessible(page, '/cars near 78701 within 25 miles');

  await page.getByRole('combobox', { name: 'Distance' }).selectOption('200');
  await expect(page).toHaveURL(/&zip=78701&radius=200&sort=distance$/);
  await expect(ours(page)).toHaveText([`${tag} Austin`, `${tag} Round Rock`, `${tag} Dallas`]);
  const wider = await distances(page);
  expect(wider.every((miles) => miles <= 200)).toBe(true);
  expect(wider).toEqual([...wider].sort((a, b) => a - b));

  // The address holds the whole search: opened afresh, it shows the same cars.
  await openNear(page, page.url());
  await expect(zipField(page)).toHaveValue('78701');
  await expect(ours(page)).toHaveText([`${tag} Austin`, `${tag} Round Rock`, `${tag} Dallas`]);
  expect(errors).toEqual([]);
});

test("a city's local page lists the cars near it in the server's HTML, and keeps them once the app runs", async ({
  page,
}) => {
  const heading = 'Used cars for sale in Austin, TX';
  const html = await (
    await page.request.get('/cars/in/austin-tx', { headers: { accept: 'text/html' } })
  ).text();
  expect(html).toContain(`<h1>${heading}</h1>`);
  const errors = collectErrors(page);
  await page.goto('/cars/in/austin-tx');
  await settled(page);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expectAccessible(page, 'the local page /cars/in/austin-tx');
  expect(errors).toEqual([]);
});
