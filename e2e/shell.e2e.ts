import { expect, test } from '@playwright/test';
import { collectErrors, openBlogs } from './support';

test.describe('the app shell', () => {
  test('the home page shows its title and static sections', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('car dealer home');
    await expect(page.getByRole('heading', { name: 'Need some new Wheels' })).toBeVisible();
    await expect(page.getByText('Buy & sell your car')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our Brands' })).toBeVisible();
    await expect(page.getByRole('img', { name: /logo$/ })).toHaveCount(5);
    const stats = page.getByRole('region', { name: 'Statistics' });
    for (const [label, value] of [
      ['Vehicles in stock', '531'],
      ['Dealer reviews', '789'],
      ['Happy customers', '856'],
      ['Awards', '356'],
    ]) {
      await expect(stats.getByText(label)).toBeVisible();
      await expect(stats.getByText(value, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Feature Cars' })).toBeVisible();
    await expect(page.getByRole('figure')).toHaveCount(3);
    await expect(page.getByRole('img', { name: 'Cars parked at a CarDealer lot' })).toBeAttached();
    await expect(page.getByRole('contentinfo')).toContainText('Services');
    await expect(page.getByRole('contentinfo')).toContainText('Company');
    await expect(page.getByRole('contentinfo')).toContainText('Legal');
  });

  test('the category grid lists the four brands from the API, each with Buy Now', async ({
    page,
  }) => {
    await page.goto('/home');
    const grid = page.locator('#categories');
    for (const name of ['Tesla', 'Ferrari', 'BMW', 'Lamborghini']) {
      await expect(grid.getByRole('heading', { name })).toBeVisible();
      await expect(grid.getByRole('link', { name: `Buy Now: ${name}` })).toHaveAttribute(
        'href',
        `/category-products/${name}`,
      );
    }
  });

  test('navigation goes to Blogs and back home', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Blogs' }).click();
    await expect(page).toHaveURL(/\/blogs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(4);
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page).toHaveTitle('car dealer home');
  });

  test('an unknown path shows the not-found page with a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Opps.. page not found' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'A car stopped at a road sign' })).toBeVisible();
    await page.getByRole('link', { name: 'return to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Need some new Wheels' })).toBeVisible();
  });

  test('the phone layout opens the menu from a button', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Blogs' }).click();
    await expect(page).toHaveURL(/\/blogs$/);
  });

  test('a button tapped before the app has started is pressed once it has', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/main\.[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('link', { name: 'Blogs' })).toBeHidden();
    release();
    await page.getByRole('link', { name: 'Blogs' }).click();
    await expect(page).toHaveURL(/\/blogs$/);
  });

  test('the public pages arrive prerendered: they paint with JavaScript turned off', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [path, heading, status] of [
      ['/', 'Need some new Wheels', 200],
      ['/blogs', 'Blogs', 200],
      ['/login', 'Login', 200],
      ['/register', 'Register', 200],
      ['/no/such/page', 'Opps.. page not found', 404],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(status);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toContainText('Blogs');
    }
    // Until the code has loaded, the login form cannot be sent.
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();
    await context.close();
  });

  test('a prerendered page hydrates without errors and then works as an app', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    // The categories arrive from the API after hydration, where the spinner was.
    await expect(page.locator('#categories').getByRole('heading', { name: 'Tesla' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
    // A link now navigates inside the app, without loading a new document.
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    await openBlogs(page);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    expect(errors).toEqual([]);
  });

  test('a visitor who scrolls down while the page loads stays there, and a link they tap works', async ({
    page,
  }) => {
    // The app's code is held until the visitor has scrolled to the prerendered page's footer.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/main.*.js', async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto('/blogs');
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    release();
    await expect(page.locator('html[data-ready="true"]')).toBeAttached();
    // The app took the page over where the visitor was: not back at its top.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await footer.getByRole('link', { name: 'Trade-in valuation' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'What’s my car worth?' }),
    ).toBeVisible();
  });

  test('asked for less motion, the page ends its transitions at once', async ({ browser }) => {
    const longest = async (motion: 'reduce' | 'no-preference') => {
      const context = await browser.newContext({ reducedMotion: motion });
      const page = await context.newPage();
      await page.goto('/login');
      const button = page.getByRole('button', { name: 'Login', exact: true });
      const durations = await button.evaluate((element) =>
        getComputedStyle(element)
          .transitionDuration.split(',')
          .map((d) => parseFloat(d)),
      );
      await context.close();
      return Math.max(...durations);
    };
    expect(await longest('no-preference')).toBeGreaterThanOrEqual(0.1);
    expect(await longest('reduce')).toBeLessThan(0.001);
  });

  test('GET /api/health answers ok', async ({ request }) => {
    const response = await request.get('/api/health');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});
