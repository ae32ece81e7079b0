import { expect, test, type Page } from '@playwright/test';
import { demo, pngImage, uniqueEmail } from './support';

const photo = () => ({ name: 'me.png', mimeType: 'image/png', buffer: pngImage(24, 24) });

async function fillRegisterForm(page: Page, name: string, email: string, role: 'Buyer' | 'Seller') {
  await page.goto('/register');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Photo').setInputFiles(photo());
  await page.getByLabel('Role').selectOption(role);
  await page.getByLabel('Password').fill(demo.password);
}

/** My orders with the buyer's side menu, and the buyer's name and photo in the bar. */
async function expectBuyerOnMyOrders(page: Page, name: string) {
  await expect(page).toHaveURL(/\/dashboad\/my-orders$/);
  await expect(
    page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My orders' }),
  ).toBeVisible();
  await expect(page.getByText('No order found')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText(name)).toBeVisible();
  await expect(nav.getByRole('img', { name })).toHaveAttribute(
    'src',
    /\/image-host\/i\/[0-9a-f]+\.png$/,
  );
}

test.describe('registration is whole, or finished later', () => {
  test('on a slow network the new user shows as signed in only once everything is saved', async ({
    page,
  }) => {
    // Every request that writes (sign-up, upload, profile, PUT /users) takes 2 s more; the
    // sign-in service's reads of the account (accounts:lookup, sent as POSTs) do not.
    await page.route('**/*', async (route) => {
      const request = route.request();
      if (request.method() !== 'GET' && !request.url().includes('/accounts:lookup')) {
        await new Promise((r) => setTimeout(r, 2000));
      }
      await route.continue();
    });
    const name = 'Sol Slow';
    await fillRegisterForm(page, name, uniqueEmail('slow-buyer'), 'Buyer');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    const nav = page.getByRole('navigation', { name: 'Main' });
    // The user leaves as soon as the bar says they are signed in.
    await expect(nav.getByRole('link', { name: 'Dashboad' })).toBeVisible({ timeout: 20_000 });
    await page.goto('/dashboad/my-orders');
    await expectBuyerOnMyOrders(page, name);
    await page.reload();
    await expectBuyerOnMyOrders(page, name);
  });

  test('a registration whose page closed as the upload started is finished at the next sign-in', async ({
    browser,
  }) => {
    const email = uniqueEmail('cut-short');
    const first = await browser.newContext();
    const page = await first.newPage();
    const closed = new Promise<void>((resolve) => page.once('close', () => resolve()));
    await page.route('**/image-host/1/upload**', async () => {
      await page.close();
    });
    await fillRegisterForm(page, 'Cora Cut', email, 'Buyer');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await closed;
    await first.close();

    // Another day, another browser: the sign-in account exists, its user record does not.
    const second = await browser.newContext();
    const again = await second.newPage();
    await again.goto('/login');
    await again.getByLabel('Email').fill(email);
    await again.getByLabel('Password').fill(demo.password);
    await again.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(again.getByRole('heading', { name: 'Finish your registration' })).toBeVisible();
    await expect(again).toHaveURL(/\/finish-registration$/);
    await expect(again.getByText(email)).toBeVisible();
    await again.getByLabel('Name').fill('Cora Cut');
    await again.getByLabel('Photo').setInputFiles(photo());
    await again.getByLabel('Role').selectOption('Buyer');
    await again.getByRole('button', { name: 'Finish registration' }).click();
    await expect(again.getByText('Register successfull')).toBeVisible();
    await again.goto('/dashboad/my-orders');
    await expectBuyerOnMyOrders(again, 'Cora Cut');
    await again.reload();
    await expectBuyerOnMyOrders(again, 'Cora Cut');
    await second.close();
  });
});
