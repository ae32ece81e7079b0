import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, settled } from './axe';
import {
  accessToken,
  book,
  demo,
  holdWrites,
  newPage,
  postCar,
  register,
  signIn,
  uniqueEmail,
} from './support';

/**
 * Leaving, in browsers: a seller signed in in two browsers signs out everywhere in one and the
 * other's session ends; signed in again in both, changes the password in one (on a slow network)
 * and the other's session ends while this one stays; downloads their data and finds their car
 * and their messages in the file; deletes the account (refused while a booking is open), and the
 * demo buyer's booking shows 'Deleted user'. axe checks the page in every state it is seen in.
 */

const PASSWORD = 'leaving-1';
const NEW_PASSWORD = 'leaving-2';

async function openAccount(page: Page): Promise<void> {
  await page.goto('/dashboad/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
}

/**
 * The page's session has ended: the API refuses the access token it held (`token`), and its next
 * action lands on the login page.
 */
async function expectSessionEnded(page: Page, token: string): Promise<void> {
  const refused = await page.request.get('/api/me', {
    headers: { authorization: `bearer ${token}` },
  });
  expect(refused.status()).toBe(401);
  await page.goto('/dashboad/account');
  await expect(page).toHaveURL(/\/login/, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
}

test('a seller signs out everywhere, changes the password, takes their data and leaves', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('leaving-seller');
  const carName = `BMW L${Date.now().toString(36).slice(-5)}`;
  const here = await newPage(browser);
  await register(here, { name: 'Lee Leaving', email, role: 'Seller', password: PASSWORD });
  await postCar(here, carName);

  // The demo buyer books the car; the seller accepts and both write.
  const buyer = await newPage(browser);
  await signIn(buyer, demo.buyer);
  await book(buyer, carName);
  await here.goto('/dashboad/bookings');
  const card = here.locator('.MuiCard-root').filter({ hasText: carName });
  await card.getByRole('button', { name: /^Accept:/ }).click();
  await expect(here.getByText('Booking accepted')).toBeVisible();
  await card.getByRole('link', { name: /^Open the booking/ }).click();
  await expect(here.getByRole('heading', { name: 'Conversation' })).toBeVisible();
  const orderPath = new URL(here.url()).pathname;
  await buyer.goto(orderPath);
  await buyer.getByLabel('Write a message').fill('Can I see it on Friday?');
  await buyer.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(here.getByText('Can I see it on Friday?')).toBeVisible();
  await here.getByLabel('Write a message').fill('Friday at noon works');
  await here.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(buyer.getByText('Friday at noon works')).toBeVisible();

  // Signed in in a second browser too; 'Sign out everywhere' in the first ends both.
  const there = await newPage(browser);
  await signIn(there, email, PASSWORD);
  await openAccount(there);
  const thereToken = await accessToken(there);
  await openAccount(here);
  await settled(here);
  await expectAccessible(here, 'Account settings');
  await here.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(here).toHaveURL(/\/login$/);
  await expect(here.getByText('You are signed out everywhere: sign in again')).toBeVisible();
  await expectSessionEnded(there, thereToken);

  // Both sign in again; a password change in the first, on a slow network (its writes held
  // until the page has shown that it waits), ends the second's session and keeps the first
  // signed in.
  await signIn(here, email, PASSWORD);
  await signIn(there, email, PASSWORD);
  await openAccount(there);
  const thereAgainToken = await accessToken(there);
  await openAccount(here);
  const release = await holdWrites(here);
  const password = here.getByRole('region', { name: 'Password' });
  await password.getByLabel('Current password').fill(PASSWORD);
  await password.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await password.getByLabel('New password again').fill(NEW_PASSWORD);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('button', { name: 'Changing…' })).toBeDisabled();
  release();
  await expect(here.getByText('Your password is changed')).toBeVisible({ timeout: 20_000 });
  await here.unroute('**/*');
  await expectSessionEnded(there, thereAgainToken);
  await here.reload();
  await expect(here.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await expect(here).toHaveURL(/\/dashboad\/account$/);

  // The data: the car and the messages, in the file the browser saves.
  const downloading = here.waitForEvent('download');
  await here.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('cardealer-data.json');
  const data = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as {
    account: { email: string };
    cars: { carName: string }[];
    bookings: unknown[];
  };
  expect(data.account.email).toBe(email);
  expect(data.cars.map((car) => car.carName)).toContain(carName);
  const bookings = JSON.stringify(data.bookings);
  expect(bookings).toContain('Can I see it on Friday?');
  expect(bookings).toContain('Friday at noon works');

  // Delete: refused while the booking is open, naming it; then sold, and deleted.
  await here.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = here.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await settled(here);
  await expectAccessible(here, 'Account settings, the delete dialog open');
  const refused = dialog.getByText('Cancel or finish these first');
  await deleteInDialog(here, refused);
  await expect(refused).toBeVisible();
  await expect(dialog.getByRole('link', { name: carName })).toBeVisible();
  await settled(here);
  await expectAccessible(here, 'the delete dialog naming an open booking');
  await here.goto(orderPath);
  await here.getByRole('button', { name: /^Mark as sold:/ }).click();
  await expect(here.getByText('Marked as sold')).toBeVisible();
  await openAccount(here);
  await here.getByRole('button', { name: 'Delete my account' }).click();
  const goodbye = here.getByText('Your account is deleted. Goodbye, and thank you.');
  await deleteInDialog(here, goodbye);
  // The goodbye is said (the toast is on the page; on a busy machine its slide-in has been seen
  // to outlast the toast itself), and the person is signed out.
  await expect(goodbye).toBeAttached({ timeout: 20_000 });
  await expect(here.getByRole('link', { name: 'Login' }).first()).toBeVisible();

  // The buyer keeps the booking, from 'Deleted user'.
  await buyer.goto(orderPath);
  await expect(buyer.getByText('Deleted user', { exact: true })).toBeVisible();
  await expect(buyer.getByText(carName).first()).toBeVisible();
});

/**
 * Types the words and presses Delete, signing in again when the dialog asks for it: whichever
 * comes first, the request to sign in again or `outcome` (what the delete answers without it).
 */
async function deleteInDialog(page: Page, outcome: Locator): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel(/^Type 'delete my account'/).fill('delete my account');
  await dialog.getByRole('button', { name: /^Delete/ }).click();
  const again = dialog.getByLabel('Your password');
  await again.or(outcome).first().waitFor({ state: 'attached', timeout: 20_000 });
  if ((await again.count()) === 0) return;
  await again.fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in again and delete' }).click();
}
