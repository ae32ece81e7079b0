import { expect, test, type Page } from '@playwright/test';
import { demo, register, signIn, signOut, uniqueEmail } from './support';

const emulator = `http://${process.env.E2E_EMULATOR_HOST ?? '127.0.0.1:9199'}`;

/** The sign-in providers the emulator has on record for an email (admin lookup). */
async function providersOf(page: Page, email: string): Promise<string[]> {
  const response = await page.request.post(
    `${emulator}/identitytoolkit.googleapis.com/v1/projects/demo-cardealer/accounts:lookup`,
    { headers: { authorization: 'Bearer owner' }, data: { email: [email] } },
  );
  const body = (await response.json()) as {
    users?: { providerUserInfo?: { providerId: string }[] }[];
  };
  return (body.users?.[0]?.providerUserInfo ?? []).map((p) => p.providerId).sort();
}

/** Picks a test Google account in the demo's dialog and continues. */
async function chooseGoogleAccount(page: Page, name: string, email: string) {
  await page.getByRole('button', { name: 'continue with goole' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a test Google account' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Google email').fill(email);
  await dialog.getByRole('button', { name: 'Continue' }).click();
}

async function googleSignIn(page: Page, name: string, email: string) {
  await chooseGoogleAccount(page, name, email);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
}

async function roleShownOnDashboard(page: Page): Promise<string> {
  await page.goto('/dashboad');
  const role = page.locator('main strong').first();
  await expect(role).toBeVisible();
  return (await role.textContent()) ?? '';
}

test.describe('accounts and session', () => {
  test('a seller registers with a photo, signs out and signs in again', async ({ page }) => {
    const email = uniqueEmail('seller');
    await register(page, { name: 'Rita Rider', email, role: 'Seller' });
    await expect(page).toHaveURL(/\/$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByText('Rita Rider')).toBeVisible();
    await expect(nav.getByRole('img', { name: 'Rita Rider' })).toHaveAttribute(
      'src',
      /\/image-host\/i\/[0-9a-f]+\.png$/,
    );
    await expect(nav.getByRole('link', { name: 'Dashboad' })).toBeVisible();
    expect(await roleShownOnDashboard(page)).toBe('Seller');
    await expect(
      page
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('link', { name: 'Add products' }),
    ).toBeVisible();

    await signOut(page);
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

    await signIn(page, email);
    await expect(nav.getByText('Rita Rider')).toBeVisible();
  });

  test('a visitor with no session never loads the sign-in code until they use a sign-in form', async ({
    page,
  }) => {
    const firebase: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/firebase\.[0-9a-f]+\.js$/.test(request.url())) firebase.push(request.url());
    });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // The session has been read (no access token: signed out) when Login shows.
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    await nav.getByRole('link', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    expect(firebase).toEqual([]);
    // Filling the form in loads it, and signing in works as usual.
    await page.getByLabel('Email').fill(demo.buyer);
    await expect.poll(() => firebase.length).toBeGreaterThan(0);
    await page.getByLabel('Password').fill(demo.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  });

  test('a wrong password says Incorrect password', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(demo.buyer);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Incorrect password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown user is told to register', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByLabel('Password').fill('whatever1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('User not found please register')).toBeVisible();
  });

  test('a taken email says User already registered and resets the form', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Name').fill('Copy Cat');
    await page.getByLabel('Email').fill(demo.buyer);
    await page.getByLabel('Photo').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: (await import('./support')).pngImage(),
    });
    await page.getByLabel('Password').fill('secret99');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('User already registered')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('');
  });

  test('a protected route sends a visitor to login and back after it', async ({ page }) => {
    await page.goto('/dashboad/my-orders');
    await expect(page.getByText('Please login first to buy this product')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(demo.buyer);
    await page.getByLabel('Password').fill(demo.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboad\/my-orders$/);
  });

  test('Google sign-in registers a new user as a Buyer', async ({ page }) => {
    const email = uniqueEmail('google');
    await page.goto('/login');
    await googleSignIn(page, 'Gina Google', email);
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByText('Gina Google'),
    ).toBeVisible();
    expect(await providersOf(page, email)).toEqual(['google.com']);
    expect(await roleShownOnDashboard(page)).toBe('Buyer');
  });

  test('the test Google sign-in cannot take over a password Seller, whose password keeps working', async ({
    page,
  }) => {
    const email = uniqueEmail('seller-google');
    await register(page, { name: 'Sid Seller', email, role: 'Seller' });
    await signOut(page);
    await page.goto('/login');
    await chooseGoogleAccount(page, 'Sid Seller', email);
    await expect(
      page.getByText('This e-mail already has a password account: sign in with your password'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
    expect(await providersOf(page, email)).toEqual(['password']);
    await signIn(page, email);
    expect(await roleShownOnDashboard(page)).toBe('Seller');
  });

  test('a buyer is kept out of the admin pages', async ({ page }) => {
    await signIn(page, demo.buyer);
    await page.goto('/dashboad/all-buyers');
    await expect(
      page.getByText('This page is for admins only. You are signed in as a buyer.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'All Buyers' })).toHaveCount(0);
    const response = await page.request.get('/api/users/buyers', {
      headers: {
        authorization: `bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}`,
      },
    });
    expect(response.status()).toBe(403);
  });

  test('a signed-in user visiting /register goes home', async ({ page }) => {
    await signIn(page, demo.seller);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/$/);
  });

  test('logout clears the access token and the menus', async ({ page }) => {
    await signIn(page, demo.admin);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('accessToken')))
      .not.toBeNull();
    await page.goto('/dashboad');
    await expect(
      page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'All buyers' }),
    ).toBeVisible();
    await signOut(page);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await expect(page.getByRole('link', { name: 'Dashboad' })).toHaveCount(0);
  });
});
