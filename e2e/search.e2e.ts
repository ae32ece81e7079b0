import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { collectErrors } from './support';

/**
 * Search for buyers on /cars against the real server and its demo cars. Tesla has 21 cars in the
 * demo (seed.ts's three and its market's 18, seed-market.ts) and Lamborghini three, which no
 * browser test before this one adds to or sells.
 */

const count = (page: Page) => page.getByRole('main').getByRole('status').first();
const carNames = (page: Page) => page.getByRole('article').getByRole('heading', { level: 3 });
const filters = (page: Page) => page.getByRole('search', { name: 'Filter cars' });

/** Whether React has taken the filters' form over (it sets its own keys on the nodes it owns). */
const formHydrated = (page: Page) =>
  filters(page).evaluate((form) => Object.keys(form).some((key) => key.startsWith('__reactFiber')));

/**
 * Opens a search and waits until the app has taken the server's page over, the filters too (their
 * code loads after the page's: a box ticked before then is applied once it has, but the steps
 * below expect each tick's answer in turn).
 */
async function openSearch(page: Page, url = '/cars') {
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
  await expect.poll(() => formHydrated(page)).toBe(true);
}

/**
 * How far the page's layout has shifted (its layout-shift entries summed, those right after an
 * input left out when `skipInput`), read after 200 ms.
 */
function layoutShift(page: Page, skipInput: boolean): Promise<number> {
  return page.evaluate(
    (skip) =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value?: number;
            hadRecentInput?: boolean;
          })[])
            if (!skip || !entry.hadRecentInput) total += entry.value ?? 0;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 200);
      }),
    skipInput,
  );
}

