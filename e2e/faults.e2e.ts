import { expect, test, type Locator, type Page } from '@playwright/test';
import { demo, openBlogs, signIn, submitLogin } from './support';

/**
 * Waits for `shown`, the page's clock (installed before it loaded) jumping ahead while it does:
 * each automatic retry's wait (1, 2, then 4 s) passes at once instead of in real time.
 */
async function shownAfterRetries(page: Page, shown: Locator): Promise<void> {
  await expect(async () => {
    await page.clock.fastForward(4000);
    await expect(shown).toBeVisible({ timeout: 250 });
  }).toPass({ timeout: 15_000 });
}

/** The client under faults: every page shows a clear state with a way to retry, never a blank page. */
test.describe('the web app when things fail', () => {
  test('API answering 500: the home page stays up and offers Retry, which recovers', async ({
    page,
  }) => {
    let failing = true;
    await page.route('**/api/categories', (route) =>
      failing ? route.fulfill({ status: 500, json: { message: 'boom' } }) : route.fallback(),
    );
    await page.clock.install();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Need some new Wheels' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading the categories' })).toBeVisible();
    // Three automatic retries (1, 2, 4 s), then the failure is shown.
    await shownAfterRetries(
      page,
      page.getByText('We could not load the categories.', { exact: false }),
    );
    await expect(page.getByRole('heading', { name: 'Our Brands' })).toBeVisible();
    failing = false;
    await page.getByRole('button', { name: 'Retry' }).first().click();
    await expect(page.getByRole('link', { name: 'Buy Now: Tesla' })).toBeVisible();
  });

  test('API down (connection refused): lists say so, the rest of the page works', async ({
    page,
  }) => {
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.clock.install();
    await page.goto('/home');
    await shownAfterRetries(
      page,
      page.getByText('We could not load the categories.', { exact: false }),
    );
    await openBlogs(page);
  });

  test('a slow API shows the spinner in place, then the data', async ({ page }) => {
    // The categories' answer is held until the spinner has been seen.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/api/categories', async (route) => {
      await answered;
      await route.fallback();
    });
    await page.goto('/');
    await expect(page.getByRole('status', { name: 'Loading the categories' })).toBeVisible();
    answer();
    await expect(page.getByRole('link', { name: 'Buy Now: BMW' })).toBeVisible({ timeout: 10_000 });
  });

  test('a screen whose code cannot be loaded shows a message with Reload, not a blank page', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Need some new Wheels' })).toBeVisible();
    // The prerendered page has been taken over by the app (src/main.tsx marks <html data-ready>).
    await expect(page.locator('html[data-ready="true"]')).toBeAttached();
    // Every script not loaded yet (the Blogs screen's) now fails, as after a deployment.
    await page.route('**/assets/*.js', (route) => route.abort('failed'));
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Blogs' })
      .click();
    await expect(
      page.getByText('Something went wrong while showing this page. Reload to try again.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
  });

  test('the sign-in service down: the login form says so and stays usable', async ({ page }) => {
    await page.route('**/identitytoolkit.googleapis.com/**', (route) =>
      route.abort('connectionrefused'),
    );
    await submitLogin(page, demo.buyer);
    await expect(
      page.getByText(
        'The sign-in service could not be reached. Check your connection and try again.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
  });

  test('the sign-in code failing to download: the login form says so, and the next try signs in', async ({
    page,
  }) => {
    // Offline for a moment, or a deploy removed the old file: the Firebase bundle does not arrive.
    let failing = true;
    let requests = 0;
    await page.route(/\/assets\/firebase\.[^/]*\.js$/, (route) => {
      requests += 1;
      return failing ? route.abort('internetdisconnected') : route.fallback();
    });
    await submitLogin(page, demo.buyer);
    await expect(
      page.getByText(
        'The sign-in code could not be downloaded. Check your connection and try again.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();

    // Back online: the same form, sent again, downloads the code again and signs in.
    failing = false;
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    expect(requests).toBeGreaterThanOrEqual(2);
  });

  test('My orders with the API failing shows the failure and a Retry', async ({ page }) => {
    await signIn(page, demo.buyer);
    await page.route('**/api/orders**', (route) =>
      route.fulfill({ status: 503, json: { message: 'down' } }),
    );
    await page.clock.install();
    await page.goto('/dashboad/my-orders');
    await shownAfterRetries(page, page.getByRole('button', { name: 'Retry' }));
  });
});