test.describe('search for buyers (/cars)', () => {
  test('filters narrow the cars, with the counts the server gives, and each car links to its page', async ({
    page,
  }) => {
    await openSearch(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Find the right car' })).toBeVisible();
    await expect(count(page)).toHaveText(/^\d+ cars$/);

    await filters(page).getByRole('checkbox', { name: 'Tesla (21)' }).check();
    await expect(page).toHaveURL(/\/cars\?category=Tesla$/);
    await expect(count(page)).toHaveText('21 cars');
    await expect(carNames(page)).toHaveCount(21);
    // The other counts follow the search: Tesla's conditions.
    await expect(filters(page).getByRole('checkbox', { name: 'Excellent (11)' })).toBeVisible();
    await expect(filters(page).getByRole('checkbox', { name: 'Fair (2)' })).toBeVisible();

    await filters(page).getByRole('checkbox', { name: 'Verified sellers only' }).check();
    await expect(page).toHaveURL(/\/cars\?category=Tesla&verified=true$/);
    await expect(count(page)).toHaveText('10 cars');
    const card = page.getByRole('article', { name: 'Tesla Model S Plaid', exact: true });
    await expect(card.getByRole('img', { name: 'Verified seller' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Tesla Model S Plaid' })).toHaveAttribute(
      'href',
      /^\/cars\/[A-Za-z0-9_-]+$/,
    );

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Price high to low');
    await expect(page).toHaveURL(/\/cars\?category=Tesla&verified=true&sort=price_desc$/);
    await expect(count(page)).toHaveText('10 cars');
  });

  test('a search URL opened in a new page shows the same cars and filters', async ({
    page,
    context,
  }) => {
    await openSearch(page);
    await filters(page)
      .getByRole('checkbox', { name: /^Lamborghini/ })
      .check();
    await filters(page).getByRole('textbox', { name: 'Min price' }).fill('200000');
    await filters(page).getByRole('textbox', { name: 'Min price' }).press('Enter');
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Price low to high');
    await expect(page).toHaveURL(/category=Lamborghini&minPrice=200000&sort=price_asc$/);
    await expect(count(page)).toHaveText('2 cars');
    const names = await carNames(page).allTextContents();
    expect(names).toEqual(['Lamborghini Huracan EVO', 'Lamborghini Aventador S']);

    const shared = await context.newPage();
    await shared.goto(page.url());
    await expect(count(shared)).toHaveText('2 cars');
    await expect(carNames(shared)).toHaveText(names);
    await expect(filters(shared).getByRole('checkbox', { name: /^Lamborghini/ })).toBeChecked();
    await expect(filters(shared).getByRole('textbox', { name: 'Min price' })).toHaveValue('200000');
    await expect(shared.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');
  });

  test('Back and Forward restore the filters and the results', async ({ page }) => {
    await openSearch(page);
    await expect(count(page)).toHaveText(/^\d+ cars$/);
    const everything = await count(page).textContent();
    await filters(page)
      .getByRole('checkbox', { name: /^Tesla/ })
      .check();
    await expect(count(page)).toHaveText('21 cars');
    await filters(page).getByRole('textbox', { name: 'Min price' }).fill('70000');
    await filters(page).getByRole('textbox', { name: 'Min price' }).press('Enter');
    await expect(count(page)).toHaveText('2 cars');
    expect((await carNames(page).allTextContents()).sort()).toEqual([
      '2024 Tesla Model S Plaid',
      'Tesla Model S Plaid',
    ]);

    await page.goBack();
    await expect(page).toHaveURL(/\/cars\?category=Tesla$/);
    await expect(count(page)).toHaveText('21 cars');
    await expect(filters(page).getByRole('textbox', { name: 'Min price' })).toHaveValue('');
    await expect(filters(page).getByRole('checkbox', { name: /^Tesla/ })).toBeChecked();

    await page.goBack();
    await expect(page).toHaveURL(/\/cars$/);
    await expect(count(page)).toHaveText(everything ?? '');
    await expect(filters(page).getByRole('checkbox', { name: /^Tesla/ })).not.toBeChecked();

    await page.goForward();
    await page.goForward();
    await expect(page).toHaveURL(/\/cars\?category=Tesla&minPrice=70000$/);
    await expect(count(page)).toHaveText('2 cars');
    await expect(filters(page).getByRole('textbox', { name: 'Min price' })).toHaveValue('70000');
  });

  test('the server sends the cars in the HTML; the app takes the page over without searching again', async ({
    page,
  }) => {
    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/products')) searches.push(`${url.pathname}${url.search}`);
    });
    const errors = collectErrors(page);

    const response = await page.goto('/cars?category=Tesla&minPrice=60000&sort=price_desc');
    // The HTML as it arrived: the cars, their prices and links, the count, before any script.
    const html = (await response!.text()).replaceAll('<!-- -->', '');
    expect(html).toMatch(/role="status"[^>]*>4 cars</);
    const names = [
      '2024 Tesla Model S Plaid',
      'Tesla Model S Plaid',
      '2023 Tesla Model X Dual Motor',
      '2022 Tesla Model S Plaid',
    ];
    for (const name of names) {
      expect(html).toMatch(new RegExp(`<a [^>]*href="/cars/[\\w-]+"[^>]*>${name}</a>`));
    }
    for (const price of ['$83,400', '$74,900', '$63,800', '$60,300']) expect(html).toContain(price);

    // The app hydrates what is there: no search asked again, no mismatch, nothing moved.
    await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
    await expect(count(page)).toHaveText('4 cars');
    await expect(carNames(page)).toHaveText(names);
    const shifted = await layoutShift(page, false);
    expect(shifted).toBeLessThan(0.01);
    expect(searches).toEqual([]);
    expect(errors).toEqual([]);
    await expectAccessible(page, '/cars rendered by the server, hydrated');

    // Filtering works as before, from the API.
    await filters(page).getByRole('checkbox', { name: 'Verified sellers only' }).check();
    await expect(page).toHaveURL(
      /\/cars\?category=Tesla&minPrice=60000&verified=true&sort=price_desc$/,
    );
    await expect(count(page)).toHaveText('2 cars');
    await expect(carNames(page)).toHaveText(['2024 Tesla Model S Plaid', 'Tesla Model S Plaid']);
    expect(searches.some((search) => search.includes('verified=true'))).toBe(true);
    expect(errors).toEqual([]);
  });

  test("the filters are the server's form until their code is here: a box ticked meanwhile applies then, nothing moves", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    // The filters' script (the only one with their form's name) waits until released.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    await page.route('**/assets/*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('"Filter cars"')) {
        held = true;
        await released;
      }
      await route.fulfill({ response, body });
    });

    await page.goto('/cars?category=Tesla');
    await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
    await expect.poll(() => held).toBe(true);
    expect(await formHydrated(page)).toBe(false);
    await filters(page).evaluate((form) => {
      (window as Window & { serverForm?: Element }).serverForm = form;
    });
    const box = filters(page).getByRole('checkbox', { name: 'Verified sellers only' });
    await box.check();
    await expect(box).toBeChecked();
    await expect(page).toHaveURL(/\/cars\?category=Tesla$/);
    // Nothing moved while the filters waited for their code (the tick aside).
    const shifted = await layoutShift(page, true);
    expect(shifted).toBeLessThan(0.01);

    release();
    await expect(page).toHaveURL(/\/cars\?category=Tesla&verified=true$/);
    await expect(count(page)).toHaveText('10 cars');
    await expect(box).toBeChecked();
    // The server's form itself, taken over (not drawn again).
    expect(await formHydrated(page)).toBe(true);
    expect(
      await filters(page).evaluate(
        (form) => (window as Window & { serverForm?: Element }).serverForm === form,
      ),
    ).toBe(true);
    expect(errors).toEqual([]);
  });

  test('the top bar search from the home page lands on /cars?q=…', async ({ page }) => {
    await page.goto('/');
    const field = page.getByRole('searchbox', { name: 'Search cars' });
    await field.fill('Lamborghini');
    await field.press('Enter');
    await expect(page).toHaveURL(/\/cars\?q=Lamborghini$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Cars matching “Lamborghini”' }),
    ).toBeVisible();
    await expect(count(page)).toHaveText('3 cars');
    await expect(page.getByRole('searchbox', { name: 'Search cars' })).toHaveValue('Lamborghini');
  });

  test('the top bar search works without JavaScript (a plain GET form)', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search cars' }).fill('red tesla');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/cars\?q=red\+tesla$/);
    await context.close();
  });
});

test.describe('search for buyers on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the filters open in a panel over the page, and close on their button or Escape', async ({
    page,
  }) => {
    await page.goto('/cars');
    await expect(count(page)).toHaveText(/^\d+ cars$/);
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await expect(panel).toBeHidden();
    await page.getByRole('button', { name: 'Filters' }).click();
    await expect(panel).toBeVisible();

    await panel.getByRole('checkbox', { name: /^Tesla/ }).check();
    await expect(page).toHaveURL(/\/cars\?category=Tesla$/);
    await panel.getByRole('button', { name: 'Show 21 cars' }).click();
    await expect(panel).toBeHidden();
    await expect(count(page)).toHaveText('21 cars');
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeFocused();

    await page.getByRole('button', { name: 'Filters (1)' }).click();
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  });
});
